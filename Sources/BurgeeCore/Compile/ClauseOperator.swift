/// The operators a clause can use (design §2).
public enum ClauseOperator: String, Sendable, Hashable, CaseIterable {
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
    public var honoursCaseInsensitive: Bool {
        switch self {
        case .in, .startsWith, .endsWith, .contains, .matches: return true
        default: return false
        }
    }
}
