import Burgee
import BurgeeCore
import Logging

extension DataSourceConfiguration {
    /// Polls an Unleash server's or Edge's client API for its features (see ``UnleashConnection``),
    /// registering the client first when the connection sends metrics. The client's `sdkKey` is
    /// the Unleash API token.
    public static func unleash(_ connection: UnleashConnection) -> DataSourceConfiguration {
        DataSourceConfiguration { apiToken throws(ConfigurationError) in
            try UnleashDataSource(connection: connection, apiToken: apiToken)
        }
    }
}

extension EventDestination {
    /// Usage metrics posted to Unleash's `…/client/metrics` from each flush's summary; exposure and
    /// custom events (impressions) go to `impressions`, or nowhere.
    public static func unleashMetrics(_ connection: UnleashConnection,
                                      impressions: EventDestination? = nil) -> EventDestination {
        EventDestination(validate: { () throws(ConfigurationError) in try connection.validate() },
                         makeSink: { apiToken, logger, clock throws(ConfigurationError) in
                             try UnleashMetricsSink(connection: connection, apiToken: apiToken, impressions: impressions,
                                                    logger: logger, clock: clock)
                         })
    }
}

extension BurgeeClient.Configuration {
    /// A client of an Unleash server or Unleash Edge: features polled every
    /// ``UnleashConnection/refreshInterval``, the client registered at start, and usage metrics
    /// sent every ``UnleashConnection/metricsInterval`` (none when it is `nil`). Impressions of
    /// flags with `impressionData` go to `impressions` when given.
    public static func unleash(_ connection: UnleashConnection, apiToken: String,
                               impressions: EventDestination? = nil, cache: CacheConfiguration? = nil,
                               logger: Logger = Logger(label: "burgee")) -> Self {
        var configuration = Self(sdkKey: apiToken, source: .unleash(connection), cache: cache, logger: logger)
        if let interval = connection.metricsInterval {
            configuration.events = EventsConfiguration(
                destination: .unleashMetrics(connection, impressions: impressions),
                exposures: impressions == nil ? .off : .trackedOnly, flushInterval: interval)
        }
        return configuration
    }
}
