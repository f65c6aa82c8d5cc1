import Testing
@testable import BurgeeCore

@Suite("JSONValue")
struct JSONValueTests {
    @Test("prints as compact JSON with sorted keys")
    func description() throws {
        let value: JSONValue = ["b": [1, true, nil], "a": "x\"y", "c": 0.5]
        #expect(value.description == #"{"a":"x\"y","b":[1,true,null],"c":0.5}"#)
        #expect("\(value)" == value.serialized())
        #expect("\(JSONValue.string("plain"))" == #""plain""#)
        #expect(try JSONValue(parsing: value.description) == value)
    }

    @Test("intValue is exact integers only", arguments: [
        (JSONValue.number(42), 42 as Int?), (.number(-7), -7), (.number(0), 0), (.number(-0.0), 0),
        (.number(1.5), nil), (.number(.nan), nil), (.number(.infinity), nil), (.number(1e19), nil),
        (.number(-9_223_372_036_854_775_808), Int.min), (.number(9_223_372_036_854_775_808.0), nil),
        (.string("42"), nil), (.bool(true), nil), (.null, nil),
    ] as [(JSONValue, Int?)])
    func intValue(value: JSONValue, expected: Int?) {
        #expect(value.intValue == expected)
    }
}
