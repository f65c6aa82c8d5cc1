/// An attribute test's operator with its operand values parsed once: what the evaluator runs for
/// one attribute value.
///
/// One case per operator family; each family's file holds its parsing and its matching side by
/// side, so adding an operator is one case here plus one file (and its name in the formats that
/// have it). An enum rather than a protocol, so matching is a switch with no existential boxing.
/// Operand values that can never match (a number given to `startsWith`, an invalid version) are
/// dropped when parsing and reported as warnings.
package indirect enum Operator: Sendable {
    /// JSON equality with any of the values (`in`).
    case equality(ValueSet)
    /// Prefix, suffix or substring of any of the strings.
    case string(StringOperator.Test, StringOperands)
    /// Search by any of the regular expressions.
    case regex([PortableRegex])
    /// A number compared with any of the numbers.
    case number(NumericComparison, [Double])
    /// An instant before or after any of the instants.
    case date(DateOperator.Direction, [Timestamp])
    /// An instant, read as Go reads it (LaunchDarkly's dates), before or after any of the instants.
    case goDate(DateOperator.Direction, [Timestamp])
    /// A semantic version compared with any of the versions.
    case semVer(NumericComparison, [SemanticVersion])
    /// An IP address within any of the ranges.
    case cidr([IPAddressRange])
    /// A number, or a string that reads as a decimal number, compared with any of the numbers
    /// (Unleash's `NUM_*`, whose context values are strings).
    case numberText(NumericComparison, [Double])
    /// The value read as text (``TextOperator``: a string as is, another value as Python's
    /// `json.dumps` writes it), then the inner operator (Split's string matchers).
    case text(Operator)
    /// An integer, or a string Python's `int()` reads, within an inclusive range (``IntegerRangeOperator``).
    case integerRange(WideInteger, WideInteger)
    /// A collection in a relation with a set of strings (Split's set matchers).
    case setRelation(SetRelationOperator.Relation, [String])
    /// A boolean, or a string reading as one, equal to the operand.
    case booleanText(Bool)
    /// A version as Split's SDKs read one, compared (``DottedVersion``).
    case dottedVersion(DottedVersionOperator.Test)
    /// Any value: the attribute is present and not `null`.
    case present
    /// A scalar's text (``ScalarText``) in a list of strings or matched by expressions.
    case scalarText(ScalarTextOperator.Test)
    /// A version of three numeric parts compared with an operand (``FullSemVerOperator``).
    case fullSemVer(FullSemVerOperator.Test)
    /// A version of any number of numeric parts compared with an operand (``ExtendedVersionOperator``).
    case extendedVersion(ExtendedVersionOperator.Test)
    /// A string shaped as a full semantic version (``VersionShapeOperator``).
    case versionShape
    /// A targeting condition on a visitor record (``VisitorCondition``: Kameleoon's conditions).
    case visitor(VisitorCondition)

    /// Whether one attribute value (never an array: the caller tries each element) matches.
    /// Type mismatches are false.
    @inline(__always)
    func matches(_ value: JSONValue) -> Bool {
        switch self {
        case .equality(let set): return set.contains(value)
        case .string(let test, let operands): return StringOperator.matches(value, test, operands)
        case .regex(let regexes): return RegexOperator.matches(value, regexes)
        case .number(let comparison, let operands): return NumberOperator.matches(value, comparison, operands)
        case .date(let direction, let instants): return DateOperator.matches(value, direction, instants)
        case .goDate(let direction, let instants): return GoDateOperator.matches(value, direction, instants)
        case .semVer(let comparison, let versions): return SemVerOperator.matches(value, comparison, versions)
        case .cidr(let ranges): return CIDROperator.matches(value, ranges)
        case .numberText(let comparison, let operands): return NumberTextOperator.matches(value, comparison, operands)
        case .text(let inner): return TextOperator.matches(value, inner)
        case .integerRange(let lower, let upper): return IntegerRangeOperator.matches(value, lower, upper)
        case .setRelation(let relation, let members): return SetRelationOperator.matches(value, relation, members)
        case .booleanText(let operand): return BooleanTextOperator.matches(value, operand)
        case .dottedVersion(let test): return DottedVersionOperator.matches(value, test)
        case .present: return true
        case .scalarText(let test): return ScalarTextOperator.matches(value, test)
        case .fullSemVer(let test): return FullSemVerOperator.matches(value, test)
        case .extendedVersion(let test): return ExtendedVersionOperator.matches(value, test)
        case .versionShape: return VersionShapeOperator.matches(value)
        case .visitor(let condition): return condition.matches(value)
        }
    }

    /// Whether an instant (the evaluation clock's) matches: date operators only, others never.
    func matches(instant: Timestamp) -> Bool {
        guard case .date(let direction, let instants) = self else { return false }
        return DateOperator.matches(instant, direction, instants)
    }

    /// Whether a string attribute, given as UTF-8 bytes, matches: for the operators that
    /// ``lowercasesInput``, whose input is lowercased into a buffer rather than a new `String`.
    @inline(__always)
    func matches(stringBytes bytes: UnsafeRawBufferPointer) -> Bool {
        switch self {
        case .equality(let set): return set.contains(stringBytes: bytes)
        case .string(let test, let operands): return StringOperator.matches(bytes: bytes, test, operands)
        default: return false
        }
    }

    /// What this operator parses an attribute value into, for a prepared context to parse once.
    var attributeParses: AttributeParses {
        switch self {
        case .semVer, .fullSemVer: return .version
        case .date: return .instant
        case .goDate: return .goInstant
        case .versionShape: return .versionShape
        default: return []
        }
    }

    /// Whether a value, already parsed as ``attributeParses`` says, matches: the same answer as
    /// ``matches(_:)`` for that value.
    @inline(__always)
    func matches(parsed: UnsafePointer<ParsedAttribute>) -> Bool {
        switch self {
        case .semVer(let comparison, let versions):
            return SemVerOperator.matches(parsed.pointee.version, comparison, versions)
        case .fullSemVer(let test):
            guard parsed.pointee.versionHasThreeParts else { return false }
            return FullSemVerOperator.matches(parsed.pointee.version, test)
        case .date(let direction, let instants):
            guard let t = parsed.pointee.instant else { return false }
            return DateOperator.matches(t, direction, instants)
        case .goDate(let direction, let instants):
            guard let t = parsed.pointee.goInstant else { return false }
            return DateOperator.matches(t, direction, instants)
        case .versionShape:
            return parsed.pointee.hasVersionShape
        default:
            return false
        }
    }

    /// Whether ``matches(stringBytes:)`` answers for a string value what ``matches(_:)`` answers.
    var comparesStringBytes: Bool { lowercasesInput }

    /// Whether lowercasing applies to the attribute value before matching (string operators and
    /// `in` when case-insensitive; regexes lowercase as they match).
    var lowercasesInput: Bool {
        switch self {
        case .equality, .string: return true
        default: return false
        }
    }
}

/// The comparison of an ordering operator: attribute ⟨comparison⟩ operand.
package enum NumericComparison: Sendable {
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

/// Parses operand values, warning about each one that can never match.
struct OperandParser {
    let path: JSONPointer

    func parse<T>(_ values: [JSONValue], _ what: String, _ r: inout ModelReader, _ read: (JSONValue) -> T?) -> [T] {
        var out: [T] = []
        for (i, value) in values.enumerated() {
            if let t = read(value) { out.append(t) } else {
                r.warning(path.appending(i), "\(value.serialized()) is not \(what); it never matches")
            }
        }
        return out
    }
}
