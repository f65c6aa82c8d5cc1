import Burgee

/// How a client talks to an Unleash server or Unleash Edge: where its client API is, who the
/// client is, and how often it polls and reports usage.
///
/// ```swift
/// let connection = UnleashConnection(url: "https://unleash.example.com/api", appName: "checkout")
/// let client = try BurgeeClient(configuration: .unleash(connection, apiToken: token, logger: logger))
/// ```
///
/// See `docs/unleash.md` for the requests sent.
public struct UnleashConnection: Sendable {
    /// The client API's base URL, ending in `/api` (Unleash) or the Edge's `…/api`; the client
    /// requests `<url>/client/features`, `<url>/client/register` and `<url>/client/metrics`.
    public var url: String
    /// The application's name, sent as `unleash-appname` and in registration and metrics.
    public var appName: String
    /// This instance's id, sent as `unleash-instanceid`; by default the host name and a random suffix.
    public var instanceId: String
    /// How often the features are polled; with ``streaming``, how often while the stream is down.
    public var refreshInterval: Duration
    /// Whether the client keeps Unleash's stream open (`<url>/client/streaming`, Server-Sent
    /// Events, as the SDKs' streaming mode does) instead of polling: the whole state when it opens,
    /// then each change as the delta API's events, applied to the one feature or segment they
    /// change. While the stream is down (three failed connections in a row) the features are
    /// polled every ``refreshInterval`` until it is back.
    public var streaming: Bool
    /// How often usage metrics are sent; `nil` sends none (registration is then skipped too).
    public var metricsInterval: Duration?
    /// Timeouts, extra headers, the body size limit. `Authorization` is reserved for the API token.
    public var http: HTTPOptions
    /// Identifies this client's connection for the server (`unleash-connection-id`); new per value.
    public let connectionId: String

    /// A connection; the defaults poll every 15 seconds and report metrics every 60 seconds, as
    /// Unleash's own SDKs do; `streaming` keeps the stream open instead of polling.
    public init(url: String, appName: String, instanceId: String? = nil, refreshInterval: Duration = .seconds(15),
                streaming: Bool = false, metricsInterval: Duration? = .seconds(60), http: HTTPOptions = HTTPOptions()) {
        self.url = url
        self.appName = appName
        self.instanceId = instanceId ?? UnleashIdentity.defaultInstanceId()
        self.refreshInterval = refreshInterval
        self.streaming = streaming
        self.metricsInterval = metricsInterval
        self.http = http
        connectionId = UnleashIdentity.randomUUID()
    }

    /// The client API endpoint `path` (`features`, `streaming`, `register`, `metrics`) below ``url``.
    func endpoint(_ path: String) -> String {
        (url.hasSuffix("/") ? String(url.dropLast()) : url) + "/client/" + path
    }

    func validate() throws(ConfigurationError) {
        guard !appName.isEmpty else { throw .invalidConnection("the Unleash appName is empty") }
        guard refreshInterval > .zero else { throw .notPositive("the Unleash refresh interval") }
        if let metricsInterval, metricsInterval <= .zero { throw .notPositive("the Unleash metrics interval") }
        try http.validate()
    }
}
