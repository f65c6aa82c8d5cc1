import Synchronization

/// The event bodies posted to the server, kept in memory (decoded), with the sizes received.
final class EventsInbox: Sendable {
    private struct State {
        var received: [ReceivedEvents] = []
        var bytes = 0
    }

    private let state = Mutex(State())

    func store(_ events: ReceivedEvents) {
        state.withLock { s in
            s.received.append(events)
            s.bytes += events.receivedBytes
        }
    }

    var received: [ReceivedEvents] {
        state.withLock { $0.received }
    }

    var stats: EventStats {
        state.withLock { EventStats(requests: $0.received.count, bytes: $0.bytes) }
    }
}
