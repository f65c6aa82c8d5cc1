/// A version as Split's SDKs read one (`1.2.3`, `1.2.3-rc.1`, `1.2.3-rc.1+build.5`): build
/// metadata after the first `+` (not empty), a pre-release after the first `-` (not empty,
/// identifiers separated by dots, numeric ones normalised: `01` is `1`), and exactly three
/// dot-separated integers as Python's `int()` reads them (so ` 1` and `0_1` are numbers too).
///
/// Two versions are equal when their normalised texts are (build metadata counts); they are
/// ordered by major, minor and patch, then a version without pre-release is greater, then
/// identifier by identifier (both numeric: as numbers; else by Unicode scalars), then the one
/// with more identifiers (build metadata does not count).
package struct DottedVersion: Sendable, Equatable {
    package let major: Double
    package let minor: Double
    package let patch: Double
    package let preRelease: [String]
    /// The normalised text, which equality compares.
    package let normalized: String

    /// Reads `text`; `nil` when Split's SDKs would not.
    package init?(_ text: String) {
        var rest = Substring(text)
        var metadata: Substring = ""
        if let plus = rest.firstIndex(of: "+") {
            metadata = rest[rest.index(after: plus)...]
            guard !metadata.isEmpty else { return nil }
            rest = rest[..<plus]
        }
        var preRelease: [String] = []
        if let minus = rest.firstIndex(of: "-") {
            let data = rest[rest.index(after: minus)...]
            guard !data.isEmpty else { return nil }
            for identifier in data.split(separator: ".", omittingEmptySubsequences: false) {
                if Self.isNumeric(identifier) {
                    guard let value = PythonInteger.parse(identifier) else { return nil }
                    preRelease.append(Self.decimal(value))
                } else {
                    preRelease.append(String(identifier))
                }
            }
            rest = rest[..<minus]
        }
        let parts = rest.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3, let major = PythonInteger.parse(parts[0]), let minor = PythonInteger.parse(parts[1]),
              let patch = PythonInteger.parse(parts[2]) else { return nil }
        self.major = major
        self.minor = minor
        self.patch = patch
        self.preRelease = preRelease
        var normalized = "\(Self.decimal(major)).\(Self.decimal(minor)).\(Self.decimal(patch))"
        if !preRelease.isEmpty { normalized += "-" + preRelease.joined(separator: ".") }
        if !metadata.isEmpty { normalized += "+" + metadata }
        self.normalized = normalized
    }

    /// Python's `str.isnumeric`: not empty, every character numeric (digits of any script,
    /// fractions and numerals included, which `int()` then refuses).
    private static func isNumeric(_ s: Substring) -> Bool {
        !s.isEmpty && s.unicodeScalars.allSatisfy { $0.properties.numericType != nil }
    }

    private static func decimal(_ value: Double) -> String {
        JSONValue.exactInt64(value).map { String($0) } ?? "\(value)"
    }

    /// -1, 0 or 1 as `self` is below, equal to or above `other`.
    package func compare(_ other: DottedVersion) -> Int {
        if normalized == other.normalized { return 0 }
        for (a, b) in [(major, other.major), (minor, other.minor), (patch, other.patch)] where a != b {
            return a < b ? -1 : 1
        }
        if preRelease.isEmpty != other.preRelease.isEmpty { return preRelease.isEmpty ? 1 : -1 }
        for (a, b) in zip(preRelease, other.preRelease) where a != b {
            if Self.isNumeric(Substring(a)), Self.isNumeric(Substring(b)), let x = PythonInteger.parse(a), let y = PythonInteger.parse(b) {
                if x != y { return x < y ? -1 : 1 }
                continue
            }
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        }
        return preRelease.count == other.preRelease.count ? 0 : (preRelease.count < other.preRelease.count ? -1 : 1)
    }
}
