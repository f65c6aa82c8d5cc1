@testable import BurgeeCore
import Testing

/// Integers as Split's numeric matchers compare them (Python's unbounded `int`): exact within
/// 64 bits of magnitude, texts read as `int()` reads them, numbers written with a fraction refused.
@Suite("Wide integers and integer ranges")
struct WideIntegerTests {
    private func w(_ value: Int64) -> WideInteger { WideInteger(value) }

    @Test("ordering across signs, 64-bit magnitudes and beyond")
    func ordering() {
        let ordered: [WideInteger] = [
            .min, WideInteger(negative: true, magnitude: .max), WideInteger(Int64.min), w(-1), w(0),
            w(9_007_199_254_740_992), w(9_007_199_254_740_993), WideInteger(Int64.max),
            WideInteger(UInt64(Int64.max) + 1), WideInteger(UInt64.max), .max,
        ]
        for (i, a) in ordered.enumerated() {
            for (j, b) in ordered.enumerated() {
                #expect((a < b) == (i < j), "\(i) < \(j)")
            }
        }
        #expect(WideInteger(negative: true, magnitude: 0) == w(0))
    }

    @Test("bounds from doubles: the integers either side of a fraction, beyond 2^64 saturated")
    func bounds() {
        #expect(WideInteger(ceiling: 18.5) == w(19))
        #expect(WideInteger(floor: 18.5) == w(18))
        #expect(WideInteger(ceiling: -18.5) == w(-18))
        #expect(WideInteger(floor: -0.5) == w(-1))
        #expect(WideInteger(ceiling: 1e20) == .max)
        #expect(WideInteger(floor: -1e20) == .min)
        #expect(WideInteger(ceiling: .infinity) == .max)
        #expect(WideInteger(ceiling: .nan) == nil)
        #expect(WideInteger(exactly: JSONNumber(UInt64.max)) == WideInteger(UInt64.max))
        #expect(WideInteger(exactly: JSONNumber(18.0)) == nil)
    }

    @Test("texts as int() reads them, exact to 20 digits")
    func texts() {
        #expect(PythonInteger.parseWide("9007199254740993") == w(9_007_199_254_740_993))
        #expect(PythonInteger.parseWide(" -9_223_372_036_854_775_808 ") == WideInteger(Int64.min))
        #expect(PythonInteger.parseWide("18446744073709551615") == WideInteger(UInt64.max))
        #expect(PythonInteger.parseWide("18446744073709551616") == .max)
        #expect(PythonInteger.parseWide("-99999999999999999999999") == .min)
        #expect(PythonInteger.parseWide("١٢") == w(12))
        #expect(PythonInteger.parseWide("1.0") == nil)
        #expect(PythonInteger.parseWide("1__0") == nil)
    }

    @Test("a range admits integers and their texts exactly, and refuses floats, booleans and others")
    func ranges() {
        let exactly = w(9_007_199_254_740_993)
        func inRange(_ value: JSONValue) -> Bool { IntegerRangeOperator.matches(value, exactly, exactly) }
        #expect(inRange(.number(JSONNumber(Int64(9_007_199_254_740_993)))))
        #expect(!inRange(.number(JSONNumber(Int64(9_007_199_254_740_992)))))
        #expect(inRange("9007199254740993"))
        #expect(!inRange(.number(JSONNumber(9_007_199_254_740_993.0))))
        #expect(!IntegerRangeOperator.matches(.number(JSONNumber(18.0)), .min, .max))
        #expect(!IntegerRangeOperator.matches(true, .min, .max))
        #expect(!IntegerRangeOperator.matches(.array([1]), .min, .max))
        let top = WideInteger(UInt64.max)
        #expect(IntegerRangeOperator.matches("18446744073709551615", WideInteger(Int64.max), top))
        #expect(!IntegerRangeOperator.matches("18446744073709551616", WideInteger(Int64.max), top))
    }
}
