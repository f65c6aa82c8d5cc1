import Burgee
import BurgeeCore
import BurgeeRedis
import Logging

/// Writes the definitions a client holds into LaunchDarkly's persistent store, as an SDK syncing
/// from LaunchDarkly with a persistent store does, so that clients in daemon mode share them.
///
/// Every update (a full data set or a patch) replaces the store's contents in one transaction:
/// both hashes emptied and filled, then `$inited`; a reader never sees half of an update.
/// Coalescing and retries are ``HeldDocumentWriter``'s.
enum LaunchDarklyStoreWriter {
    /// A writer of `store`, on `clock`.
    static func make(store: LaunchDarklyRedisStore, clock: any Clock<Duration>, logger: Logger) -> HeldDocumentWriter {
        let redis = RedisClient(configuration: store.redis, clock: clock)
        return HeldDocumentWriter(clock: clock, write: { document in
            await write(document, to: store, redis: redis, logger: logger)
        }, finished: { await redis.close() })
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
