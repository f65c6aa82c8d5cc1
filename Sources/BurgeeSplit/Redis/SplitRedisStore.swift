import BurgeeCore
import BurgeeRedis

/// The Redis that Split's Synchronizer fills and Split's SDKs read in consumer mode, in Split's
/// layout: a client reads it (`DataSourceConfiguration.splitConsumer(_:refreshInterval:)`), a
/// client syncing from Split writes it (`BurgeeClient.Configuration.split(sdkKey:…producerStore:)`).
///
/// ```swift
/// let store = try SplitRedisStore(url: "redis://redis.internal:6379", prefix: "checkout")
/// var configuration = BurgeeClient.Configuration(source: .splitConsumer(store))
/// ```
///
/// The keys, each behind the optional user prefix (`prefix.`, as Split's SDKs add it):
/// `SPLITIO.split.<flag>` (the flag's JSON), `SPLITIO.splits.till` (the change number),
/// `SPLITIO.rbsegment.<name>` and `SPLITIO.rbsegments.till` (rule-based segments),
/// `SPLITIO.segment.<name>` (a set of keys) and `SPLITIO.segment.<name>.till`,
/// `SPLITIO.flagSet.<set>` (a set of flag names), `SPLITIO.trafficType.<type>` (how many flags
/// have that traffic type).
public struct SplitRedisStore: Sendable, Hashable {
    /// The Redis server and database.
    public var redis: RedisConfiguration
    /// The user prefix (Split's `redisPrefix`), `nil` for none.
    public var prefix: String?

    /// A store at `redis`, behind `prefix` when given.
    public init(redis: RedisConfiguration, prefix: String? = nil) {
        self.redis = redis
        self.prefix = prefix?.isEmpty == true ? nil : prefix
    }

    /// A store at a `redis://[[user]:password@]host[:port][/database]` URL, behind `prefix` when given.
    public init(url: String, prefix: String? = nil) throws(RedisError) {
        self.init(redis: try RedisConfiguration(url: url), prefix: prefix)
    }

    /// `key` behind the user prefix.
    func key(_ key: String) -> String {
        prefix.map { "\($0).\(key)" } ?? key
    }

    var flagPrefix: String { key("SPLITIO.split.") }
    var flagsTillKey: String { key("SPLITIO.splits.till") }
    var ruleBasedPrefix: String { key("SPLITIO.rbsegment.") }
    var ruleBasedTillKey: String { key("SPLITIO.rbsegments.till") }
    var segmentPrefix: String { key("SPLITIO.segment.") }
    var flagSetPrefix: String { key("SPLITIO.flagSet.") }
    var trafficTypePrefix: String { key("SPLITIO.trafficType.") }
}
