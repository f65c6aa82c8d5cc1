/// A version of exactly three numeric parts (`MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`, as the
/// Rust `semver` crate reads one; `1.2` and `v1.2.3` are not versions) compared with an operand.
///
/// By semver precedence, build metadata ignored; or, with `countsBuild`, in the total order of
/// the Rust crate's `Version`, where equal precedence is then ordered by build metadata (none
/// first, then identifier by identifier: numbers numerically and before text, text by bytes).
/// An attribute that is not such a string is false for every comparison, inequality included.
package enum FullSemVerOperator {
    /// How the attribute's version must stand to the operand.
    package enum Comparison: Sendable {
        case equal, notEqual, less, lessOrEqual, greater, greaterOrEqual

        /// Whether an order (-1, 0 or 1: the attribute below, equal to or above the operand) passes.
        @inline(__always)
        func holds(_ order: Int) -> Bool {
            switch self {
            case .equal: return order == 0
            case .notEqual: return order != 0
            case .less: return order < 0
            case .lessOrEqual: return order <= 0
            case .greater: return order > 0
            case .greaterOrEqual: return order >= 0
            }
        }
    }

    /// The comparison, its operand and the order it uses.
    package struct Test: Sendable {
        package var comparison: Comparison
        package var operand: SemanticVersion
        package var countsBuild: Bool

        package init(_ comparison: Comparison, _ operand: SemanticVersion, countsBuild: Bool) {
            self.comparison = comparison
            self.operand = operand
            self.countsBuild = countsBuild
        }
    }

    /// The version in `text` when it has three numeric parts; `nil` otherwise.
    package static func version(_ text: String) -> SemanticVersion? {
        guard hasThreeParts(text), let version = SemanticVersion(parsing: text) else { return nil }
        return version
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ test: Test) -> Bool {
        guard case .string(let s) = value, hasThreeParts(s) else { return false }
        return matches(SemanticVersion(parsing: s), test)
    }

    /// Whether the attribute's version of three parts (`nil`: not a version) passes the test.
    @inline(__always)
    static func matches(_ version: SemanticVersion?, _ test: Test) -> Bool {
        guard let version else { return false }
        var order = version < test.operand ? -1 : (test.operand < version ? 1 : 0)
        if order == 0, test.countsBuild { order = compareBuild((version.build ?? "").utf8, (test.operand.build ?? "").utf8) }
        return test.comparison.holds(order)
    }

    /// Two dots before any `-` or `+`.
    @inline(__always)
    static func hasThreeParts(_ text: String) -> Bool {
        var dots = 0
        for byte in text.utf8 {
            if byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") { break }
            if byte == UInt8(ascii: ".") { dots &+= 1 }
        }
        return dots == 2
    }

    /// Build metadata in the Rust crate's order: none first, then identifiers in turn.
    static func compareBuild(_ a: Substring.UTF8View, _ b: Substring.UTF8View) -> Int {
        if a.isEmpty || b.isEmpty { return a.isEmpty == b.isEmpty ? 0 : (a.isEmpty ? -1 : 1) }
        return SemanticVersion.compareIdentifiers(a, b)
    }
}
