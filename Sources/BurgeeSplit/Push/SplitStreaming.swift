import Burgee

/// Whether and how a Split client listens to Split's streaming service (SSE push) besides
/// polling: notifications of changes make it fetch at once, and it stops polling while the stream
/// is up, as Split's server SDKs do.
public struct SplitStreaming: Sendable {
    /// Whether the client streams; when off, it only polls.
    public var isEnabled: Bool
    /// The auth service's base URL (`<authURL>/v2/auth`); `nil` for Split's
    /// (`https://auth.split.io/api`), or the SDK URL when that is not Split's (a Split Proxy or
    /// `burgee serve`, which serve everything below one base).
    public var authURL: String?
    /// The streaming service's base URL (`<streamingURL>/event-stream`); `nil` for Split's
    /// (`https://streaming.split.io`), or the SDK URL when that is not Split's.
    public var streamingURL: String?
    /// The connection is dropped and reopened when nothing (message or keepalive) arrives for this
    /// long; Split's SDKs wait 70 seconds.
    public var idleTimeout: Duration
    /// How long before the token expires it is renewed (a new auth call and connection), as
    /// Split's SDKs renew it 10 minutes early; for a token that lives no longer than this,
    /// halfway through what is left.
    public var tokenRefreshMargin: Duration

    /// Split's service URL for auth.
    static let splitAuthURL = "https://auth.split.io/api"
    /// Split's service URL for streaming.
    static let splitStreamingURL = "https://streaming.split.io"

    /// Streaming settings; the defaults are Split's.
    public init(isEnabled: Bool = true, authURL: String? = nil, streamingURL: String? = nil,
                idleTimeout: Duration = .seconds(70), tokenRefreshMargin: Duration = .seconds(600)) {
        self.isEnabled = isEnabled
        self.authURL = authURL
        self.streamingURL = streamingURL
        self.idleTimeout = idleTimeout
        self.tokenRefreshMargin = tokenRefreshMargin
    }

    /// No streaming: the client only polls.
    public static let off = SplitStreaming(isEnabled: false)

    /// The auth base for a client of `sdkURL`, without a trailing slash.
    func authBase(sdkURL: String) -> String {
        Self.trimmed(authURL ?? (SplitPolling.isSplits(sdkURL) ? Self.splitAuthURL : sdkURL))
    }

    /// The streaming base for a client of `sdkURL`, without a trailing slash.
    func streamingBase(sdkURL: String) -> String {
        Self.trimmed(streamingURL ?? (SplitPolling.isSplits(sdkURL) ? Self.splitStreamingURL : sdkURL))
    }

    func validate() throws(ConfigurationError) {
        guard idleTimeout > .zero else { throw .notPositive("the Split stream's idle timeout") }
        guard tokenRefreshMargin >= .zero else { throw .notPositive("the Split token refresh margin") }
    }

    static func trimmed(_ url: String) -> String {
        url.hasSuffix("/") ? String(url.dropLast()) : url
    }
}
