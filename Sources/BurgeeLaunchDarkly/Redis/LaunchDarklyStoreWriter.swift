import Burgee
import BurgeeCore
import BurgeeRedis
import Logging

/// Writes the definitions a client holds into LaunchDarkly's persistent store, as an SDK syncing
/// from LaunchDarkly with a persistent store does, so that clients in daemon mode share them.
///
/// Every update (a full data set or a patch) replaces the store's contents in one transaction:
/// both hashes emptied and filled, then `$inited`; a reader never sees half of an update. Updates
/// that come faster than Redis takes them are coalesced: only the newest is written. A write that
/// fails is tried again every `retryInterval` until it succeeds or a newer update replaces it.
final class LaunchDarklyStoreWriter: Sendable {
    private let documents: AsyncStream<HeldDocument>.Continuation

    init(store: LaunchDarklyRedisStore, clock: any Clock<Duration>, retryInterval: Duration = .seconds(1), logger: Logger) {
        let (stream, continuation) = AsyncStream<HeldDocument>.makeStream(bufferingPolicy: .bufferingNewest(1))
        documents = continuation
        let redis = RedisClient(configuration: store.redis, clock: clock)
        Task {
            var pending: HeldDocument?
            var iterator = stream.makeAsyncIterator()
            while true {
                if pending == nil {
                    guard let next = await iterator.next() else { break }
                    pending = next
                }
                guard let document = pending else { continue }
                if await Self.write(document, to: store, redis: redis, logger: logger) {
                    pending = nil
                } else {
                    try? await clock.sleep(for: retryInterval)
                }
            }
            await redis.close()
        }
    }

    deinit {
        documents.finish()
    }

    /// Hands over a document the client now holds; returns at once.
    func write(_ document: HeldDocument) {
        documents.yield(document)
    }

    /// Writes `document`; returns whether it is done (written, or not a document to write).
    private static func write(_ document: HeldDocument, to store: LaunchDarklyRedisStore, redis: RedisClient,
                              logger: Logger) async -> Bool {
        let json: JSONValue
        switch document {
        case .json(let value):
            json = value
        case .bytes(let bytes):
            guard let parsed = try? JSONParser().parse(bytes) else {
                logger.warning("not writing to the LaunchDarkly store: the definitions are not JSON")
                return true
            }
            json = parsed
        }
        guard let commands = LaunchDarklyRedisLayout.writeCommands(json, store: store) else {
            logger.warning("not writing to the LaunchDarkly store: the definitions are not a LaunchDarkly document")
            return true
        }
        do {
            _ = try await redis.transaction(commands)
            logger.debug("wrote the LaunchDarkly store", metadata: ["prefix": "\(store.prefix)"])
            return true
        } catch {
            logger.warning("cannot write the LaunchDarkly store; trying again", metadata: ["error": "\(error)"])
            return false
        }
    }
}
