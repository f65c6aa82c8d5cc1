/// A configuration the client refuses.
public enum ConfigurationError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The cache prefix is not `^[a-zA-Z0-9_]{1,80}$`.
    case invalidCachePrefix(String)
    /// The cache directory path is empty.
    case emptyCacheDirectory
    /// A file source's path is empty.
    case emptyFilePath
    /// A duration or size that must be positive is not.
    case notPositive(String)
    /// A source URL is not an absolute `http` or `https` URL with a host (and no user info).
    case invalidURL(String)
    /// A plain `http` URL to a host other than loopback, without `allowInsecureHTTP`.
    case insecureURL(String)
    /// HTTPOptions.Backoff delays not positive, `initial` above `maximum`, or jitter outside 0...1.
    case invalidBackoff
    /// A custom header that the client sets itself.
    case reservedHeader(String)
    /// A vendor connection that cannot work, and why.
    case invalidConnection(String)

    /// What is wrong.
    public var description: String {
        switch self {
        case .invalidCachePrefix(let p):
            return "cache prefix '\(p)' must be 1 to 80 characters from A-Z, a-z, 0-9 and _"
        case .emptyCacheDirectory: return "the cache directory path is empty"
        case .emptyFilePath: return "the definitions file path is empty"
        case .notPositive(let name): return "\(name) must be positive"
        case .invalidURL(let url): return "'\(url)' is not an absolute http or https URL with a host and no user info"
        case .insecureURL(let url):
            return "'\(url)' uses plain http to a host other than loopback; use https or set allowInsecureHTTP"
        case .invalidBackoff: return "backoff delays must be positive with initial <= maximum, and jitter within 0...1"
        case .reservedHeader(let name): return "header '\(name)' is reserved: the SDK key goes in Authorization"
        case .invalidConnection(let why): return "invalid connection: \(why)"
        }
    }
}
