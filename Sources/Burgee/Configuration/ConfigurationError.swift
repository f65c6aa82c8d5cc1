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

    /// What is wrong.
    public var description: String {
        switch self {
        case .invalidCachePrefix(let p):
            return "cache prefix '\(p)' must be 1 to 80 characters from A-Z, a-z, 0-9 and _"
        case .emptyCacheDirectory: return "the cache directory path is empty"
        case .emptyFilePath: return "the definitions file path is empty"
        case .notPositive(let name): return "\(name) must be positive"
        }
    }
}
