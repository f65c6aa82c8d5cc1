import Burgee
import BurgeeCore
import Logging

extension DataSourceConfiguration {
    /// Polls Datadog's flags configuration (see
    /// ``BurgeeClient/Configuration/datadog(apiKey:site:env:service:version:configurationURL:exposures:pollInterval:flushInterval:http:cache:logger:)``).
    static func datadog(_ connection: DatadogConnection) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            try connection.validate()
            return PollingDataSource(url: try connection.configurationURL(), mode: .every(connection.pollInterval),
                                     http: connection.configurationHeaders, sdkKey: nil, payload: { .json($0, format: .datadog) })
        }
    }
}

extension BurgeeClient.Configuration {
    /// A client of Datadog Feature Flags, as Datadog's server tracers connect without Remote
    /// Config: the flags configuration polled from Datadog's CDN every `pollInterval` with
    /// `DD-API-KEY` and `If-None-Match`, `client.datadog` for Datadog's calls, and exposures of
    /// `doLog` allocations deduplicated and sent to the Agent or to Datadog's intake every
    /// `flushInterval`.
    ///
    /// ```swift
    /// let client = try BurgeeClient(configuration: .datadog(apiKey: apiKey, site: "datadoghq.eu", env: "prod",
    ///                                                       service: "checkout", exposures: .agent()))
    /// ```
    ///
    /// A 401 or 403 stops polling (the client's status says `unauthorized`); other failures,
    /// 429 and 5xx back off; a configuration that fails to read keeps the last good flags.
    /// - Parameters:
    ///   - apiKey: the API key (`DD_API_KEY`), sent as `DD-API-KEY`; required by Datadog's CDN and
    ///     agentless intake.
    ///   - site: Datadog's site (`DD_SITE`): `datadoghq.com`, `datadoghq.eu`, `us3.datadoghq.com`, …
    ///   - env: the environment (`DD_ENV`) whose flags are served, and that exposures name.
    ///   - service: the service (`DD_SERVICE`) exposures name.
    ///   - version: the service's version (`DD_VERSION`) exposures name.
    ///   - configurationURL: another source of the configuration (a proxy, `burgee serve --format datadog`):
    ///     an origin gets Datadog's path, a URL with a path is used as it is; it gets no API key.
    ///   - exposures: where exposures go (Datadog's agentless intake by default).
    ///   - pollInterval: how often the configuration is fetched (30 seconds, as Datadog's tracers).
    ///   - flushInterval: how often exposures are sent (1 second, as Datadog's tracers).
    public static func datadog(apiKey: String?, site: String = "datadoghq.com", env: String? = nil, service: String? = nil,
                               version: String? = nil, configurationURL: String? = nil,
                               exposures: DatadogExposureIntake = .agentless, pollInterval: Duration = .seconds(30),
                               flushInterval: Duration = .seconds(1), http: HTTPOptions = HTTPOptions(),
                               cache: CacheConfiguration? = nil, logger: Logger = Logger(label: "burgee")) -> Self {
        let connection = DatadogConnection(apiKey: apiKey, site: site.lowercased(), env: env, service: service, version: version,
                                           configurationBase: configurationURL, exposures: exposures,
                                           pollInterval: pollInterval, http: http)
        var configuration = Self(source: .datadog(connection), cache: cache, logger: logger)
        if connection.exposuresEndpoint() != nil {
            // Datadog's exposures are logged by `client.datadog`'s calls (deduplicated there), not
            // recorded for every evaluation: the client's own exposure events stay off.
            configuration.events = EventsConfiguration(destination: .datadog(connection), exposures: .off,
                                                       flushInterval: flushInterval, maxBatchSize: DatadogEventsSink.maxExposuresPerPost)
        }
        return configuration
    }
}
