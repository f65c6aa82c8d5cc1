/// Number comparisons whose attribute may also be a string holding a decimal number: Unleash's
/// `NUM_EQ`, `NUM_GT`, `NUM_GTE`, `NUM_LT`, `NUM_LTE`, whose context values are strings.
///
/// The text is read as Yggdrasil (Unleash's reference engine, in Rust) reads it: an optional sign,
/// then `inf`, `infinity` or `nan` in any case, or digits with at most one `.` (`5.`, `.5`) and an
/// optional exponent. Nothing else is a number: no surrounding spaces, no hexadecimal. Equality
/// holds within `Double.ulpOfOne`, as Yggdrasil's does.
enum NumberTextOperator {
    /// The operator for operand `values`; values that are not numbers warn and never match.
    static func parse(_ comparison: NumericComparison, _ values: [JSONValue], at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        .numberText(comparison, OperandParser(path: path).parse(values, "a number", &r, number(of:)))
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ comparison: NumericComparison, _ operands: [Double]) -> Bool {
        guard let n = number(of: value) else { return false }
        if case .equal = comparison {
            for operand in operands where abs(n - operand) < Double.ulpOfOne { return true }
            return false
        }
        for operand in operands where comparison.holds(n, operand) { return true }
        return false
    }

    /// A JSON number as is, or the decimal number a string holds.
    static func number(of value: JSONValue) -> Double? {
        switch value {
        case .number(let n): return n.doubleValue
        case .string(let s): return number(inText: s)
        default: return nil
        }
    }

    /// The number in `text`, or `nil`.
    static func number(inText text: String) -> Double? {
        let utf8 = Substring(text).utf8
        var i = utf8.startIndex
        if i < utf8.endIndex, utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") { i = utf8.index(after: i) }
        let negative = i > utf8.startIndex && utf8[utf8.startIndex] == UInt8(ascii: "-")
        if let special = special(utf8[i...]) { return negative ? -special : special }
        var digits = 0
        var seenDot = false
        var seenExponent = false
        var exponentDigits = 0
        while i < utf8.endIndex {
            let byte = utf8[i]
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenExponent { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: ".") where !seenDot && !seenExponent:
                seenDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                guard !seenExponent, digits > 0 else { return nil }
                seenExponent = true
                let next = utf8.index(after: i)
                if next < utf8.endIndex, utf8[next] == UInt8(ascii: "+") || utf8[next] == UInt8(ascii: "-") { i = next }
            default:
                return nil
            }
            i = utf8.index(after: i)
        }
        guard digits > 0, !seenExponent || exponentDigits > 0 else { return nil }
        return Double(Substring(utf8))
    }

    /// `inf`, `infinity` or `nan`, in any case, after the sign.
    private static func special(_ rest: Substring.UTF8View.SubSequence) -> Double? {
        func equals(_ word: StaticString) -> Bool {
            guard rest.count == word.utf8CodeUnitCount else { return false }
            var j = 0
            for byte in rest {
                guard byte | 0x20 == word.utf8Start[j] else { return false }
                j += 1
            }
            return true
        }
        if equals("inf") || equals("infinity") { return .infinity }
        if equals("nan") { return .nan }
        return nil
    }
}
