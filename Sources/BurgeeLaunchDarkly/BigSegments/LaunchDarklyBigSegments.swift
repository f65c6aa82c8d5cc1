import BurgeeRedis

/// Where a client finds the members of LaunchDarkly's big segments (segments marked `unbounded`,
/// whose members LaunchDarkly synchronises into a store rather than into the flag data), and how it
/// caches them: LaunchDarkly's `BigSegmentsConfiguration`, with its defaults.
///
/// ```swift
/// let store = try LaunchDarklyRedisStore(url: "redis://redis.internal:6379")
/// let client = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, bigSegments: LaunchDarklyBigSegments(store: store)))
/// ```
///
/// The store is read in the layout LaunchDarkly's Relay Proxy writes, under the store's prefix:
/// `P:big_segments_synchronized_on` (when it last synchronised, Unix milliseconds) and the sets
/// `P:big_segment_include:H` and `P:big_segment_exclude:H` of the references (`segmentKey.gN`,
/// `N` the segment's generation) that list the context key whose SHA-256, in base64, is `H`.
///
/// An evaluation that reaches a big segment for a context key not in the cache queries the store
/// for it (one round trip of two `SMEMBERS`, blocking the calling thread, bounded by the store's
/// command timeout); later evaluations of that key read the cache until ``contextCacheTime`` has
/// passed. An evaluation on a swift-nio event loop thread never blocks: a miss there is
/// `STORE_ERROR`, and the query is made in the background for the next evaluation.
public struct LaunchDarklyBigSegments: Sendable, Hashable {
    /// The store LaunchDarkly's Relay Proxy fills (any prefix; a daemon-mode store's own is typical).
    public var store: LaunchDarklyRedisStore
    /// How many context keys' memberships are cached: 1,000 by default.
    public var contextCacheSize: Int
    /// How long a context key's membership is cached: 5 seconds by default.
    public var contextCacheTime: Duration
    /// How often the store's status (``LaunchDarklyBigSegmentStoreStatus``) is polled: 5 seconds
    /// by default.
    public var statusPollInterval: Duration
    /// How long after its last synchronisation the store counts as stale (`bigSegmentsStatus:
    /// STALE`): 2 minutes by default.
    public var staleAfter: Duration

    /// Big segments read from `store`, with LaunchDarkly's defaults for the rest.
    public init(store: LaunchDarklyRedisStore, contextCacheSize: Int = 1_000, contextCacheTime: Duration = .seconds(5),
                statusPollInterval: Duration = .seconds(5), staleAfter: Duration = .seconds(120)) {
        self.store = store
        self.contextCacheSize = contextCacheSize
        self.contextCacheTime = contextCacheTime
        self.statusPollInterval = statusPollInterval
        self.staleAfter = staleAfter
    }
}
