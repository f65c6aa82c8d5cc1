import AsyncHTTPClient
import BurgeeCore
import Logging
import NIOCore
import NIOHTTP1

/// Posts each batch as JSON to an event service (the `/events` endpoint of a Burgee service).
///
/// - The body is `EventBatch/jsonBytes` with `Content-Type: application/json` and
///   `X-Burgee-Event-Schema: 1`; the SDK key goes in `Authorization` and nowhere else.
/// - Bodies start uncompressed. Once any response carries an `Accept-Encoding` that lists `gzip`
///   (RFC 7694), later bodies are gzipped; if the service then refuses a gzipped body with 415,
///   the batch is resent uncompressed at once and bodies stay uncompressed from then on.
/// - Any 2xx delivers the batch. A 5xx, a 429 or a network failure (refused or dropped connection,
///   timeout) is retried once after the retry delay, or after a longer `Retry-After` on 429 and 503
///   (at most ``HTTPOptions/maxRetryAfter``). Any other answer fails at once: a 400, 401, 403 or 413
///   would only be repeated. A vendor's sink may retry otherwise (``EventRetryPolicy``), add
///   headers made once per body and kept for its retry, and watch each answer's status and `Date`.
///
/// Redirects are not followed: one could lead to plain http or hand the key to another host.
/// The sink owns its HTTP client, created at the first send: call ``shutdown()`` when done if a
/// batch was sent (the client's `close()` does).
package final class HTTPEventSink: EventSink {
    /// Sent as `User-Agent` unless the custom headers name one.
    static let userAgent = "Burgee-Swift"
    /// The header naming the batch schema version.
    static let schemaHeader = "X-Burgee-Event-Schema"

    private let url: ServiceURL
    private let options: HTTPOptions
    private let retryDelay: Duration
    /// Times the wait before the retry.
    private let clock: ClientClock
    private let sdkKey: SDKKey?
    private let redact: Redactor
    private let logger: Logger
    private let configuration: HTTPClient.Configuration
    /// The body of a batch; `nil` when the batch has nothing this service takes.
    private let encode: @Sendable (EventBatch) -> [UInt8]?
    /// Whether requests carry ``schemaHeader`` (Burgee's event service reads it).
    private let sendsSchemaHeader: Bool
    /// The body's media type.
    private let contentType: String
    /// The `Authorization` value of each request, for services whose credentials change (an
    /// OAuth access token); `nil` sends the SDK key.
    private let authorize: (@Sendable () async -> SDKKey?)?
    /// Which answers are retried.
    private let retryPolicy: EventRetryPolicy
    /// Headers made once per body, sent with its retry too (a payload's id).
    private let bodyHeaders: (@Sendable () -> [(name: String, value: String)])?
    /// Told each answer's status and `Date` header.
    private let observe: (@Sendable (_ status: Int, _ date: String?) -> Void)?
    /// `nil` until the first send; `.none` inside after shutdown.
    private let client = Locked<HTTPClient??>(nil)
    let coding = ContentCodingNegotiation()

    /// A sink posting to `endpoint`.
    /// - Parameters:
    ///   - endpoint: the URL; plain `http` only to loopback unless ``HTTPOptions/allowInsecureHTTP`` is set.
    ///   - sdkKey: sent in `Authorization`; `nil` or empty sends none.
    ///   - http: timeouts, custom headers, the longest `Retry-After` honoured.
    ///   - retryDelay: the wait before the one retry.
    ///   - logger: where retries and the gzip negotiation are logged (at debug and notice levels).
    ///   - clock: what the retry delay is measured on.
    /// - Throws: ``ConfigurationError`` for an invalid or insecure URL, invalid options, or a negative delay.
    package convenience init(endpoint: String, sdkKey: String?, http: HTTPOptions = HTTPOptions(),
                            retryDelay: Duration = .seconds(1), logger: Logger,
                            clock: ClientClock = .continuous) throws(ConfigurationError) {
        try self.init(endpoint: endpoint, sdkKey: SDKKey(sdkKey), http: http, retryDelay: retryDelay, logger: logger,
                      clock: clock, sendsSchemaHeader: true, encode: { $0.jsonBytes })
    }

    /// A sink posting each batch's `encode`d body to `endpoint`, for services with their own
    /// event format (Unleash's metrics).
    package init(endpoint: String, sdkKey: SDKKey?, http: HTTPOptions, retryDelay: Duration, logger: Logger,
         clock: ClientClock = .continuous, sendsSchemaHeader: Bool, contentType: String = "application/json",
         authorize: (@Sendable () async -> SDKKey?)? = nil, retryPolicy: EventRetryPolicy = .serverErrors,
         bodyHeaders: (@Sendable () -> [(name: String, value: String)])? = nil,
         observe: (@Sendable (_ status: Int, _ date: String?) -> Void)? = nil,
         encode: @escaping @Sendable (EventBatch) -> [UInt8]?) throws(ConfigurationError) {
        self.encode = encode
        self.retryPolicy = retryPolicy
        self.bodyHeaders = bodyHeaders
        self.observe = observe
        self.sendsSchemaHeader = sendsSchemaHeader
        self.contentType = contentType
        self.authorize = authorize
        try http.validate()
        guard retryDelay >= .zero else { throw .notPositive("the event retry delay") }
        url = try ServiceURL(endpoint, allowInsecureHTTP: http.allowInsecureHTTP)
        options = http
        self.retryDelay = retryDelay
        self.clock = clock
        self.sdkKey = sdkKey
        redact = Redactor(key: self.sdkKey)
        self.logger = logger
        var configuration = HTTPClient.Configuration()
        configuration.timeout = .init(connect: .init(http.connectTimeout), read: .init(http.requestTimeout))
        configuration.redirectConfiguration = .disallow
        // A refused connection fails the request at once: retries are this client's own backoff,
        // not the HTTP client's reconnection loop, which would hold the request until its deadline.
        configuration.connectionPool.retryConnectionEstablishment = false
        self.configuration = configuration
    }

    /// The HTTP client, created on first use; `nil` after shutdown.
    private func httpClient() -> HTTPClient? {
        client.withLock { client in
            if case .some(let existing) = client { return existing }
            let created = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
            client = .some(created)
            return created
        }
    }

    /// Posts the batch, retrying once when that may help.
    /// - Throws: `EventDeliveryError` when the batch was not delivered; `CancellationError` when
    ///   the task was cancelled before delivery (at once if it happens during the retry wait).
    package func send(_ batch: EventBatch) async throws {
        guard let json = encode(batch) else { return }
        try await send(body: json, events: batch.count)
    }

    /// Posts `json` as it is, retrying once when that may help, for a sink that builds several
    /// bodies from one batch (Split's impressions, counts and events); `events` is for the log.
    /// - Throws: as ``send(_:)``.
    package func send(body json: [UInt8], events: Int) async throws {
        let headers = bodyHeaders?() ?? []
        let first = await post(json, headers)
        let retryAfter: Duration?
        switch first {
        case .delivered:
            return
        case .final(let error):
            throw error
        case .retryable(let error, let asked):
            try Task.checkCancellation()
            retryAfter = asked
            logger.debug("event batch not delivered; retrying once", metadata: ["error": "\(error)", "events": "\(events)"])
        }
        try await clock.sleep(for: delay(retryAfter: retryAfter))
        switch await post(json, headers) {
        case .delivered:
            return
        case .final(var error), .retryable(var error, _):
            try Task.checkCancellation()
            error.attempts = 2
            throw error
        }
    }

    /// Closes the connections; later sends fail.
    package func shutdown() async {
        let existing = client.withLock { client -> HTTPClient? in
            defer { client = .some(nil) }
            return client ?? nil
        }
        try? await existing?.shutdown()
    }

    /// The wait before the retry: the retry delay, or the `Retry-After` asked for when longer, capped.
    func delay(retryAfter: Duration?) -> Duration {
        guard let retryAfter else { return retryDelay }
        return max(retryDelay, min(retryAfter, options.maxRetryAfter))
    }

    /// One try: the body gzipped if negotiated, and resent uncompressed at once if that is refused with 415.
    private func post(_ json: [UInt8], _ headers: [(name: String, value: String)]) async -> EventPostOutcome {
        if coding.usesGzip, let gzipped = GzipEncoding.compress(json) {
            let outcome = await execute(gzipped, gzip: true, headers)
            guard case .final(let error) = outcome, error.statusCode == 415 else { return outcome }
            coding.refuseGzip()
            logger.notice("the event service refused a gzipped body (415); sending uncompressed from now on",
                          metadata: ["endpoint": "\(redact(url.text))"])
        }
        return await execute(ByteBuffer(bytes: json), gzip: false, headers)
    }

    private func execute(_ body: ByteBuffer, gzip: Bool, _ headers: [(name: String, value: String)]) async -> EventPostOutcome {
        let what = "POST \(url)"
        let response: HTTPClientResponse
        do {
            guard let client = httpClient() else { throw HTTPClientError.alreadyShutdown }
            let key = if let authorize { await authorize() } else { sdkKey }
            var request = makeRequest(body, gzip: gzip, key: key)
            for header in headers { request.headers.replaceOrAdd(name: header.name, value: header.value) }
            response = try await client.execute(request, timeout: .init(options.requestTimeout))
        } catch {
            return .thrown(error, what: what, redact: redact)
        }
        if coding.observe(acceptEncoding: response.headers[canonicalForm: "accept-encoding"]) {
            logger.debug("the event service accepts gzip; later batches go gzipped", metadata: ["endpoint": "\(redact(url.text))"])
        }
        // Read what little the answer says so the connection can be reused; the status alone
        // decides: a 2xx whose body breaks off was still accepted, and resending would duplicate it.
        _ = try? await response.body.collect(upTo: 64 << 10)
        observe?(Int(response.status.code), response.headers.first(name: "date"))
        return .answer(response.status, headers: response.headers, message: redact("\(what) answered \(response.status.code)"),
                       policy: retryPolicy)
    }

    private func makeRequest(_ body: ByteBuffer, gzip: Bool, key: SDKKey?) -> HTTPClientRequest {
        var request = HTTPClientRequest(url: url.text)
        request.method = .POST
        for (name, value) in options.headers.sorted(by: { $0.key < $1.key }) {
            request.headers.add(name: name, value: value)
        }
        if !request.headers.contains(name: "User-Agent") {
            request.headers.add(name: "User-Agent", value: Self.userAgent)
        }
        // The body's own headers always win over custom ones.
        request.headers.replaceOrAdd(name: "Content-Type", value: contentType)
        if gzip {
            request.headers.replaceOrAdd(name: "Content-Encoding", value: "gzip")
        } else {
            request.headers.remove(name: "Content-Encoding")
        }
        if sendsSchemaHeader {
            request.headers.replaceOrAdd(name: Self.schemaHeader, value: String(EventBatch.schemaVersion))
        }
        if let key { request.headers.replaceOrAdd(name: "Authorization", value: key.value) }
        request.body = .bytes(body)
        return request
    }
}
