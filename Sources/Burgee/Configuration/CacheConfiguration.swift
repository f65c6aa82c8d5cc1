/// Where the last good definitions are kept between runs.
///
/// The document is written to `<directory>/<prefix>.burgee-cache.json` after every good update
/// (temporary file, `fsync`, `rename`), and loaded at start so that the client is ready at once.
public struct CacheConfiguration: Sendable, Hashable {
    /// The directory; created when missing.
    public var directory: String
    /// Tells apart clients sharing a directory: `^[a-zA-Z0-9_]{1,80}$`.
    public var prefix: String

    /// A cache in `directory` under `prefix` (checked when the client is created).
    public static func directory(_ directory: String, prefix: String) -> CacheConfiguration {
        CacheConfiguration(directory: directory, prefix: prefix)
    }

    /// The cache file's path.
    public var filePath: String {
        (directory.hasSuffix("/") ? directory : directory + "/") + prefix + ".burgee-cache.json"
    }

    /// Whether `prefix` is 1 to 80 ASCII letters, digits or underscores.
    public static func isValidPrefix(_ prefix: String) -> Bool {
        let bytes = prefix.utf8
        return (1...80).contains(bytes.count) && bytes.allSatisfy { b in
            (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) || b == 0x5F
        }
    }
}
