/// How the network sources talk to a definitions service.
public struct HTTPOptions: Sendable {
    /// The default largest body: 50 MB.
    public static let defaultMaxBodyBytes = 50 * 1024 * 1024

    /// Extra request headers (a proxy's or gateway's, say). `Authorization` is reserved for the SDK key.
    public var headers: [String: String]
    /// Allows plain `http://` to hosts other than loopback (`localhost`, `127.0.0.0/8`, `::1`).
    public var allowInsecureHTTP: Bool
    /// How long connecting may take.
    public var connectTimeout: Duration
    /// How long a definitions request may take until its headers arrive, and the longest pause
    /// while its body arrives.
    public var requestTimeout: Duration
    /// Larger bodies (and, when streaming, larger events) are refused without being held in memory.
    public var maxBodyBytes: Int
    /// Delays between retries after failures.
    package var backoff: Backoff

    /// The delay after the first consecutive failure (its lower bound) and the longest delay (its
    /// upper bound): each further failure doubles the delay, up to the longest. 1 to 30 seconds by
    /// default.
    public var retryDelays: ClosedRange<Duration> {
        get { backoff.initial...max(backoff.initial, backoff.maximum) }
        set { backoff.initial = newValue.lowerBound; backoff.maximum = newValue.upperBound }
    }

    /// The fraction (0...1) of each retry delay taken off at random, so that many clients do not
    /// retry in step; 0.5 by default.
    public var retryJitter: Double {
        get { backoff.jitter }
        set { backoff.jitter = newValue }
    }
    /// The longest `Retry-After` that is honoured; longer requests wait this long.
    public var maxRetryAfter: Duration
    /// The `User-Agent` sent; a vendor's connection sets the name its service expects.
    package var userAgent = "Burgee-Swift"

    /// Options; the defaults suit a service on the internet.
    public init(headers: [String: String] = [:], allowInsecureHTTP: Bool = false,
                connectTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(10),
                maxBodyBytes: Int = HTTPOptions.defaultMaxBodyBytes,
                retryDelays: ClosedRange<Duration> = .seconds(1)...(.seconds(30)), retryJitter: Double = 0.5,
                maxRetryAfter: Duration = .seconds(600)) {
        self.init(headers: headers, allowInsecureHTTP: allowInsecureHTTP, connectTimeout: connectTimeout,
                  requestTimeout: requestTimeout, maxBodyBytes: maxBodyBytes,
                  backoff: Backoff(initial: retryDelays.lowerBound, maximum: retryDelays.upperBound,
                                               jitter: retryJitter),
                  maxRetryAfter: maxRetryAfter)
    }

    /// Options with a backoff given whole.
    package init(headers: [String: String] = [:], allowInsecureHTTP: Bool = false,
                 connectTimeout: Duration = .seconds(5), requestTimeout: Duration = .seconds(10),
                 maxBodyBytes: Int = HTTPOptions.defaultMaxBodyBytes, backoff: Backoff,
                 maxRetryAfter: Duration = .seconds(600)) {
        self.headers = headers
        self.allowInsecureHTTP = allowInsecureHTTP
        self.connectTimeout = connectTimeout
        self.requestTimeout = requestTimeout
        self.maxBodyBytes = maxBodyBytes
        self.backoff = backoff
        self.maxRetryAfter = maxRetryAfter
    }

    package func validate() throws(ConfigurationError) {
        guard connectTimeout > .zero else { throw .notPositive("the connect timeout") }
        guard requestTimeout > .zero else { throw .notPositive("the request timeout") }
        guard maxBodyBytes > 0 else { throw .notPositive("the body size limit") }
        guard maxRetryAfter > .zero else { throw .notPositive("the longest Retry-After") }
        guard backoff.isValid else { throw .invalidBackoff }
        if let reserved = headers.keys.first(where: { $0.lowercased() == "authorization" }) {
            throw .reservedHeader(reserved)
        }
    }
}
