import Burgee
import BurgeeCore
import Logging

/// Polls an Unleash server's or Edge's `GET /api/client/features` with `If-None-Match` and
/// Unleash's headers, or keeps its stream (`GET /api/client/streaming`) open, after registering
/// the client once (when metrics are on).
///
/// 401 and 403 stop the source as `unauthorized`. Any other failure (404, 429, 5xx, network, a
/// document that cannot be read) waits one more interval per consecutive failure, up to 10× the
/// interval (and at least a `Retry-After`, up to `HTTPOptions/maxRetryAfter`), as Unleash's own
/// SDKs do; a success returns to the interval.
struct UnleashDataSource: DataSource {
    let connection: UnleashConnection
    let featuresURL: ServiceURL
    let streamingURL: ServiceURL
    let registerURL: ServiceURL
    let apiToken: SDKKey?
    /// The built-in strategies this client evaluates, for the registration.
    static let strategies = ["default", "userWithId", "flexibleRollout", "gradualRolloutUserId",
                             "gradualRolloutSessionId", "gradualRolloutRandom", "remoteAddress", "applicationHostname"]

    init(connection: UnleashConnection, apiToken: SDKKey?) throws(ConfigurationError) {
        try connection.validate()
        self.connection = connection
        featuresURL = try ServiceURL(connection.endpoint("features"), allowInsecureHTTP: connection.http.allowInsecureHTTP)
        streamingURL = try ServiceURL(connection.endpoint("streaming"), allowInsecureHTTP: connection.http.allowInsecureHTTP)
        registerURL = try ServiceURL(connection.endpoint("register"), allowInsecureHTTP: connection.http.allowInsecureHTTP)
        self.apiToken = apiToken
    }

    func run(_ sink: DataSourceSink) async {
        var http = connection.http
        http.headers = UnleashIdentity.headers(connection, interval: connection.refreshInterval)
        let transport = DefinitionsTransport(options: http, sdkKey: apiToken, readTimeout: http.requestTimeout)
        if let metricsInterval = connection.metricsInterval {
            await register(transport, metricsInterval: metricsInterval, sink: sink)
        }
        if connection.streaming {
            let options = DataSourceConfiguration.StreamingOptions(fallbackPollingInterval: connection.refreshInterval)
            let stream = StreamingDataSource(url: streamingURL, pollingURL: featuresURL, http: http, options: options,
                                             sdkKey: apiToken, events: UnleashStreamEvents())
            await transport.shutdown()
            await stream.run(sink)
            return
        }
        let loop = PollLoop(url: featuresURL, pacing: .stretchedInterval(connection.refreshInterval),
                            maxRetryAfter: http.maxRetryAfter, once: false, payload: { .json($0, format: .unleash) },
                            failedMessage: "Unleash features request failed",
                            refusedMessage: "Unleash refused the API token; polling stops")
        await loop.run(sink, transport)
        await transport.shutdown()
    }

    /// `POST /api/client/register`, once; a failure is logged, never retried (metrics still flow).
    private func register(_ transport: DefinitionsTransport, metricsInterval: Duration, sink: DataSourceSink) async {
        let logger = sink.logger
        var body = UnleashIdentity.bodyFields(connection)
        let custom = (sink.compileOptions.externalConditions as? UnleashCustomStrategies)?.names ?? []
        body["strategies"] = .array((Self.strategies + custom).map(JSONValue.string))
        body["started"] = .string(UnleashIdentity.timestamp(millisecondsSinceEpoch: sink.clock.wallMilliseconds()))
        body["interval"] = .number(Double(UnleashIdentity.milliseconds(metricsInterval)))
        switch await transport.post(registerURL, json: Array(JSONValue.object(body).serialized().utf8)) {
        case .success(let status) where (200..<300).contains(status):
            logger.debug("registered with Unleash", metadata: ["url": "\(registerURL)"])
        case .success(let status):
            logger.warning("Unleash registration answered \(status)", metadata: ["url": "\(registerURL)"])
        case .failure(let failure):
            logger.warning("Unleash registration failed", metadata: ["error": "\(transport.redact(failure.error.message))"])
        }
    }

    /// The wait after `failures` consecutive failures: one more interval each, at most 10.
    static func delay(interval: Duration, afterFailures failures: Int) -> Duration {
        PollLoop.Pacing.stretchedInterval(interval).wait(afterFailures: failures, retryAfter: nil)
    }
}
