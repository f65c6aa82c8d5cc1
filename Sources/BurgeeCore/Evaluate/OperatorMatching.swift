extension CompiledOperator {
    /// Whether one attribute value (never an array: the caller tries each element) matches any
    /// clause value. Type mismatches are simply false.
    @inline(__always)
    func matches(_ value: JSONValue) -> Bool {
        switch self {
        case .oneOf(let set):
            return set.contains(value)
        case .startsWith(let prefixes):
            guard case .string(let s) = value else { return false }
            for prefix in prefixes where s.utf8.starts(with: prefix.utf8) { return true }
            return false
        case .endsWith(let suffixes):
            guard case .string(let s) = value else { return false }
            let utf8 = s.utf8
            for suffix in suffixes where utf8.count >= suffix.utf8.count && utf8.suffix(suffix.utf8.count).elementsEqual(suffix.utf8) {
                return true
            }
            return false
        case .contains(let needles):
            guard case .string(let s) = value else { return false }
            for needle in needles where UTF8Search.contains(s, needle) { return true }
            return false
        case .matches(let regexes):
            guard case .string(let s) = value else { return false }
            for regex in regexes where regex.matches(s) { return true }
            return false
        case .number(let comparison, let numbers):
            guard case .number(let n) = value else { return false }
            for number in numbers where comparison.holds(n, number) { return true }
            return false
        case .before(let instants):
            guard let t = Timestamp(attribute: value) else { return false }
            for instant in instants where t < instant { return true }
            return false
        case .after(let instants):
            guard let t = Timestamp(attribute: value) else { return false }
            for instant in instants where t > instant { return true }
            return false
        case .semVer(let comparison, let versions):
            guard case .string(let s) = value, let version = SemanticVersion(parsing: s) else { return false }
            for other in versions where comparison.holds(version, other) { return true }
            return false
        case .inCIDR(let ranges):
            guard case .string(let s) = value, let address = IPAddress(parsing: s) else { return false }
            for range in ranges where range.contains(address) { return true }
            return false
        }
    }
}

/// Substring search on UTF-8 bytes. Searching bytes finds exactly the scalar-sequence matches,
/// because UTF-8 never starts a scalar inside another.
enum UTF8Search {
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack
        var needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in
                if n.isEmpty { return true }
                guard h.count >= n.count else { return false }
                let first = n[0]
                var i = 0
                let last = h.count - n.count
                while i <= last {
                    if h[i] == first {
                        var j = 1
                        while j < n.count && h[i + j] == n[j] { j += 1 }
                        if j == n.count { return true }
                    }
                    i += 1
                }
                return false
            }
        }
    }
}
