/// An operator with its clause values parsed once: what the evaluator runs for one attribute value.
///
/// An enum rather than a protocol so that matching is a switch, with no existential boxing.
/// Clause values that can never match (a number given to `startsWith`, an invalid version) are
/// dropped here and reported by the compiler as warnings.
enum CompiledOperator: Sendable {
    case oneOf(ValueSet)
    case startsWith([String])
    case endsWith([String])
    case contains([String])
    case matches([PortableRegex])
    case number(NumericComparison, [Double])
    case before([Timestamp])
    case after([Timestamp])
    case semVer(NumericComparison, [SemanticVersion])
    case inCIDR([IPAddressRange])
}

/// The comparison of an ordering operator: attribute ⟨comparison⟩ clause value.
enum NumericComparison: Sendable {
    case equal, less, lessOrEqual, greater, greaterOrEqual

    @inline(__always)
    func holds<T: Comparable>(_ lhs: T, _ rhs: T) -> Bool {
        switch self {
        case .equal: return lhs == rhs
        case .less: return lhs < rhs
        case .lessOrEqual: return lhs <= rhs
        case .greater: return lhs > rhs
        case .greaterOrEqual: return lhs >= rhs
        }
    }
}
