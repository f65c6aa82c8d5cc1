import Burgee
import BurgeeCore

/// How a client gets LaunchDarkly's server-side flag data: from LaunchDarkly's service or from a
/// Relay Proxy, by streaming (`GET {streamBaseURI}/all`, polling `GET {baseURI}/sdk/latest-all`
/// while the stream is down) or by polling alone.
///
/// ```swift
/// // LaunchDarkly's service
/// let client = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, logger: logger))
/// // A Relay Proxy, which serves both endpoints at one base URI
/// let relay = LaunchDarklyConnection.relayProxy("https://relay.internal:8030")
/// let viaRelay = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, connection: relay))
/// ```
///
/// The SDK key goes in `Authorization`, raw, as LaunchDarkly's server SDKs send it, and is
/// redacted from logs and errors. 401 and 403 stop the source (status `unauthorized`).
public struct LaunchDarklyConnection: Sendable {
    /// LaunchDarkly's streaming service.
    public static let defaultStreamBaseURI = "https://stream.launchdarkly.com"
    /// LaunchDarkly's polling service.
    public static let defaultBaseURI = "https://sdk.launchdarkly.com"

    /// The base URI of the stream; the client opens `<streamBaseURI>/all`.
    public var streamBaseURI: String
    /// The base URI of the polling endpoint; the client requests `<baseURI>/sdk/latest-all`.
    public var baseURI: String
    /// Whether to stream (`true`, polling only while the stream is down) or only poll.
    public var streaming: Bool
    /// How often to poll: always when not streaming, else while the stream is down.
    public var pollingInterval: Duration
    /// The stream is dropped and reopened when nothing (event or heartbeat) arrives for this long
    /// (on the client's clock).
    public var readIdleTimeout: Duration
    /// After this many consecutive failed stream connections the client also polls (every
    /// ``pollingInterval``), until the stream is back.
    public var fallbackAfterFailures: Int
    /// Timeouts, extra headers, the body size limit, backoff. `Authorization` is reserved for the SDK key.
    public var http: HTTPOptions
    /// The key of a payload filter defined in LaunchDarkly (its SDKs' `PayloadFilter` /
    /// `payload_filter_key`): the stream and the polling endpoint are asked `?filter=<key>`, and
    /// LaunchDarkly sends the filtered environment's flags and segments only; flags outside it
    /// are unknown to the client. `nil` for the whole environment; an empty key is refused.
    public var payloadFilter: String?
    /// Daemon mode: the persistent store read instead of LaunchDarkly's service (see ``redis(_:cacheTTL:)``).
    public var daemonStore: LaunchDarklyRedisStore?
    /// In daemon mode, how old the definitions read may get before the store is read again;
    /// `nil` reads it once (LaunchDarkly's infinite cache).
    public var cacheTTL: Duration? = .seconds(15)

    /// A connection; the defaults stream from LaunchDarkly's service and poll every 30 seconds
    /// while the stream is down. LaunchDarkly sends a heartbeat every 3 minutes, so the stream is
    /// dropped and reopened after 5 silent minutes, as LaunchDarkly's SDKs do.
    public init(streamBaseURI: String = defaultStreamBaseURI, baseURI: String = defaultBaseURI,
                streaming: Bool = true, pollingInterval: Duration = .seconds(30),
                readIdleTimeout: Duration = .seconds(300), fallbackAfterFailures: Int = 3,
                http: HTTPOptions = HTTPOptions()) {
        self.streamBaseURI = streamBaseURI
        self.baseURI = baseURI
        self.streaming = streaming
        self.pollingInterval = pollingInterval
        self.readIdleTimeout = readIdleTimeout
        self.fallbackAfterFailures = fallbackAfterFailures
        self.http = http
    }

    /// A connection to a Relay Proxy, which serves the stream and the polling endpoint at one base URI.
    public static func relayProxy(_ url: String, streaming: Bool = true, pollingInterval: Duration = .seconds(30),
                                  readIdleTimeout: Duration = .seconds(300), fallbackAfterFailures: Int = 3,
                                  http: HTTPOptions = HTTPOptions()) -> LaunchDarklyConnection {
        LaunchDarklyConnection(streamBaseURI: url, baseURI: url, streaming: streaming, pollingInterval: pollingInterval,
                               readIdleTimeout: readIdleTimeout, fallbackAfterFailures: fallbackAfterFailures, http: http)
    }

