/// Number comparisons whose attribute may also be a string holding a decimal number: Unleash's
/// `NUM_EQ`, `NUM_GT`, `NUM_GTE`, `NUM_LT`, `NUM_LTE`, whose context values are strings.
///
/// The text is read as an optional sign, digits with at most one `.`, and an optional exponent;
/// surrounding spaces are ignored. Anything else (empty, hexadecimal, `NaN`, `Infinity`) is not a
/// number and never matches.
enum NumberTextOperator {
    /// The operator for operand `values`; values that are not numbers warn and never match.
    static func parse(_ comparison: NumericComparison, _ values: [JSONValue], at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        .numberText(comparison, OperandParser(path: path).parse(values, "a number", &r, number(of:)))
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ comparison: NumericComparison, _ operands: [Double]) -> Bool {
        guard let n = number(of: value) else { return false }
        for operand in operands where comparison.holds(n, operand) { return true }
        return false
    }

    /// A JSON number as is, or the decimal number a string holds.
    static func number(of value: JSONValue) -> Double? {
        switch value {
        case .number(let n): return n
        case .string(let s): return number(inText: s)
        default: return nil
        }
    }

    /// The decimal number in `text`, or `nil`.
    static func number(inText text: String) -> Double? {
        var utf8 = Substring(text).utf8
        while let first = utf8.first, first == UInt8(ascii: " ") { utf8 = utf8.dropFirst() }
        while let last = utf8.last, last == UInt8(ascii: " ") { utf8 = utf8.dropLast() }
        guard !utf8.isEmpty else { return nil }
        var digits = 0
        for byte in utf8 {
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digits += 1
            case UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"): continue
            default: return nil
            }
        }
        guard digits > 0, let n = Double(Substring(utf8)), n.isFinite else { return nil }
        return n
    }
}
