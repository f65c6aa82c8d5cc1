/// A `CUSTOM_DATUM` condition's operator (`valueMatchType`) with its `value` compiled once, as
/// Kameleoon's Python SDK applies it to the values of the custom data at the condition's index.
enum VisitorCustomDataTest: Sendable {
    /// The visitor has no custom data at the index.
    case undefined
    /// The operand is one of the values (`EXACT`; `TRUE` and `FALSE` are `"true"` and `"false"`).
    case exact(String)
    /// Some value contains the operand.
    case contains(String)
    /// Some value matches the whole pattern.
    case fullMatch(PortableRegex)
    /// The values, read as Python's `float()` reads them, tried in order: the first within 1e-9
    /// of / above / below the operand matches, and a value that is no number before that makes
    /// the test false.
    case number(VisitorNumberMatch.Comparison, Double)
    /// Some value is one of these texts (`AMONG_VALUES`).
    case among([String])
    /// Nothing matches (a name without a custom-data meaning, an operand the operator cannot use).
    case never

    /// The operator names Kameleoon's SDK knows (`TargetingOperator`); any other refuses the document.
    static let operatorNames: Set<String> = [
        "UNDEFINED", "CONTAINS", "EXACT", "REGULAR_EXPRESSION", "LOWER", "EQUAL", "GREATER", "TRUE", "FALSE",
        "AMONG_VALUES", "ANY", "UNKNOWN",
    ]

    /// Compiles the operator `name` (one of ``operatorNames``) with the condition's `value`.
    init(name: String, value: JSONValue?) {
        switch name {
        case "UNDEFINED": self = .undefined
        case "EXACT": self = value?.stringValue.map { .exact($0) } ?? .never
        case "CONTAINS": self = value?.stringValue.map { .contains($0) } ?? .never
        case "REGULAR_EXPRESSION":
            self = value?.stringValue.flatMap(VisitorTextMatch.wholeInputRegex).map { .fullMatch($0) } ?? .never
        case "EQUAL", "GREATER", "LOWER":
            let operand: Double?
            switch value {
            case .number(let n)?: operand = n.doubleValue
            case .bool(let b)?: operand = b ? 1 : 0
            case .string(let s)?: operand = PythonFloat.parse(s)
            default: operand = nil
            }
            guard let operand else { self = .never; return }
            self = .number(name == "EQUAL" ? .equal : name == "GREATER" ? .greater : .lower, operand)
        case "TRUE": self = .exact("true")
        case "FALSE": self = .exact("false")
        case "AMONG_VALUES": self = value?.stringValue.flatMap(AmongValues.texts).map { .among($0) } ?? .never
        default: self = .never
        }
    }

    /// Whether the values (the custom data at the index) pass.
    func matches(_ values: [JSONValue]) -> Bool {
        switch self {
        case .undefined, .never:
            return false
        case .exact(let operand):
            for case .string(let v) in values where ExactString.bytesEqual(v, operand) { return true }
            return false
        case .contains(let operand):
            for case .string(let v) in values where VisitorTextMatch.contains(v, operand) { return true }
            return false
        case .fullMatch(let regex):
            for case .string(let v) in values where regex.matches(v) { return true }
            return false
        case .number(let comparison, let operand):
            for value in values {
                guard case .string(let text) = value, let n = PythonFloat.parse(text) else { return false }
                switch comparison {
                case .equal: if abs(n - operand) < 1e-9 { return true }
                case .greater: if n > operand { return true }
                case .lower: if n < operand { return true }
                case .never: return false
                }
            }
            return false
        case .among(let texts):
            for case .string(let v) in values {
                for text in texts where ExactString.bytesEqual(v, text) { return true }
            }
            return false
        }
    }
}
