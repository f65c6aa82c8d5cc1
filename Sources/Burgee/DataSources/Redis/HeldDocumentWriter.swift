import BurgeeCore
import Logging

/// Hands every document a client holds to a writer (a shared store's), off the client's update
/// path: updates that come faster than the writer takes them are coalesced (only the newest is
/// written), and a write that fails is tried again every `retryInterval` on `clock`, until it
/// succeeds or a newer document replaces it. Install ``mirror`` as the configuration's
/// `definitionsMirror`.
package final class HeldDocumentWriter: Sendable {
    private let documents: AsyncStream<HeldDocument>.Continuation

    /// A writer calling `write` with each document; `write` returns whether it is done (written,
    /// or not worth trying again).
    package init(clock: any Clock<Duration>, retryInterval: Duration = .seconds(1),
                 write: @escaping @Sendable (HeldDocument) async -> Bool, finished: @escaping @Sendable () async -> Void = {}) {
        let (stream, continuation) = AsyncStream<HeldDocument>.makeStream(bufferingPolicy: .bufferingNewest(1))
        documents = continuation
        Task {
            var pending: HeldDocument?
            var iterator = stream.makeAsyncIterator()
            while true {
                if pending == nil {
                    guard let next = await iterator.next() else { break }
                    pending = next
                }
                guard let document = pending else { continue }
                if await write(document) {
                    pending = nil
                } else {
                    try? await clock.sleep(for: retryInterval)
                }
            }
            await finished()
        }
    }

    deinit {
        documents.finish()
    }

    /// Hands over a document the client now holds; returns at once.
    package func write(_ document: HeldDocument) {
        documents.yield(document)
    }

    /// Adds this writer to `configuration`'s mirror (after any mirror already there).
    package func mirror(into configuration: inout BurgeeClient.Configuration) {
        let previous = configuration.definitionsMirror
        configuration.definitionsMirror = { [self] document in
            previous?(document)
            write(document)
        }
    }
}
