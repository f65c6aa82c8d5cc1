import BurgeeCore
import NIOCore

/// The served definitions and the open streams, behind one lock.
///
/// A new stream's `put` and every change's events are queued under the same lock that swaps the
/// definitions, so a subscriber sees the document as it was when it connected and then exactly
/// the changes after it: none lost, none twice.
final class DefinitionsStore: Sendable {
    private struct State {
        var served: ServedDefinitions
        var subscribers: [Int: AsyncStream<StreamMessage>.Continuation] = [:]
        var nextID = 0
        var acceptsStreams = true
    }

    private let state: Locked<State>
    /// The served definitions compiled, for the endpoints that evaluate.
    let compiled: CompiledDefinitions

    init(_ served: ServedDefinitions) {
        state = Locked(State(served: served))
        compiled = CompiledDefinitions(served, format: served.servedFormat.format)
    }

    var served: ServedDefinitions {
        state.withLock { $0.served }
    }

    var openStreams: Int {
        state.withLock { $0.subscribers.count }
    }

    /// Applies a new document, queues the resulting events on every open stream, then compiles
    /// the new definitions (outside the lock: streams and requests do not wait for it).
    func apply(_ parsed: ParsedDefinitions) -> [DefinitionsChange] {
        let (changes, served) = state.withLock { s in
            let previous = s.served
            let changes = s.served.apply(parsed)
            if !s.subscribers.isEmpty {
                let events = s.served.servedFormat.streamEvents(for: changes, from: previous, to: s.served)
                for event in events {
                    for continuation in s.subscribers.values { continuation.yield(.event(event)) }
                }
            }
            return (changes, s.served)
        }
        compiled.update(served)
        return changes
    }

    /// A new stream, its `put` (or `opening`, when given) already queued; `nil` while the server is stopping.
    func subscribe(retry: Duration?, opening: [ByteBuffer]? = nil) -> StreamSubscription? {
        let (messages, continuation) = AsyncStream<StreamMessage>.makeStream()
        return state.withLock { s in
            guard s.acceptsStreams else { return nil }
            let id = s.nextID
            s.nextID += 1
            s.subscribers[id] = continuation
            for event in opening ?? [s.served.servedFormat.openingEvent(s.served, retry: retry)] {
                continuation.yield(.event(event))
            }
            return StreamSubscription(id: id, messages: messages, continuation: continuation)
        }
    }

    /// Ends a stream's queue; what is queued is still delivered.
    func unsubscribe(_ id: Int) {
        // Finished outside the lock: finishing may run the stream's termination handlers.
        state.withLock { $0.subscribers.removeValue(forKey: id) }?.finish()
    }

    /// Queues a block on every open stream.
    func broadcast(_ event: ByteBuffer) {
        state.withLock { s in
            for continuation in s.subscribers.values { continuation.yield(.event(event)) }
        }
    }

    /// Ends every open stream and refuses new ones, so that shutdown need not wait for clients.
    func closeStreams() {
        let ended = state.withLock { s in
            s.acceptsStreams = false
            defer { s.subscribers.removeAll() }
            return Array(s.subscribers.values)
        }
        for continuation in ended { continuation.finish() }
    }

    /// Accepts streams again, when the server runs again.
    func openForStreams() {
        state.withLock { $0.acceptsStreams = true }
    }
}
