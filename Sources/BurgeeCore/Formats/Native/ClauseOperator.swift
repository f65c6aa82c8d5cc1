/// The operators a clause can use (design §2).
package enum ClauseOperator: String, Sendable, Hashable, CaseIterable {
    /// JSON equality with any value.
    case `in`
    /// String prefix.
    case startsWith
    /// String suffix.
    case endsWith
    /// Substring.
    case contains
    /// Regular-expression search (``PortableRegex``).
    case matches
    /// Number below.
    case lessThan
    /// Number below or equal.
    case lessThanOrEqual
    /// Number above.
    case greaterThan
    /// Number above or equal.
    case greaterThanOrEqual
    /// Instant earlier than (Unix milliseconds or RFC 3339).
    case before
    /// Instant later than.
    case after
    /// Same semantic version.
    case semVerEqual
    /// Lower semantic version.
    case semVerLessThan
    /// Higher semantic version.
    case semVerGreaterThan
    /// Lower or equal semantic version.
    case semVerLessThanOrEqual
    /// Higher or equal semantic version.
    case semVerGreaterThanOrEqual
    /// IP address within a CIDR range.
    case inCIDR
    /// Context in a segment.
    case segmentMatch

    /// Whether `caseInsensitive` applies to this operator.
    package var honoursCaseInsensitive: Bool {
        switch self {
        case .in, .startsWith, .endsWith, .contains, .matches: return true
        default: return false
        }
    }
}

extension ClauseOperator {
    /// The program's operator for this native operator (not `segmentMatch`, which is a condition
    /// of its own), its values parsed once.
    func parse(_ values: [JSONValue], lowercase: Bool, at path: JSONPointer, _ r: inout ModelReader) -> Operator {
        switch self {
        case .in: return EqualityOperator.parse(values, lowercase: lowercase)
        case .startsWith: return StringOperator.parse(.prefix, values, lowercase: lowercase, at: path, &r)
        case .endsWith: return StringOperator.parse(.suffix, values, lowercase: lowercase, at: path, &r)
        case .contains: return StringOperator.parse(.substring, values, lowercase: lowercase, at: path, &r)
        case .matches: return RegexOperator.parse(values, caseInsensitive: lowercase, at: path, &r)
        case .lessThan: return NumberOperator.parse(.less, values, at: path, &r)
        case .lessThanOrEqual: return NumberOperator.parse(.lessOrEqual, values, at: path, &r)
        case .greaterThan: return NumberOperator.parse(.greater, values, at: path, &r)
        case .greaterThanOrEqual: return NumberOperator.parse(.greaterOrEqual, values, at: path, &r)
        case .before: return DateOperator.parse(.before, values, at: path, &r)
        case .after: return DateOperator.parse(.after, values, at: path, &r)
        case .semVerEqual: return SemVerOperator.parse(.equal, values, at: path, &r)
        case .semVerLessThan: return SemVerOperator.parse(.less, values, at: path, &r)
        case .semVerGreaterThan: return SemVerOperator.parse(.greater, values, at: path, &r)
        case .semVerLessThanOrEqual: return SemVerOperator.parse(.lessOrEqual, values, at: path, &r)
        case .semVerGreaterThanOrEqual: return SemVerOperator.parse(.greaterOrEqual, values, at: path, &r)
        case .inCIDR: return CIDROperator.parse(values, at: path, &r)
        case .segmentMatch: preconditionFailure("segmentMatch is a condition, not an attribute operator")
        }
    }
}