    /// Daemon mode: flags and segments read from LaunchDarkly's persistent store in Redis, which a
    /// Relay Proxy or another SDK writes, with no connection to LaunchDarkly's service (events,
    /// when sent, still go to LaunchDarkly's events service). The store is read again every
    /// `cacheTTL` (LaunchDarkly's default, 15 seconds); `nil` reads it once, as LaunchDarkly's
    /// infinite cache does.
    ///
    /// ```swift
    /// let store = try LaunchDarklyRedisStore(url: "redis://127.0.0.1:6379")
    /// let client = try BurgeeClient(configuration: .launchDarkly(sdkKey: sdkKey, connection: .redis(store)))
    /// ```
    public static func redis(_ store: LaunchDarklyRedisStore, cacheTTL: Duration? = .seconds(15)) -> LaunchDarklyConnection {
        var connection = LaunchDarklyConnection()
        connection.daemonStore = store
        connection.cacheTTL = cacheTTL
        return connection
    }

    /// `BurgeeSwift/<version>`: the `User-Agent` sent to LaunchDarkly's service, in the
    /// `Name/version` form LaunchDarkly's SDKs use.
    static let userAgent = "BurgeeSwift/\(SDKVersion.version)"

    /// The stream's URL: `<streamBaseURI>/all`, and `?filter=<key>` with a payload filter.
    var streamURL: String { Self.join(streamBaseURI, "all") + filterQuery }
    /// The polling URL: `<baseURI>/sdk/latest-all`, and `?filter=<key>` with a payload filter.
    var pollingURL: String { Self.join(baseURI, "sdk/latest-all") + filterQuery }

    /// `?filter=<key>`, the key percent-encoded, as LaunchDarkly's SDKs add it; empty without one.
    private var filterQuery: String {
        payloadFilter.map { "?filter=" + PercentEncoding.encode($0) } ?? ""
    }

    private static func join(_ base: String, _ path: String) -> String {
        var trimmed = Substring(base)
        while trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        return trimmed + "/" + path
    }

    /// The source to run, checked: streaming with fallback polling, or polling alone; every
    /// document goes to the client as `DefinitionsFormat/launchDarkly` JSON.
    func makeSource(sdkKey: SDKKey?) throws(ConfigurationError) -> any DataSource {
        if let daemonStore {
            if let cacheTTL, cacheTTL <= .zero { throw .notPositive("the LaunchDarkly store's cache TTL") }
            return LaunchDarklyDaemonSource(store: daemonStore, cacheTTL: cacheTTL)
        }
        if payloadFilter?.isEmpty == true { throw .invalidConnection("a LaunchDarkly payload filter key cannot be empty") }
        let payload: @Sendable ([UInt8]) -> DefinitionsPayload = { .json($0, format: .launchDarkly) }
        var http = self.http
        http.userAgent = Self.userAgent
        try http.validate()
        guard pollingInterval > .zero else { throw .notPositive("the LaunchDarkly polling interval") }
        let polling = try ServiceURL(pollingURL, allowInsecureHTTP: http.allowInsecureHTTP)
        guard streaming else {
            return PollingDataSource(url: polling, mode: .every(pollingInterval), http: http, sdkKey: sdkKey, payload: payload)
        }
        let options = DataSourceConfiguration.StreamingOptions(
            readIdleTimeout: readIdleTimeout, fallbackAfterFailures: fallbackAfterFailures,
            fallbackPollingInterval: pollingInterval, pollingURL: pollingURL)
        try options.validate()
        return StreamingDataSource(url: try ServiceURL(streamURL, allowInsecureHTTP: http.allowInsecureHTTP),
                                   pollingURL: polling, http: http, options: options, sdkKey: sdkKey,
                                   events: LaunchDarklyStreamEvents(payload: payload))
    }
}
