/// The `semVer*` operators: semver 2.0 precedence (``SemanticVersion``).
enum SemVerOperator {
    static func parse(_ comparison: NumericComparison, _ values: [JSONValue], at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        .semVer(comparison, OperandParser(path: path).parse(values, "a semantic version", &r) {
            $0.stringValue.flatMap(SemanticVersion.init(parsing:))
        })
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ comparison: NumericComparison, _ versions: [SemanticVersion]) -> Bool {
        guard case .string(let s) = value else { return false }
        return matches(SemanticVersion(parsing: s), comparison, versions)
    }

    /// Whether the attribute's version (`nil`: not a version) compares as asked with any of the versions.
    @inline(__always)
    static func matches(_ version: SemanticVersion?, _ comparison: NumericComparison, _ versions: [SemanticVersion]) -> Bool {
        guard let version else { return false }
        for other in versions where comparison.holds(version, other) { return true }
        return false
    }
}
