import BurgeeCore
import BurgeeRedis

/// Where LaunchDarkly's persistent feature store lives in Redis, in the layout LaunchDarkly's
/// server SDKs and its Relay Proxy write and read: a client in daemon mode reads it
/// (``LaunchDarklyConnection/redis(_:cacheTTL:)``), a client syncing from LaunchDarkly writes it
/// (`BurgeeClient.Configuration.launchDarkly(sdkKey:connection:persistentStore:…)`).
///
/// ```swift
/// let store = try LaunchDarklyRedisStore(url: "redis://redis.internal:6379", prefix: "production")
/// let client = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, connection: .redis(store)))
/// ```
///
/// The layout, for a prefix `P`: the hash `P:features` maps each flag's key to its JSON, `P:segments`
/// each segment's; a deleted item stays as a tombstone (`{"key":…,"version":…,"deleted":true}`) so
/// that an older version cannot come back; the key `P:$inited` says that a complete data set was
/// written.
public struct LaunchDarklyRedisStore: Sendable, Hashable {
    /// The prefix LaunchDarkly's SDKs use when none is configured.
    public static let defaultPrefix = "launchdarkly"

    /// The Redis server and database.
    public var redis: RedisConfiguration
    /// The prefix of every key (``defaultPrefix`` unless several environments share a database).
    public var prefix: String

    /// A store at `redis` under `prefix`.
    public init(redis: RedisConfiguration, prefix: String = defaultPrefix) {
        self.redis = redis
        self.prefix = prefix.isEmpty ? Self.defaultPrefix : prefix
    }

    /// A store at a `redis://[[user]:password@]host[:port][/database]` URL under `prefix`.
    public init(url: String, prefix: String = defaultPrefix) throws(RedisError) {
        self.init(redis: try RedisConfiguration(url: url), prefix: prefix)
    }

    /// The hash of flags.
    var featuresKey: String { prefix + ":features" }
    /// The hash of segments.
    var segmentsKey: String { prefix + ":segments" }
    /// The key whose presence says a complete data set was written.
    var initedKey: String { prefix + ":$inited" }
}

extension LaunchDarklyRedisStore {
    /// Reads the whole store once (one transaction): its flag data (`{"flags":…,"segments":…}`,
    /// tombstones left out) and whether `$inited` is set.
    /// - Throws: `RedisError` when Redis cannot be read, or why its keys do not hold LaunchDarkly's data.
    package func read(limits: JSONLimits = .default) async throws -> (document: [UInt8], initialized: Bool) {
        let commands = LaunchDarklyRedisLayout.readCommands(self)
        let replies = try await RedisClient.with(redis) { redis in try await redis.transaction(commands) }
        let contents = try LaunchDarklyRedisLayout.contents(replies, store: self, limits: limits)
        return (contents.document, contents.initialized)
    }

    /// Replaces the store's contents with `document` (flag data, or a stream `put`) in one transaction.
    package func write(_ document: JSONValue) async throws {
        guard let commands = LaunchDarklyRedisLayout.writeCommands(document, store: self) else {
            throw LaunchDarklyRedisLayout.ReadError.notADocument
        }
        _ = try await RedisClient.with(redis) { redis in try await redis.transaction(commands) }
    }
}
