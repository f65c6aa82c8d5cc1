import Burgee
import Logging

extension DataSourceConfiguration {
    /// Polls Split's SDK API for flags, rule-based segments and the segments they name, as Split's
    /// server SDKs do (see ``SplitPolling``). The client's `sdkKey` is the Split SDK key, sent as
    /// `Authorization: Bearer <key>`.
    ///
    /// ```swift
    /// var configuration = BurgeeClient.Configuration(sdkKey: splitSDKKey, source: .split(SplitPolling(flagSets: ["backend"])))
    /// ```
    public static func split(_ polling: SplitPolling) -> DataSourceConfiguration {
        DataSourceConfiguration { sdkKey throws(ConfigurationError) in
            try SplitDataSource(options: polling, sdkKey: sdkKey)
        }
    }

    /// Syncs with Split's SDK API at `sdkURL` (Split's, or a Split Proxy's `…/api`), streaming
    /// as `streaming` says and polling every `pollingInterval` while not streaming, for the flags
    /// of `flagSets` (every flag when empty).
    public static func split(sdkURL: String = "https://sdk.split.io/api", pollingInterval: Duration = .seconds(30),
                             flagSets: [String] = [], http: HTTPOptions = HTTPOptions(),
                             streaming: SplitStreaming = SplitStreaming()) -> DataSourceConfiguration {
        .split(SplitPolling(sdkURL: sdkURL, pollingInterval: pollingInterval, flagSets: flagSets, http: http, streaming: streaming))
    }
}

extension DataSourceConfiguration {
    /// Split's consumer mode: flags, rule-based segments and segments read from the Redis that
    /// Split's Synchronizer (or a Burgee client with a producer store) fills, every
    /// `refreshInterval`, with no connection to Split (see ``SplitRedisStore``).
    public static func splitConsumer(_ store: SplitRedisStore, refreshInterval: Duration = .seconds(5)) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            guard refreshInterval > .zero else { throw .notPositive("the Split store's refresh interval") }
            return SplitConsumerSource(store: store, refreshInterval: refreshInterval)
        }
    }
}

extension BurgeeClient.Configuration {
    /// A client of Split's SDK API (Split's servers or a Split Proxy) with the Split SDK key:
    /// flags and segments streamed (``SplitStreaming``) and polled every `pollingInterval` while
    /// not streaming, treatments from `client.split`, and impressions and events sent in
    /// `impressionsMode` (see ``SplitEventSettings``), each impression also to `impressionListener`.
    ///
    /// Impressions and events go to `eventsURL`; when it is `nil`, to Split's events service for
    /// Split's SDK URL, or else to `sdkURL` itself, as a Split Proxy or `burgee serve` takes
    /// everything below one base.
    ///
    /// ```swift
    /// let client = try BurgeeClient(configuration: .split(sdkKey: key))
    /// let treatment = client.split.treatment("new-checkout", key: "user-42")
    /// ```
    ///
    /// With a `producerStore`, every update is also written to Split's Redis layout, as Split's
    /// Synchronizer writes it, for Split's SDKs and Burgee clients in consumer mode
    /// (`DataSourceConfiguration.splitConsumer(_:refreshInterval:)`).
    public static func split(sdkKey: String, sdkURL: String = "https://sdk.split.io/api", pollingInterval: Duration = .seconds(30),
                             flagSets: [String] = [], eventsURL: String? = nil,
                             impressionsMode: SplitImpressionsMode = .optimized, impressionListener: SplitImpressionListener? = nil,
                             http: HTTPOptions = HTTPOptions(), streaming: SplitStreaming = SplitStreaming(),
                             cache: CacheConfiguration? = nil, producerStore: SplitRedisStore? = nil,
                             logger: Logger = Logger(label: "burgee")) -> Self {
        var configuration = Self(sdkKey: sdkKey,
                                 source: .split(sdkURL: sdkURL, pollingInterval: pollingInterval, flagSets: flagSets, http: http,
                                                streaming: streaming),
                                 cache: cache, logger: logger)
        let events = eventsURL ?? (SplitPolling.isSplits(sdkURL) ? SplitEventSettings.defaultEventsURL : sdkURL)
        configuration.events = .split(SplitEventSettings(eventsURL: events, impressionsMode: impressionsMode,
                                                         impressionListener: impressionListener, http: http))
        if let producerStore {
            SplitStoreWriter.make(store: producerStore, clock: configuration.clock, logger: logger).mirror(into: &configuration)
        }
        return configuration
    }
}
