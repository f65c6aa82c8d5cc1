import Burgee
import Logging

extension DataSourceConfiguration {
    /// Syncs a Kameleoon site's configuration (see ``BurgeeClient/Configuration/kameleoon(siteCode:environment:clientID:clientSecret:networkDomain:baseURL:refreshInterval:trackingInterval:visitors:http:cache:logger:)``).
    static func kameleoon(_ connection: KameleoonConnection) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            try connection.validate()
            return KameleoonDataSource(connection: connection)
        }
    }
}

extension BurgeeClient.Configuration {
    /// A client of Kameleoon's services for one site and environment, as Kameleoon's server SDKs
    /// connect: the configuration polled every `refreshInterval` with `If-Modified-Since` (and
    /// pushed in real time when the configuration enables it), visitors kept within `visitors`,
    /// `client.kameleoon` for Kameleoon's calls, assignments, data and conversions tracked to the
    /// Data API every `trackingInterval`, and `getRemoteVisitorData` from it.
    ///
    /// ```swift
    /// let client = try BurgeeClient(configuration: .kameleoon(siteCode: "a8st4f59bj", environment: "production",
    ///                                                         clientID: id, clientSecret: secret))
    /// ```
    /// - Parameters:
    ///   - siteCode: the site's code.
    ///   - environment: the environment whose flags are served (Kameleoon's default when `nil`).
    ///   - clientID: the API client's id, for the Data API's access tokens (tracking, visitor data).
    ///   - clientSecret: the API client's secret.
    ///   - networkDomain: a custom domain of Kameleoon's (`sdk-config.D`, `events.D`, `data.D`, `api.D`).
    ///   - baseURL: one base every service is below (a proxy, `burgee serve --format kameleoon`);
    ///     it wins over `networkDomain`.
    ///   - refreshInterval: how often the configuration is fetched (60 minutes, as Kameleoon's SDKs).
    ///   - trackingInterval: how often tracking is sent (1 second, as Kameleoon's SDKs).
    ///   - visitors: how many visitors are kept, and how long an idle one is.
    public static func kameleoon(siteCode: String, environment: String? = nil, clientID: String? = nil,
                                 clientSecret: String? = nil, networkDomain: String? = nil, baseURL: String? = nil,
                                 refreshInterval: Duration = .seconds(3600), trackingInterval: Duration = .seconds(1),
                                 visitors: KameleoonVisitorLimits = KameleoonVisitorLimits(), http: HTTPOptions = HTTPOptions(),
                                 cache: CacheConfiguration? = nil, logger: Logger = Logger(label: "burgee")) -> Self {
        let connection = KameleoonConnection(siteCode: siteCode, environment: environment, clientID: clientID,
                                             clientSecret: clientSecret, networkDomain: networkDomain, baseURL: baseURL,
                                             refreshInterval: refreshInterval, http: http)
        var configuration = Self(source: .kameleoon(connection), cache: cache, logger: logger)
        configuration.events = EventsConfiguration(destination: .kameleoon(connection), exposures: .off,
                                                   flushInterval: trackingInterval)
        configuration[module: KameleoonClientSettings.self] = KameleoonClientSettings(limits: visitors, connection: connection)
        return configuration
    }
}

extension BurgeeClient.Configuration {
    /// A client of Kameleoon's calls over `definitions` (no configuration service), its tracking
    /// posted below `trackingBaseURL` (`/visit/events`) as to Kameleoon's Data API: what
    /// `burgee eval --format kameleoon --events URL` runs its lines on.
    package static func kameleoon(definitions: DefinitionsPayload, siteCode: String, trackingBaseURL: String,
                                  trackingInterval: Duration, logger: Logger) -> Self {
        let connection = KameleoonConnection(siteCode: siteCode, environment: nil, clientID: nil, clientSecret: nil,
                                             networkDomain: nil, baseURL: trackingBaseURL, refreshInterval: .seconds(3600),
                                             http: HTTPOptions(allowInsecureHTTP: true))
        var configuration = Self(sdkKey: siteCode, source: .bootstrap(definitions), logger: logger)
        configuration.events = EventsConfiguration(destination: .kameleoon(connection), exposures: .off,
                                                   flushInterval: trackingInterval)
        configuration[module: KameleoonClientSettings.self] = KameleoonClientSettings(connection: connection)
        return configuration
    }
}
