import Testing
@testable import BurgeeCore

@Suite("JSONWriter")
struct JSONWriterTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (42, "42"), (-3, "-3"), (1e15, "1000000000000000"),
        (9_007_199_254_740_991, "9007199254740991"), (-9_007_199_254_740_991, "-9007199254740991"),
        (9_007_199_254_740_992, "9007199254740992.0"), (1e16, "1e+16"), (1e21, "1e+21"),
        (0.1, "0.1"), (0.5, "0.5"), (-2.25, "-2.25"), (0.1 + 0.2, "0.30000000000000004"),
        (1e-5, "1e-05"), (1e-7, "1e-07"), (1.5e300, "1.5e+300"), (123456.789, "123456.789"),
        (Double.greatestFiniteMagnitude, "1.7976931348623157e+308"), (Double.leastNonzeroMagnitude, "5e-324"),
        (Double.nan, "null"), (Double.infinity, "null"), (-Double.infinity, "null"),
    ] as [(Double, String)])
    func numbers(value: Double, expected: String) throws {
        #expect(JSONValue.number(value).serialized() == expected)
        // Whatever the form, it must read back as the same number.
        if value.isFinite {
            #expect(try JSONValue(parsing: expected) == .number(value))
        }
    }

    @Test func integersAreExact() {
        var writer = JSONWriter()
        writer.beginArray()
        writer.int(Int.max)
        writer.int(Int.min)
        writer.int(0)
        writer.endArray()
        #expect(writer.output == "[9223372036854775807,-9223372036854775808,0]")
    }

    @Test func stringEscapes() {
        #expect(JSONValue.string(#"a"b\c"#).serialized() == #""a\"b\\c""#)
        #expect(JSONValue.string("\n\r\t\u{8}\u{C}").serialized() == #""\n\r\t\b\f""#)
        #expect(JSONValue.string("\u{0}\u{1}\u{1F}").serialized() == #""\u0000\u0001\u001f""#)
        // Solidus, DEL and non-ASCII pass through.
        #expect(JSONValue.string("a/b\u{7F}é😀\u{2028}").serialized() == "\"a/b\u{7F}é😀\u{2028}\"")
        // An escaped quote followed by a combining mark must not merge with it.
        #expect(JSONValue.string("\"\u{301}").serialized() == "\"\\\"\u{301}\"")
        #expect(JSONValue.string("").serialized() == #""""#)
    }

    @Test func scalarsAndEmptyContainers() {
        #expect(JSONValue.null.serialized() == "null")
        #expect(JSONValue.bool(true).serialized() == "true")
        #expect(JSONValue.bool(false).serialized() == "false")
        #expect(JSONValue.array([]).serialized() == "[]")
        #expect(JSONValue.object([:]).serialized() == "{}")
        #expect(JSONValue.array([]).serialized(pretty: true) == "[]")
        #expect(JSONValue.object([:]).serialized(pretty: true) == "{}")
    }

    @Test func compactOutputSortsKeysByScalar() {
        let value: JSONValue = ["b": [1, 2, ["z": nil]], "a": "x", "é": true, "Z": [:], "e": []]
        #expect(value.serialized() == #"{"Z":{},"a":"x","b":[1,2,{"z":null}],"e":[],"é":true}"#)
    }

    @Test func sortingUsesScalarsNotCanonicalOrder() {
        // Decomposed "é" starts with "e", so it sorts before "f"; String's `<` would put it after.
        let value: JSONValue = .object(["f": 2, "e\u{301}": 1])
        #expect(value.serialized() == "{\"e\u{301}\":1,\"f\":2}")
    }

    @Test func prettyOutput() {
        let value: JSONValue = ["b": [1, 2, ["z": nil]], "a": "x", "é": true, "Z": [:], "e": []]
        let expected = """
            {
              "Z": {},
              "a": "x",
              "b": [
                1,
                2,
                {
                  "z": null
                }
              ],
              "e": [],
              "é": true
            }
            """
        #expect(value.serialized(pretty: true) == expected)
        #expect(JSONValue.array([1]).serialized(pretty: true) == "[\n  1\n]")
        #expect(JSONValue.string("s").serialized(pretty: true) == #""s""#)
    }

    @Test func streamingKeepsTheCallersOrder() {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("z")
        writer.int(1)
        writer.key("a")
        writer.beginArray()
        writer.bool(false)
        writer.null()
        writer.number(2.5)
        writer.string("s")
        writer.value(["y": 1, "x": 2])
        writer.endArray()
        writer.key("m")
        writer.value([:])
        writer.endObject()
        #expect(writer.isComplete)
        #expect(writer.output == #"{"z":1,"a":[false,null,2.5,"s",{"x":2,"y":1}],"m":{}}"#)
        #expect(writer.bytes == Array(writer.output.utf8))
    }

    @Test func streamingPretty() {
        var writer = JSONWriter(pretty: true)
        writer.beginObject()
        writer.key("name")
        writer.string("burgee")
        writer.key("list")
        writer.beginArray()
        writer.beginArray()
        writer.endArray()
        writer.int(3)
        writer.endArray()
        writer.endObject()
        #expect(writer.output == "{\n  \"name\": \"burgee\",\n  \"list\": [\n    [],\n    3\n  ]\n}")
    }

    @Test func completeness() {
        var writer = JSONWriter()
        #expect(!writer.isComplete)
        #expect(writer.output == "")
        writer.beginArray()
        #expect(!writer.isComplete)
        writer.endArray()
        #expect(writer.isComplete)
    }

    @Test func unsortedKeysStillProduceTheSameValue() throws {
        let value: JSONValue = ["c": 3, "a": 1, "b": ["y": true, "x": false]]
        #expect(try JSONValue(parsing: value.serialized(sortedKeys: false)) == value)
        #expect(try JSONValue(parsing: value.serialized(pretty: true, sortedKeys: false)) == value)
    }

    @Test(arguments: [
        "null", "true", "0", "-1.5", "1e+300", #""x\u0000y\n""#, "[]", "{}",
        #"[1,2.5,-0.001,"é😀",{"k":[true,false,null]}]"#, #"{"a":{"b":{"c":[[],[{}]]}},"d":"\\/"}"#,
    ])
    func roundTrip(text: String) throws {
        let value = try JSONValue(parsing: text)
        #expect(try JSONValue(parsing: value.serialized()) == value)
        #expect(try JSONValue(parsing: value.serialized(pretty: true)) == value)
        // Serializing is deterministic, so a second pass reproduces the text.
        let once = value.serialized()
        #expect(try JSONValue(parsing: once).serialized() == once)
    }

    @Test func canonicalTextIsReproducedExactly() throws {
        let text = #"{"flags":{"a":{"on":true,"salt":"s","variations":[0,1.5,"v",null]}},"version":3}"#
        #expect(try JSONValue(parsing: text).serialized() == text)
    }

    @Test func misuseStopsTheProgram() async {
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginArray()
            writer.key("a")
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.beginObject()
            writer.int(1)
        }
        await #expect(processExitsWith: .failure) {
            var writer = JSONWriter()
            writer.int(1)
            writer.int(2)
        }
    }
}
