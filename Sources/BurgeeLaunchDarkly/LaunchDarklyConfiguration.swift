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
    /// polled, see ``LaunchDarklyConnection/streaming``) and evaluated in process. Analytics
    /// events are not sent to LaunchDarkly; set `events` to send them elsewhere.
    public static func launchDarkly(sdkKey: String, connection: LaunchDarklyConnection = LaunchDarklyConnection(),
                                    cache: CacheConfiguration? = nil,
                                    logger: Logger = Logger(label: "burgee")) -> Self {
        Self(sdkKey: sdkKey, source: .launchDarkly(connection), cache: cache, logger: logger)
    }
}
