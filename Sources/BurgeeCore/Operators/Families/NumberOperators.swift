/// `lessThan`, `lessThanOrEqual`, `greaterThan`, `greaterThanOrEqual` (and equality for formats
/// that have it): numbers only.
enum NumberOperator {
    static func parse(_ comparison: NumericComparison, _ values: [JSONValue], at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        .number(comparison, OperandParser(path: path).parse(values, "a number", &r, \.numberValue))
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ comparison: NumericComparison, _ operands: [Double]) -> Bool {
        guard case .number(let number) = value else { return false }
        let n = number.doubleValue
        for operand in operands where comparison.holds(n, operand) { return true }
        return false
    }
}
