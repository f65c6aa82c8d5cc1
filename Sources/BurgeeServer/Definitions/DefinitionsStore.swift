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
        /// Streams evaluated for their own connection's context, which the format's change
        /// events do not reach: they get each new snapshot instead, once compiled.
        var evaluated: [Int: EvaluatedStream] = [:]
        var nextID = 0
        var acceptsStreams = true
        /// Told after every update, newest only (``DefinitionsServer/definitionsUpdates()``).
        var updateWatchers: [AsyncStream<Void>.Continuation] = []
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
        state.withLock { $0.subscribers.count + $0.evaluated.count }
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
            for watcher in s.updateWatchers { watcher.yield() }
            return (changes, s.served)
        }
        compiled.update(served)
        // Each stream keeps only snapshots newer than its last: an unchanged document sends nothing.
        let latest = compiled.latest
        for stream in state.withLock({ Array($0.evaluated.values) }) { stream.deliver(latest) }
        return changes
    }

    /// A stream told after every update of the definitions; a burst of updates comes as one.
    func updates() -> AsyncStream<Void> {
        let (stream, continuation) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        state.withLock { $0.updateWatchers.append(continuation) }
        return stream
    }

    /// A new stream evaluated for its connection: `render` makes its block for each snapshot,
    /// the current one first; `nil` while the server is stopping.
    func subscribe(retry: Duration?, evaluating render: @escaping EvaluatedStream.Render) -> StreamSubscription? {
        let (messages, continuation) = AsyncStream<StreamMessage>.makeStream()
        let stream = EvaluatedStream(continuation: continuation, render: render)
        let id: Int? = state.withLock { s in
            guard s.acceptsStreams else { return nil }
            let id = s.nextID
            s.nextID += 1
            s.evaluated[id] = stream
            return id
        }
        guard let id else { return nil }
        // Registered first, then delivered: a change compiled in between is delivered by whichever
        // comes second, and the stream keeps only the newer snapshot.
        stream.deliver(compiled.latest)
        return StreamSubscription(id: id, messages: messages, continuation: continuation)
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
        state.withLock { s in s.subscribers.removeValue(forKey: id) ?? s.evaluated.removeValue(forKey: id)?.continuation }?.finish()
    }

    /// Queues a heartbeat on every open stream, evaluated ones included.
    func heartbeat() {
        state.withLock { s in
            for continuation in s.subscribers.values { continuation.yield(.heartbeat) }
            for stream in s.evaluated.values { stream.continuation.yield(.heartbeat) }
        }
    }

    /// Queues a block on every open stream, evaluated ones included.
    func broadcast(_ event: ByteBuffer) {
        state.withLock { s in
            for continuation in s.subscribers.values { continuation.yield(.event(event)) }
            for stream in s.evaluated.values { stream.continuation.yield(.event(event)) }
        }
    }

    /// Ends every open stream and refuses new ones, so that shutdown need not wait for clients.
    func closeStreams() {
        let ended = state.withLock { s in
            s.acceptsStreams = false
            defer { s.subscribers.removeAll(); s.evaluated.removeAll() }
            return Array(s.subscribers.values) + s.evaluated.values.map(\.continuation)
        }
        for continuation in ended { continuation.finish() }
    }

    /// Accepts streams again, when the server runs again.
    func openForStreams() {
        state.withLock { $0.acceptsStreams = true }
    }
}
