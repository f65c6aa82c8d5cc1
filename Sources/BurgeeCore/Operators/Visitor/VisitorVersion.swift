/// A version as Kameleoon's Python SDK reads one (`SemVersion.from_string`): up to three
/// dot-separated integers as Python's `int()` reads them, missing parts 0, parts after the third
/// ignored whatever they hold; any other text is no version.
struct VisitorVersion: Sendable {
    let major: Double
    let minor: Double
    let patch: Double

    init?(_ text: String) {
        var parts: (Double, Double, Double) = (0, 0, 0)
        let whole = Substring(text)
        var start = whole.startIndex
        for i in 0..<3 {
            let end = whole[start...].firstIndex(of: ".") ?? whole.endIndex
            guard let value = PythonInteger.parse(whole[start..<end]) else { return nil }
            switch i {
            case 0: parts.0 = value
            case 1: parts.1 = value
            default: parts.2 = value
            }
            if end == whole.endIndex { break }
            start = whole.index(after: end)
        }
        major = parts.0
        minor = parts.1
        patch = parts.2
    }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    func compare(_ other: VisitorVersion) -> Int {
        if major != other.major { return major < other.major ? -1 : 1 }
        if minor != other.minor { return minor < other.minor ? -1 : 1 }
        if patch != other.patch { return patch < other.patch ? -1 : 1 }
        return 0
    }

    /// Python's `float(f"{major}.{minor}")` (so `1.10` is `1.1`); `nil` when that text is no
    /// number (a negative minor part) or the parts are beyond 64-bit integers.
    var majorMinor: Double? {
        guard minor >= 0, let a = JSONValue.exactInt64(major), let b = JSONValue.exactInt64(minor) else { return nil }
        return Double("\(a).\(b)")
    }
}

/// A version test of a Kameleoon condition (`APPLICATION_VERSION`, `SDK_LANGUAGE`): the
/// condition's version, parsed once, against the visitor's (or the SDK's).
struct VisitorVersionMatch: Sendable {
    let comparison: VisitorNumberMatch.Comparison
    let version: VisitorVersion?

    /// Reads `version` and `versionMatchType` (any case) as Python's `VersionCondition` does: an
    /// absent or empty version, or one that does not parse, never matches.
    init(version: JSONValue?, matchType: JSONValue?) {
        var parsed: VisitorVersion? = nil
        if let version, Self.isTruthy(version) { parsed = VisitorVersion(PythonText.str(version)) }
        self.version = parsed
        switch matchType.map({ PythonText.str($0).uppercased() }) {
        case "EQUAL"?: comparison = .equal
        case "GREATER"?: comparison = .greater
        case "LOWER"?: comparison = .lower
        default: comparison = .never
        }
    }

    /// Whether `text` reads as a version that compares: equal, greater than or lower than the
    /// condition's.
    func matches(_ text: String) -> Bool {
        guard let version, let other = VisitorVersion(text) else { return false }
        let order = other.compare(version)
        switch comparison {
        case .equal: return order == 0
        case .greater: return order > 0
        case .lower: return order < 0
        case .never: return false
        }
    }

    private static func isTruthy(_ value: JSONValue) -> Bool {
        switch value {
        case .null: return false
        case .bool(let b): return b
        case .number(let n): return n != 0
        case .string(let s): return !s.isEmpty
        case .array(let a): return !a.isEmpty
        case .object(let o): return !o.isEmpty
        }
    }
}
