import Synchronization

/// Fans events out to any number of `AsyncStream` subscribers; finished streams leave on their own.
final class EventBroadcaster<Event: Sendable>: Sendable {
    private struct State {
        var subscribers: [Int: AsyncStream<Event>.Continuation] = [:]
        var nextID = 0
        var finished = false
    }

    private let state = Mutex(State())
    private let bufferSize: Int

    /// Each subscriber keeps at most `bufferSize` undelivered events, dropping the oldest.
    init(bufferSize: Int) {
        self.bufferSize = bufferSize
    }

    /// A stream of the events from now on; finished at once when the broadcaster is.
    func subscribe() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream(bufferingPolicy: .bufferingNewest(bufferSize))
        let id: Int? = state.withLock { s in
            guard !s.finished else { return nil }
            defer { s.nextID += 1 }
            s.subscribers[s.nextID] = continuation
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
            for continuation in s.subscribers.values { continuation.yield(event) }
        }
    }

    /// Ends every stream; later subscriptions end at once.
    func finish() {
        let subscribers = state.withLock { s in
            s.finished = true
            defer { s.subscribers = [:] }
            return Array(s.subscribers.values)
        }
        for continuation in subscribers { continuation.finish() }
    }
}
