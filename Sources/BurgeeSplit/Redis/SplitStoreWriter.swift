import Burgee
import BurgeeCore
import BurgeeRedis
import Logging

/// Writes the definitions a client syncing from Split holds into Split's Redis layout, as Split's
/// Synchronizer writes it, so that Split's SDKs and Burgee clients in consumer mode share them.
///
/// Each update replaces the store's contents in one transaction (what the new definitions no longer
/// have is deleted in it). Coalescing and retries are ``HeldDocumentWriter``'s.
enum SplitStoreWriter {
    /// A writer of `store`, on `clock`.
    static func make(store: SplitRedisStore, clock: any Clock<Duration>, logger: Logger) -> HeldDocumentWriter {
        let redis = RedisClient(configuration: store.redis, clock: clock)
        return HeldDocumentWriter(clock: clock, write: { document in
            await write(document, to: store, redis: redis, logger: logger)
        }, finished: { await redis.close() })
    }

    /// Writes `document`; returns whether it is done (written, or not a document to write).
    static func write(_ document: HeldDocument, to store: SplitRedisStore, redis: RedisClient, logger: Logger) async -> Bool {
        let json: JSONValue
        switch document {
        case .json(let value): json = value
        case .bytes(let bytes):
            guard let parsed = try? JSONParser().parse(bytes) else {
                logger.warning("not writing to Split's Redis store: the definitions are not JSON")
                return true
            }
            json = parsed
        }
        do {
            let existing = try await SplitRedisLayout.existingKeys(store, redis: redis)
            let commands = try SplitRedisLayout.writeCommands(json, store: store, existing: existing)
            _ = try await redis.transaction(commands)
            return true
        } catch let error as SplitRedisLayout.LayoutError {
            logger.warning("not writing to Split's Redis store", metadata: ["error": "\(error)"])
            return true
        } catch {
            logger.warning("cannot write Split's Redis store; trying again", metadata: ["error": "\(error)"])
            return false
        }
    }
}

extension SplitRedisStore {
    /// Reads the whole store once as a Split document; `nil` when it was never synchronized.
    package func read(limits: JSONLimits = .default) async throws -> JSONValue? {
        try await RedisClient.with(redis) { redis in try await SplitRedisLayout.read(self, redis: redis, limits: limits) }
    }

    /// Replaces the store's contents with `document`, a Split document, in one transaction.
    package func write(_ document: JSONValue) async throws {
        try await RedisClient.with(redis) { redis in
            let existing = try await SplitRedisLayout.existingKeys(self, redis: redis)
            _ = try await redis.transaction(try SplitRedisLayout.writeCommands(document, store: self, existing: existing))
        }
    }
}
