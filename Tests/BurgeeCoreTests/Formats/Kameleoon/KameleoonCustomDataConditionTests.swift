import Testing
@testable import BurgeeCore

/// `CUSTOM_DATUM` with every operator, as Kameleoon's Python SDK answers.
@Suite("Kameleoon conditions: CUSTOM_DATUM")
struct KameleoonCustomDataConditionTests {
    typealias K = KameleoonConditionSupport

    static func datum(_ op: String, _ value: JSONValue? = nil, index: String = "1", include: Bool = true) -> JSONValue {
        var members: [String: JSONValue] = ["targetingType": "CUSTOM_DATUM", "customDataIndex": .string(index),
                                            "valueMatchType": .string(op), "isInclude": .bool(include)]
        if let value { members["value"] = value }
        return .object(members)
    }

    static func with(_ values: [JSONValue], index: String = "1") -> JSONValue {
        K.visitor(["customData": .object([index: .array(values)])])
    }

    @Test("UNDEFINED: true for a visitor without the index, false with it and without any visitor")
    func undefined() throws {
        #expect(try K.holds(Self.datum("UNDEFINED"), K.visitor()))
        #expect(try K.holds(Self.datum("UNDEFINED"), K.visitor(["customData": .null])))
        #expect(try !K.holds(Self.datum("UNDEFINED"), Self.with(["x"])))
        #expect(try !K.holds(Self.datum("UNDEFINED"), Self.with([])))
        #expect(try !K.holds(Self.datum("UNDEFINED"), K.nobody))
        #expect(try K.holds(Self.datum("UNDEFINED", include: false), K.nobody))
        #expect(try !K.holds(Self.datum("UNDEFINED", include: false), K.visitor()))
    }

    @Test("EXACT, CONTAINS: any value, by Unicode scalars")
    func text() throws {
        #expect(try K.holds(Self.datum("EXACT", "pro"), Self.with(["free", "pro"])))
        #expect(try !K.holds(Self.datum("EXACT", "1"), Self.with(["01"])))
        #expect(try !K.holds(Self.datum("EXACT", "\u{E9}"), Self.with(["e\u{301}"])))
        #expect(try !K.holds(Self.datum("EXACT", 1), Self.with(["1"])))
        #expect(try K.holds(Self.datum("CONTAINS", "ro"), Self.with(["free", "pro"])))
        #expect(try !K.holds(Self.datum("CONTAINS", "x"), Self.with(["free", "pro"])))
        #expect(try !K.holds(Self.datum("EXACT", "pro"), K.visitor()))
        #expect(try K.holds(Self.datum("EXACT", "pro", include: false), K.visitor()))
        #expect(try !K.holds(Self.datum("EXACT", "pro"), K.nobody))
    }

    @Test("REGULAR_EXPRESSION: a full match of any value; an invalid pattern is false")
    func regex() throws {
        #expect(try K.holds(Self.datum("REGULAR_EXPRESSION", "p[a-z]+"), Self.with(["x", "pro"])))
        #expect(try !K.holds(Self.datum("REGULAR_EXPRESSION", "p[a-z]+"), Self.with(["pro1"])))
        #expect(try !K.holds(Self.datum("REGULAR_EXPRESSION", "r"), Self.with(["pro"])))
        #expect(try K.holds(Self.datum("REGULAR_EXPRESSION", "a|b"), Self.with(["b"])))
        #expect(try !K.holds(Self.datum("REGULAR_EXPRESSION", "a|b"), Self.with(["ab"])))
        #expect(try !K.holds(Self.datum("REGULAR_EXPRESSION", "p["), Self.with(["p["])))
        #expect(try !K.holds(Self.datum("REGULAR_EXPRESSION", "a)(b"), Self.with(["a)(b"])))
    }

    @Test("EQUAL, GREATER, LOWER: float() of the values in order; a non-number met first is false")
    func numbers() throws {
        #expect(try K.holds(Self.datum("EQUAL", "10"), Self.with(["10.0000000001"])))
        #expect(try !K.holds(Self.datum("EQUAL", "10"), Self.with(["10.001"])))
        #expect(try K.holds(Self.datum("EQUAL", 10), Self.with(["1e1"])))
        #expect(try K.holds(Self.datum("GREATER", "10"), Self.with(["3", "11"])))
        #expect(try !K.holds(Self.datum("GREATER", "10"), Self.with(["10"])))
        #expect(try K.holds(Self.datum("LOWER", "10"), Self.with(["9.5"])))
        #expect(try !K.holds(Self.datum("LOWER", "10"), Self.with(["abc", "9"])))
        #expect(try K.holds(Self.datum("LOWER", "10"), Self.with(["9", "abc"])))
        #expect(try K.holds(Self.datum("EQUAL", "7"), Self.with([" 7 "])))
        #expect(try K.holds(Self.datum("EQUAL", "1000"), Self.with(["1_000"])))
        #expect(try !K.holds(Self.datum("EQUAL", "16"), Self.with(["0x10"])))
        #expect(try !K.holds(Self.datum("EQUAL", "ten"), Self.with(["10"])))
        #expect(try K.holds(Self.datum("GREATER", "10"), Self.with(["inf"])))
        #expect(try !K.holds(Self.datum("EQUAL", "nan"), Self.with(["nan"])))
    }

    @Test("TRUE and FALSE: the exact texts")
    func booleans() throws {
        #expect(try K.holds(Self.datum("TRUE"), Self.with(["x", "true"])))
        #expect(try !K.holds(Self.datum("TRUE"), Self.with(["True"])))
        #expect(try K.holds(Self.datum("FALSE"), Self.with(["false"])))
        #expect(try !K.holds(Self.datum("FALSE"), Self.with(["0"])))
    }

    @Test("AMONG_VALUES: the JSON array's items as Python writes them")
    func among() throws {
        let condition = Self.datum("AMONG_VALUES", #"["pro", 3.0, 7, true, 0, 2.5e-07]"#)
        for value in ["pro", "3.0", "7", "true", "false", "2.5e-07"] {
            #expect(try K.holds(condition, Self.with([.string(value)])), "\(value)")
        }
        for value in ["3", "7.0", "0", "True", "Pro"] {
            #expect(try !K.holds(condition, Self.with([.string(value)])), "\(value)")
        }
        #expect(try !K.holds(Self.datum("AMONG_VALUES", "not json"), Self.with(["not json"])))
        #expect(try !K.holds(Self.datum("AMONG_VALUES", ["pro"]), Self.with(["pro"])))
    }

    @Test("an index that is no number reads no custom data")
    func textIndex() throws {
        #expect(try !K.holds(Self.datum("EXACT", "pro", index: "plan"), Self.with(["pro"], index: "plan")))
        #expect(try K.holds(Self.datum("UNDEFINED", index: "plan"), Self.with(["pro"], index: "plan")))
        #expect(try K.holds(Self.datum("EXACT", "pro", index: "01"), Self.with(["pro"], index: "1")))
    }
}
