import BurgeeCore
import NIOCore

/// A stream whose events are evaluated for its own connection (a client-side SDK's context):
/// each compiled snapshot is rendered into one block, delivered at most once per snapshot and in
/// the snapshots' order, whoever delivers it first, the connection opening or a change.
final class EvaluatedStream: Sendable {
    /// The block for a snapshot; `nil` when there is nothing to say (no snapshot compiled).
    typealias Render = @Sendable (Snapshot) -> ByteBuffer?

    private let render: Render
    /// The newest document version delivered; older snapshots arriving late are dropped.
    private let delivered = Locked<Int64>(.min)
    let continuation: AsyncStream<StreamMessage>.Continuation

    init(continuation: AsyncStream<StreamMessage>.Continuation, render: @escaping Render) {
        self.continuation = continuation
        self.render = render
    }

    /// Renders and queues `compiled`'s snapshot unless a snapshot as new was queued already.
    func deliver(_ compiled: CompiledDefinitions.Current) {
        guard let snapshot = compiled.snapshot else { return }
        delivered.withLock { newest in
            guard compiled.version > newest else { return }
            newest = compiled.version
            if let block = render(snapshot) { continuation.yield(.event(block)) }
        }
    }
}
