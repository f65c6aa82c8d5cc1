import Burgee
import Logging

extension DataSourceConfiguration {
    /// LaunchDarkly's server-side flag data from LaunchDarkly's service or a Relay Proxy (see
    /// ``LaunchDarklyConnection``), read as `DefinitionsFormat.launchDarkly` definitions. The
    /// client's `sdkKey` is the LaunchDarkly SDK key.
    public static func launchDarkly(_ connection: LaunchDarklyConnection = LaunchDarklyConnection()) -> DataSourceConfiguration {
        DataSourceConfiguration { sdkKey throws(ConfigurationError) in try connection.makeSource(sdkKey: sdkKey) }
    }
}

extension BurgeeClient.Configuration {
    /// A client of LaunchDarkly's service or a Relay Proxy: flags and segments streamed (or
    /// polled, see ``LaunchDarklyConnection/streaming``) and evaluated in process, and analytics
    /// events sent to LaunchDarkly's events service as its SDKs send them (``LaunchDarklyEvents``;
    /// `LaunchDarklyEvents(sendEvents: false)` sends none).
    ///
    /// With a `persistentStore`, every update the client receives is also written to that
    /// LaunchDarkly store in Redis, as LaunchDarkly's SDKs write their persistent store, so that
    /// other clients read it in daemon mode (``LaunchDarklyConnection/redis(_:cacheTTL:)``). A
    /// client in daemon mode only reads: its `persistentStore` is ignored.
    ///
    /// With `bigSegments`, the members of big segments are read from the store LaunchDarkly's Relay
    /// Proxy fills (``LaunchDarklyBigSegments``), and evaluations that consult one report its
    /// `bigSegmentsStatus` as LaunchDarkly's SDKs do; without, such evaluations report
    /// `NOT_CONFIGURED` and only the segments' rules can let a context in.
    public static func launchDarkly(sdkKey: String, connection: LaunchDarklyConnection = LaunchDarklyConnection(),
                                    events: LaunchDarklyEvents = LaunchDarklyEvents(), cache: CacheConfiguration? = nil,
                                    persistentStore: LaunchDarklyRedisStore? = nil,
                                    bigSegments: LaunchDarklyBigSegments? = nil,
                                    logger: Logger = Logger(label: "burgee")) -> Self {
        var configuration = Self(sdkKey: sdkKey, source: .launchDarkly(connection), cache: cache, logger: logger)
        if let persistentStore, connection.daemonStore == nil {
            configuration.writeLaunchDarklyStore(persistentStore)
        }
        if let bigSegments {
            configuration.readLaunchDarklyBigSegments(bigSegments, connection: connection)
        }
        if events.sendEvents {
            // Feature events for tracked flags and experiments only; every evaluation counts in the
            // summary, and each context noticed makes an index event (the destination decides).
            configuration.events = EventsConfiguration(destination: .launchDarkly(events, connection: connection),
                                                       exposures: .trackedOnly, flushInterval: events.flushInterval,
                                                       maxBatchSize: events.capacity, capacity: events.capacity)
        }
        return configuration
    }
}

extension BurgeeClient.Configuration {
    /// Writes every update the client receives into `store` (see `launchDarkly(sdkKey:…persistentStore:)`),
    /// on the configuration's clock; set ``clock`` before calling this.
    package mutating func writeLaunchDarklyStore(_ store: LaunchDarklyRedisStore) {
        LaunchDarklyStoreWriter.make(store: store, clock: clock, logger: logger).mirror(into: &self)
    }
}

extension BurgeeClient.Configuration {
    /// Reads big segments' members from `bigSegments`' store for the evaluations of a client whose
    /// source is LaunchDarkly's `connection`, polling the store's status beside that source.
    package mutating func readLaunchDarklyBigSegments(_ bigSegments: LaunchDarklyBigSegments,
                                                      connection: LaunchDarklyConnection = LaunchDarklyConnection()) {
        let manager = LaunchDarklyBigSegmentsManager(bigSegments)
        compileOptions.segmentMemberships = manager
        self[module: LaunchDarklyBigSegmentsManager.self] = manager
        source = DataSourceConfiguration { sdkKey throws(ConfigurationError) in
            guard bigSegments.contextCacheSize > 0 else { throw .notPositive("the big segments' context cache size") }
            guard bigSegments.contextCacheTime > .zero else { throw .notPositive("the big segments' context cache time") }
            guard bigSegments.statusPollInterval > .zero else { throw .notPositive("the big segments' status poll interval") }
            return LaunchDarklyBigSegmentsSource(source: try connection.makeSource(sdkKey: sdkKey), manager: manager)
        }
    }
}
