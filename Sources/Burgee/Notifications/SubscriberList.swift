import BurgeeCore

/// `AsyncStream` subscribers, each with a tag (what it subscribed to); streams that end leave on
/// their own. Behind the client's event streams and its flag value observers.
final class SubscriberList<Event: Sendable, Tag: Sendable>: Sendable {
    struct Subscriber {
        let tag: Tag
        let continuation: AsyncStream<Event>.Continuation
    }

    private struct State {
        var subscribers: [Int: Subscriber] = [:]
        var nextID = 0
        var finished = false
    }

    private let state = Locked(State())
    private let bufferSize: Int

    /// Each subscriber keeps at most `bufferSize` undelivered events, dropping the oldest.
    init(bufferSize: Int) {
        self.bufferSize = bufferSize
    }

    /// A stream of the events from now on; finished at once when the list is.
    func subscribe(_ tag: Tag) -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        let id: Int? = state.withLock { s in
            guard !s.finished else { return nil }
            defer { s.nextID += 1 }
            s.subscribers[s.nextID] = Subscriber(tag: tag, continuation: continuation)
            return s.nextID
        }
        guard let id else {
            continuation.finish()
            return stream
        }
        continuation.onTermination = { [weak self] _ in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
        return stream
    }

    /// Delivers `event` to every subscriber. Under the lock, so that every subscriber sees events
    /// in one order (yielding never blocks).
    func yield(_ event: Event) {
        state.withLock { s in
            for subscriber in s.subscribers.values { subscriber.continuation.yield(event) }
        }
    }

    /// The current subscribers whose tag satisfies `predicate`.
    func subscribers(where predicate: (Tag) -> Bool) -> [Subscriber] {
        state.withLock { s in s.subscribers.values.filter { predicate($0.tag) } }
    }

    /// Ends every stream; later subscriptions end at once.
    func finish() {
        let subscribers = state.withLock { s in
            s.finished = true
            defer { s.subscribers = [:] }
            return Array(s.subscribers.values)
        }
        for subscriber in subscribers { subscriber.continuation.finish() }
    }
}

/// Subscribers to every event.
typealias EventBroadcaster<Event: Sendable> = SubscriberList<Event, Void>

extension SubscriberList where Tag == Void {
    /// A stream of every event from now on.
    func subscribe() -> AsyncStream<Event> { subscribe(()) }
}
