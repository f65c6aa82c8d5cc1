/// Versions as Split's SDKs read them (``DottedVersion``): a string attribute that reads as one
/// compared with the operands; anything else never matches.
package enum DottedVersionOperator {
    /// The comparison.
    package enum Test: Sendable {
        /// The normalised texts are equal (`EQUAL_TO_SEMVER`).
        case equal(DottedVersion)
        /// At least the operand (`GREATER_THAN_OR_EQUAL_TO_SEMVER`).
        case atLeast(DottedVersion)
        /// At most the operand (`LESS_THAN_OR_EQUAL_TO_SEMVER`).
        case atMost(DottedVersion)
        /// Between the two, inclusive (`BETWEEN_SEMVER`).
        case between(DottedVersion, DottedVersion)
        /// The normalised text is one of these (`IN_LIST_SEMVER`).
        case oneOf(Set<String>)
    }

    static func matches(_ value: JSONValue, _ test: Test) -> Bool {
        guard case .string(let s) = value, let version = DottedVersion(s) else { return false }
        switch test {
        case .equal(let operand): return version.normalized.utf8.elementsEqual(operand.normalized.utf8)
        case .atLeast(let operand): return version.compare(operand) >= 0
        case .atMost(let operand): return version.compare(operand) <= 0
        case .between(let start, let end): return start.compare(version) <= 0 && end.compare(version) >= 0
        case .oneOf(let texts): return texts.contains(version.normalized)
        }
    }
}
