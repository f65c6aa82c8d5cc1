/// Versions of any number of numeric parts (``ExtendedVersion``), Datadog's `SEMVER_*`: a string
/// attribute that reads as one compared with the operand; anything else is false for every
/// comparison, inequality included.
package enum ExtendedVersionOperator {
    /// The comparison and its operand.
    package struct Test: Sendable {
        package var comparison: FullSemVerOperator.Comparison
        /// A text ``ExtendedVersion/isVersion(_:)`` accepts.
        package var operand: String

        /// A test of `operand`, which must be a version.
        package init(_ comparison: FullSemVerOperator.Comparison, _ operand: String) {
            precondition(ExtendedVersion.isVersion(operand), "the operand of a version test is a version")
            self.comparison = comparison
            self.operand = operand
        }
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ test: Test) -> Bool {
        guard case .string(let s) = value, let order = ExtendedVersion.compare(s, test.operand) else { return false }
        return test.comparison.holds(order)
    }
}
