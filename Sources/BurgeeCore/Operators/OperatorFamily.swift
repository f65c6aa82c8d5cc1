/// An operator family as a format's operator table names it (``OperatorNameTable``): which
/// ``Operator`` a name compiles to, before its operand values are known.
///
/// Each case is one family of `Families/` (and its comparison or direction), plus
/// ``segmentMatch``, which formats spell as an operator but which is a condition of its own.
package enum OperatorFamily: Sendable, Equatable {
    /// JSON equality with any of the values (``EqualityOperator``).
    case equality
    /// Prefix, suffix or substring (``StringOperator``).
    case string(StringOperator.Test)
    /// Regular-expression search (``RegexOperator``).
    case regex
    /// A number compared with the operands (``NumberOperator``).
    case number(NumericComparison)
    /// An instant before or after the operands (``DateOperator``).
    case date(DateOperator.Direction)
    /// An instant read as Go reads it, LaunchDarkly's dates (``GoDateOperator``).
    case goDate(DateOperator.Direction)
    /// A semantic version compared with the operands (``SemVerOperator``).
    case semVer(NumericComparison)
    /// An IP address within a CIDR range (``CIDROperator``).
    case cidr
    /// A number or a decimal string compared with the operands (``NumberTextOperator``).
    case numberText(NumericComparison)
    /// Membership in segments: a ``Condition/segmentMatch(_:)``, not an attribute test.
    case segmentMatch

    /// The program's operator for `values` (lowercased first when `lowercase`), each value that
    /// can never match reported at `path/i`. Not for ``segmentMatch``.
    func parse(_ values: [JSONValue], lowercase: Bool, at path: JSONPointer, _ r: inout ModelReader) -> Operator {
        switch self {
        case .equality: return EqualityOperator.parse(values, lowercase: lowercase)
        case .string(let test): return StringOperator.parse(test, values, lowercase: lowercase, at: path, &r)
        case .regex: return RegexOperator.parse(values, caseInsensitive: lowercase, at: path, &r)
        case .number(let comparison): return NumberOperator.parse(comparison, values, at: path, &r)
        case .date(let direction): return DateOperator.parse(direction, values, at: path, &r)
        case .goDate(let direction): return GoDateOperator.parse(direction, values, at: path, &r)
        case .semVer(let comparison): return SemVerOperator.parse(comparison, values, at: path, &r)
        case .cidr: return CIDROperator.parse(values, at: path, &r)
        case .numberText(let comparison): return NumberTextOperator.parse(comparison, values, at: path, &r)
        case .segmentMatch: preconditionFailure("segmentMatch is a condition, not an attribute operator")
        }
    }
}
