import Testing
@testable import BurgeeCore

@Suite("JSONNumber: 64-bit integers exact, doubles as written")
struct JSONNumberTests {
    /// Integers written as such keep their exact value from the text to the text written back.
    @Test(arguments: [
        "0", "1", "-1", "9007199254740991", "9007199254740992", "9007199254740993", "-9007199254740993",
        "4611686018427387904", "9223372036854775807", "-9223372036854775808",
    ])
    func integersRoundTrip(text: String) throws {
        let value = try JSONValue(parsing: text)
        guard case .number(let n) = value else { Issue.record("not a number: \(value)"); return }
        #expect(n.isInteger)
        #expect(n.integerValue == Int64(text))
        #expect(value.int64Value == Int64(text))
        #expect(value.serialized() == text)
    }

    /// Positive integers beyond Int64 up to UInt64.max stay exact, as serde_json keeps them.
    @Test(arguments: ["9223372036854775808", "18446744073709551615", "10000000000000000000"])
    func unsignedIntegersRoundTrip(text: String) throws {
        let value = try JSONValue(parsing: text)
        guard case .number(let n) = value else { Issue.record("not a number: \(value)"); return }
        #expect(n.isInteger)
        #expect(n.integerValue == nil)
        #expect(n.int64Value == nil)
        #expect(n.doubleValue == Double(UInt64(text)!))
        #expect(value.serialized() == text)
        #expect(n == JSONNumber(UInt64(text)!))
        #expect(n != JSONNumber(Int64.max))
    }

    /// A fraction, an exponent or a magnitude beyond 64 bits makes a double.
    @Test(arguments: [
        ("1.0", 1.0, Int64(1) as Int64?), ("1e2", 100.0, 100), ("-0", -0.0, 0), ("0.5", 0.5, nil),
        ("9223372036854775808.0", 0x1p63, nil), ("-9223372036854775809", -0x1p63, Int64.min),
        ("18446744073709551616", 0x1p64, nil), ("12345678901234567890123", 1.2345678901234568e22, nil),
    ])
    func doubles(text: String, double: Double, int64: Int64?) throws {
        let value = try JSONValue(parsing: text)
        guard case .number(let n) = value else { Issue.record("not a number: \(value)"); return }
        #expect(!n.isInteger)
        #expect(n.integerValue == nil)
        #expect(n.doubleValue == double)
        #expect(n.int64Value == int64)
    }

    @Test func equalityIsByValue() throws {
        #expect(JSONNumber(1) == JSONNumber(1.0))
        #expect(JSONNumber(0) == JSONNumber(-0.0))
        #expect(JSONNumber(Int64(9_007_199_254_740_993)) != JSONNumber(9_007_199_254_740_992.0))
        #expect(JSONNumber(Int64(9_007_199_254_740_992)) == JSONNumber(9_007_199_254_740_992.0))
        #expect(JSONNumber(Int64.max) != JSONNumber(0x1p63))
        #expect(JSONNumber(Int64.min) == JSONNumber(-0x1p63))
        #expect(JSONNumber(UInt64(1) << 63) == JSONNumber(0x1p63))
        #expect(JSONNumber(UInt64.max) != JSONNumber(0x1p64))
        #expect(JSONNumber(UInt64(5)) == JSONNumber(5))
        #expect(JSONNumber(1) != JSONNumber(1.5))
        #expect(try JSONValue(parsing: "[1, 2.0]") == [1.0, 2])
    }

    @Test func hashingAgreesWithEquality() {
        let pairs: [(JSONNumber, JSONNumber)] = [
            (JSONNumber(1), JSONNumber(1.0)), (JSONNumber(0), JSONNumber(-0.0)),
            (JSONNumber(Int64(-42)), JSONNumber(-42.0)), (JSONNumber(Int64.min), JSONNumber(-0x1p63)),
            (JSONNumber(UInt64(1) << 63), JSONNumber(0x1p63)),
        ]
        for (a, b) in pairs {
            #expect(a == b)
            #expect(a.hashValue == b.hashValue)
            #expect(JSONValue.number(a).hashValue == JSONValue.number(b).hashValue)
        }
        let set: Set<JSONValue> = [1, 1.0, 2]
        #expect(set.count == 2)
    }

    @Test func asDoubleRoundsAsAnEngineOfDoublesDoes() throws {
        let big = try JSONValue(parsing: "9007199254740993")
        #expect(big.withNumbersAsDoubles == .number(9_007_199_254_740_992.0))
        #expect(big.withNumbersAsDoubles.int64Value == 9_007_199_254_740_992)
        let nested = try JSONValue(parsing: #"{"a":[9223372036854775807,{"b":1}],"c":"x"}"#)
        #expect(nested.withNumbersAsDoubles == ["a": [.number(0x1p63), ["b": 1.0]], "c": "x"])
        #expect(JSONNumber(2.5).asDouble == JSONNumber(2.5))
    }

    @Test func literalsAndFactories() {
        #expect(JSONValue.number(42).int64Value == 42)
        if case .number(let n) = JSONValue.number(42) { #expect(n.isInteger) }
        if case .number(let n) = JSONValue.number(42.0) { #expect(!n.isInteger) }
        let literal: JSONValue = 4_611_686_018_427_387_904
        #expect(literal.serialized() == "4611686018427387904")
        #expect(JSONNumber(Int64.max).description == "9223372036854775807")
        #expect(JSONNumber(0.1).description == "0.1")
    }

    @Test func writtenTextReadsBackExactly() throws {
        let value = try JSONValue(parsing: #"{"big":9223372036854775807,"half":0.5,"one":1.0}"#)
        let read = try JSONValue(parsing: value.serialized())
        #expect(read == value)
        #expect(read.objectValue?["big"]?.int64Value == Int64.max)
    }
}
