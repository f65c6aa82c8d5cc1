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
    public static func launchDarkly(sdkKey: String, connection: LaunchDarklyConnection = LaunchDarklyConnection(),
                                    events: LaunchDarklyEvents = LaunchDarklyEvents(), cache: CacheConfiguration? = nil,
                                    logger: Logger = Logger(label: "burgee")) -> Self {
        var configuration = Self(sdkKey: sdkKey, source: .launchDarkly(connection), cache: cache, logger: logger)
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
