import BurgeeCore

/// The most recent event bodies posted to the server (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), kept in memory
/// decoded, and exact totals of every body stored and its size as received.
final class EventsInbox: Sendable {
    private struct State: Sendable {
        var received: RecentEntries<ReceivedEvents>
        var bytes = 0
    }

    private let state: Locked<State>

    /// An inbox keeping at most `capacity` bodies.
    init(capacity: Int) {
        state = Locked(State(received: RecentEntries(capacity: capacity)))
    }

    func store(_ events: ReceivedEvents) {
        state.withLock { s in
            s.received.append(events)
            s.bytes += events.receivedBytes
        }
    }

    /// The bodies kept, oldest first.
    var received: [ReceivedEvents] {
        state.withLock { $0.received.elements }
    }

    /// Totals of every body stored, dropped ones included.
    var stats: EventStats {
        state.withLock { EventStats(requests: $0.received.total, bytes: $0.bytes) }
    }
}
