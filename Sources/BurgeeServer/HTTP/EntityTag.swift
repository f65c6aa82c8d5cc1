import BurgeeCore

/// Strong entity tags for definitions documents, and `If-None-Match` matching.
enum EntityTag {
    /// `"<version>-<murmur3 x86_32 of the body, 8 hex digits>"`: the version alone could repeat
    /// across restarts with different content; the hash tells such documents apart.
    static func make(version: Int64, body: [UInt8]) -> String {
        let hex = String(Murmur3.hash(body), radix: 16)
        return "\"\(version)-\(String(repeating: "0", count: 8 - hex.count))\(hex)\""
    }

    /// Whether an `If-None-Match` value names `etag`: `*`, the tag itself or a comma-separated list
    /// holding it. The comparison is weak, as RFC 9110 asks for `If-None-Match`: `W/` is ignored.
    static func ifNoneMatch(_ header: String, matches etag: String) -> Bool {
        for candidate in header.split(separator: ",") {
            var tag = candidate.trimmingSpaces
            if tag == "*" { return true }
            if tag.hasPrefix("W/") { tag = tag.dropFirst(2) }
            if tag == etag[...] { return true }
        }
        return false
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: Substring {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }
}
