import Burgee
import BurgeeCore
import Logging

/// Where a client finds Eppo's flags configuration.
struct EppoConnection: Sendable {
    var sdkKey: String
    var baseURL: String
    var pollInterval: Duration
    var http: HTTPOptions

    /// `{base}/flag-config/v1/config?apiKey=…&sdkName=…&sdkVersion=…&coreVersion=…`.
    func configurationURL() throws(ConfigurationError) -> ServiceURL {
        let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
        let version = PercentEncoding.encode(SDKVersion.version)
        return try ServiceURL(base + "/flag-config/v1/config?apiKey=" + PercentEncoding.encode(sdkKey)
                                + "&sdkName=burgee&sdkVersion=\(version)&coreVersion=\(version)",
                              allowInsecureHTTP: http.allowInsecureHTTP)
    }

    func validate() throws(ConfigurationError) {
        guard !sdkKey.isEmpty else { throw .invalidConnection("Eppo needs the SDK key") }
        guard pollInterval > .zero else { throw .notPositive("the Eppo configuration poll interval") }
        try http.validate()
        _ = try configurationURL()
    }
}

/// The client's Eppo settings: the assignment logger `client.eppo`'s calls call.
struct EppoClientSettings: Sendable {
    var assignmentLogger: EppoAssignmentLogger?
}

extension DataSourceConfiguration {
    /// Polls Eppo's flags configuration (see
    /// ``BurgeeClient/Configuration/eppo(sdkKey:baseURL:pollInterval:assignmentLogger:http:cache:logger:)``).
    static func eppo(_ connection: EppoConnection) -> DataSourceConfiguration {
        DataSourceConfiguration { _ throws(ConfigurationError) in
            try connection.validate()
            return PollingDataSource(url: try connection.configurationURL(), mode: .every(connection.pollInterval),
                                     http: connection.http, sdkKey: nil, payload: { .json($0, format: .eppo) })
        }
    }
}

extension BurgeeClient.Configuration {
    /// A client of Eppo, as Eppo's server SDKs connect: the flags configuration polled from
    /// Eppo's CDN every `pollInterval` with the SDK key, evaluated with Eppo's semantics, and
    /// `client.eppo` for Eppo's calls, which hand each assignment of a `doLog` allocation to
    /// `assignmentLogger`.
    ///
    /// ```swift
    /// let client = try BurgeeClient(configuration: .eppo(sdkKey: sdkKey, assignmentLogger: { event in
    ///     warehouse.insert(event.json)
    /// }))
    /// ```
    ///
    /// A 401 stops polling (the client's status says `unauthorized`); other failures back off; a
    /// configuration that fails to read keeps the last good flags.
    /// - Parameters:
    ///   - sdkKey: the SDK key, sent as the `apiKey` parameter.
    ///   - baseURL: Eppo's API base (`https://fscdn.eppo.cloud/api`), or a proxy's
    ///     (`burgee serve --format eppo` serves below `/api`).
    ///   - pollInterval: how often the configuration is fetched (30 seconds, as Eppo's SDKs).
    ///   - assignmentLogger: called with every assignment event, on the calling thread, without
    ///     deduplication (as Eppo's SDKs call `log_assignment`).
    public static func eppo(sdkKey: String, baseURL: String = "https://fscdn.eppo.cloud/api",
                            pollInterval: Duration = .seconds(30), assignmentLogger: EppoAssignmentLogger? = nil,
                            http: HTTPOptions = HTTPOptions(), cache: CacheConfiguration? = nil,
                            logger: Logger = Logger(label: "burgee")) -> Self {
        let connection = EppoConnection(sdkKey: sdkKey, baseURL: baseURL, pollInterval: pollInterval, http: http)
        var configuration = Self(source: .eppo(connection), cache: cache, logger: logger)
        configuration.eppoAssignmentLogger = assignmentLogger
        return configuration
    }

    /// What `client.eppo`'s calls hand each assignment event to (`nil`: nothing).
    public var eppoAssignmentLogger: EppoAssignmentLogger? {
        get { self[module: EppoClientSettings.self]?.assignmentLogger }
        set { self[module: EppoClientSettings.self] = EppoClientSettings(assignmentLogger: newValue) }
    }
}
