import Burgee
import BurgeeCore

/// Where a relaying server takes its definitions from and sends the posts it receives: the
/// vendor's service, a proxy of the vendor's, or another `burgee serve`.
///
/// ```swift
/// let upstream = RelayUpstream(format: .launchDarkly, url: "https://relay.example.com", key: sdkKey)
/// ```
public struct RelayUpstream: Sendable {
    /// The format served, and so the vendor's protocol spoken upstream.
    public var format: DefinitionsFormat
    /// The URL a client of the format is given: what `burgee serve` announces for it (for a native
    /// server its origin, for Unleash `…/api`, for flagd the document's URL, for Split `…/api`, for
    /// Eppo `…/api`, for the others the origin).
    public var url: String
    /// The vendor's credential: LaunchDarkly's SDK key, Unleash's client API token, Split's SDK
    /// key, Eppo's SDK key, Datadog's API key, Kameleoon's site code, a native server's SDK key;
    /// `nil` for none (flagd, a server without a key).
    public var key: String?
    /// The base the posts' paths are appended to when they are forwarded (`/bulk`,
    /// `/api/client/metrics`, `/api/testImpressions/bulk`, …); by default the origin of ``url``.
    public var eventsURL: String?
    /// How often the definitions are polled (and, for streaming protocols, while their stream is down).
    public var pollInterval: Duration
    /// Whether the protocol's stream is used where the vendor streams (native, Unleash,
    /// LaunchDarkly, Split); off, every format polls.
    public var streaming: Bool
    /// Timeouts, extra headers, whether plain `http` is allowed beyond loopback.
    public var http: HTTPOptions
    /// Where the last good definitions are kept, so that a restarted relay serves at once.
    public var cache: CacheConfiguration?

    /// An upstream; streaming where the vendor streams, polling every 30 seconds otherwise.
    public init(format: DefinitionsFormat, url: String, key: String? = nil, eventsURL: String? = nil,
                pollInterval: Duration = .seconds(30), streaming: Bool = true, http: HTTPOptions = HTTPOptions(),
                cache: CacheConfiguration? = nil) {
        self.format = format
        self.url = url
        self.key = key
        self.eventsURL = eventsURL
        self.pollInterval = pollInterval
        self.streaming = streaming
        self.http = http
        self.cache = cache
    }

    /// ``url`` without a trailing slash, for appending a path.
    var base: String { url.hasSuffix("/") ? String(url.dropLast()) : url }

    /// Where forwarded posts go: ``eventsURL``, or the origin of ``url`` (scheme, host and port).
    var forwardingBase: String {
        if let eventsURL { return eventsURL.hasSuffix("/") ? String(eventsURL.dropLast()) : eventsURL }
        guard let scheme = url.range(of: "://") else { return base }
        let rest = url[scheme.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(url[..<scheme.upperBound]) + host
    }
}
