/// A numeric test of a Kameleoon condition (`matchType` `EQUAL`, `GREATER`, `LOWER` and a number):
/// the visitor's number compared with the condition's, `GREATER` meaning the visitor's is greater.
/// Anything else (another match type, a missing or non-numeric operand) never matches, as it
/// never does, or raises, in Kameleoon's Python SDK.
struct VisitorNumberMatch: Sendable {
    enum Comparison: Sendable { case equal, greater, lower, never }

    let comparison: Comparison
    let operand: Double

    /// Reads `matchType` (case-sensitive unless `anyCase`) and the operand; a Boolean operand is
    /// 0 or 1, as Python compares it.
    init(matchType: JSONValue?, operand: JSONValue?, anyCase: Bool = false) {
        let value: Double?
        switch operand {
        case .number(let n)?: value = n.doubleValue
        case .bool(let b)?: value = b ? 1 : 0
        default: value = nil
        }
        guard let value, case .string(let spelled)? = matchType else {
            comparison = .never
            self.operand = 0
            return
        }
        switch anyCase ? spelled.uppercased() : spelled {
        case "EQUAL": comparison = .equal
        case "GREATER": comparison = .greater
        case "LOWER": comparison = .lower
        default: comparison = .never
        }
        self.operand = value
    }

    init(comparison: Comparison, operand: Double) {
        self.comparison = comparison
        self.operand = operand
    }

    /// Whether the visitor's number passes.
    func matches(_ number: Double) -> Bool {
        switch comparison {
        case .equal: return number == operand
        case .greater: return number > operand
        case .lower: return number < operand
        case .never: return false
        }
    }
}
