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

    /// Polls Split's SDK API at `sdkURL` (Split's, or a Split Proxy's `…/api`) every
    /// `pollingInterval`, for the flags of `flagSets` (every flag when empty).
    public static func split(sdkURL: String = "https://sdk.split.io/api", pollingInterval: Duration = .seconds(30),
                             flagSets: [String] = [], http: HTTPOptions = HTTPOptions()) -> DataSourceConfiguration {
        .split(SplitPolling(sdkURL: sdkURL, pollingInterval: pollingInterval, flagSets: flagSets, http: http))
    }
}

extension BurgeeClient.Configuration {
    /// A client of Split's SDK API (Split's servers or a Split Proxy) with the Split SDK key:
    /// flags and segments polled every `pollingInterval`, treatments from `client.split`, and
    /// impressions and events sent to `eventsURL` in `impressionsMode` (see ``SplitEventSettings``),
    /// each impression also to `impressionListener`.
    ///
    /// ```swift
    /// let client = try BurgeeClient(configuration: .split(sdkKey: key))
    /// let treatment = client.split.treatment("new-checkout", key: "user-42")
    /// ```
    public static func split(sdkKey: String, sdkURL: String = "https://sdk.split.io/api", pollingInterval: Duration = .seconds(30),
                             flagSets: [String] = [], eventsURL: String = SplitEventSettings.defaultEventsURL,
                             impressionsMode: SplitImpressionsMode = .optimized, impressionListener: SplitImpressionListener? = nil,
                             http: HTTPOptions = HTTPOptions(), cache: CacheConfiguration? = nil,
                             logger: Logger = Logger(label: "burgee")) -> Self {
        var configuration = Self(sdkKey: sdkKey, source: .split(sdkURL: sdkURL, pollingInterval: pollingInterval, flagSets: flagSets, http: http),
                                 cache: cache, logger: logger)
        configuration.events = .split(SplitEventSettings(eventsURL: eventsURL, impressionsMode: impressionsMode,
                                                         impressionListener: impressionListener, http: http))
        return configuration
    }
}
