import Testing
@testable import BurgeeCore

/// Parses `text`, failing the test instead of throwing.
private func parse(_ text: String, limits: JSONLimits = .default) -> JSONValue? {
    do {
        return try JSONParser(limits: limits).parse(text)
    } catch {
        Issue.record("unexpected error for \(text.debugDescription): \(error)")
        return nil
    }
}

/// The error `text` is rejected with, or nil (recording an issue) when it parses.
private func failure(_ text: String, limits: JSONLimits = .default) -> JSONParseError? {
    failure(Array(text.utf8), limits: limits)
}

private func failure(_ bytes: [UInt8], limits: JSONLimits = .default) -> JSONParseError? {
    do {
        let value = try JSONParser(limits: limits).parse(bytes)
        Issue.record("expected an error, parsed \(value)")
        return nil
    } catch {
        return error
    }
}

@Suite("JSONParser: valid input")
struct JSONParserValidTests {
    @Test func literals() {
        #expect(parse("null") == .null)
        #expect(parse("true") == .bool(true))
        #expect(parse("false") == .bool(false))
    }

    @Test func surroundingWhitespace() {
        #expect(parse(" \t\r\n [ 1 , 2 ] \n\r\t ") == [1, 2])
        #expect(parse("\n{\r\n\t\"a\" :\ttrue\n}\n") == ["a": true])
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-42", -42), ("1234567890", 1_234_567_890),
        ("1.5", 1.5), ("-0.25", -0.25), ("0.1", 0.1), ("3.141592653589793", 3.141592653589793),
        ("1e2", 100), ("1E2", 100), ("1e+2", 100), ("1e-2", 0.01), ("2.5E-3", 0.0025),
        ("0e0", 0), ("0.0", 0), ("123456789.123456789", 123456789.123456789),
        ("9007199254740992", 9_007_199_254_740_992), ("9007199254740993", 9_007_199_254_740_992),
        ("12345678901234567890123", 12345678901234567890123.0), ("100000000000000000000000", 1e23),
        ("0.30000000000000004", 0.30000000000000004), ("1.7976931348623157e308", Double.greatestFiniteMagnitude),
        ("4.9406564584124654e-324", Double.leastNonzeroMagnitude), ("1e-400", 0),
        ("0.000000000000000000000000000001", 1e-30), ("-1e22", -1e22), ("1e23", 1e23),
    ] as [(String, Double)])
    func numbers(text: String, expected: Double) {
        let value = parse(text)?.numberValue
        #expect(value == expected)
        #expect(value?.sign == expected.sign)
    }

    @Test func decimalsRoundTripThroughShortestForm() {
        // The fast path must agree with correctly rounded conversion.
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        for _ in 0..<20_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let bits = state >> 1
            let d = Double(bitPattern: bits)
            guard d.isFinite else { continue }
            #expect(parse(d.description)?.numberValue == d)
            let decimal = Double(state % 100_000_000) / 1_000
            #expect(parse(decimal.description)?.numberValue == decimal)
        }
    }

    @Test func strings() {
        #expect(parse(#""""#) == "")
        #expect(parse(#""hello""#) == "hello")
        #expect(parse(#""h\u00e9llo w\u00F6rld""#) == "héllo wörld")
        #expect(parse("\"héllo 😀 世界\"") == "héllo 😀 世界")
        #expect(parse(#""\u0000""#) == .string("\u{0}"))
        #expect(parse("\"\u{7F}\u{80}\"") == .string("\u{7F}\u{80}"))
    }

    @Test func everyEscape() {
        #expect(parse(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{8} \u{C} \n \r \t"))
        #expect(parse(#""a\nb""#) == "a\nb")
        #expect(parse(#""tail\\""#) == "tail\\")
    }

    @Test func surrogatePairsCombine() {
        #expect(parse(#""\ud83d\ude00""#) == "😀")
        #expect(parse(#""x\uD834\uDD1Ey""#) == "x𝄞y")
        #expect(parse(#""\uDBFF\uDFFF""#) == .string("\u{10FFFF}"))
    }

    @Test func containers() {
        #expect(parse("[]") == [])
        #expect(parse("{}") == [:])
        #expect(parse("[[]]") == [[]])
        #expect(parse(#"[1,"a",true,null,{"k":[]},[{}]]"#) == [1, "a", true, nil, ["k": []], [[:]]])
        #expect(parse(#"{"a":{"b":{"c":[1,2,{"d":null}]}}}"#) == ["a": ["b": ["c": [1, 2, ["d": nil]]]]])
    }

    @Test func duplicateKeysKeepTheLastValue() {
        #expect(parse(#"{"a":1,"b":2,"a":3}"#) == ["a": 3, "b": 2])
    }

    @Test func allEntryPointsAgree() throws {
        let text = #"{"flags":[{"key":"f","on":true,"weight":0.5}]}"#
        let expected: JSONValue = ["flags": [["key": "f", "on": true, "weight": 0.5]]]
        #expect(try JSONValue(parsing: text) == expected)
        #expect(try JSONValue(parsing: Array(text.utf8)) == expected)
        #expect(try JSONParser().parse(text) == expected)
        let raw = try Array(text.utf8).withUnsafeBytes { buffer throws(JSONParseError) in
            try JSONParser().parse(buffer)
        }
        #expect(raw == expected)
    }

    @Test func nestingUpToTheLimit() {
        let depth = JSONLimits.default.maxDepth
        #expect(parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth)) != nil)
        let objects = String(repeating: #"{"a":"#, count: depth) + "1" + String(repeating: "}", count: depth)
        #expect(parse(objects) != nil)
    }

    @Test func deepNestingWithARaisedLimitDoesNotRecurse() {
        let depth = 5_000
        let limits = JSONLimits(maxDepth: depth)
        var value = parse(String(repeating: "[", count: depth) + String(repeating: "]", count: depth), limits: limits)
        var levels = 0
        while case .array(let elements)? = value {
            levels += 1
            value = elements.first
        }
        #expect(levels == depth)
    }

    @Test func inputAtTheSizeLimit() {
        #expect(parse("[1, 2]", limits: .init(maxBytes: 6)) == [1, 2])
    }

    @Test func defaultLimits() {
        #expect(JSONLimits.default.maxDepth == 128)
        #expect(JSONLimits.default.maxBytes == 64 << 20)
        #expect(JSONParser().limits.maxDepth == 128)
    }
}

@Suite("JSONParser: invalid input")
struct JSONParserInvalidTests {
    @Test(arguments: ["", " ", " \t\r\n "])
    func empty(text: String) {
        let error = failure(text)
        #expect(error?.kind == .empty)
        #expect(error?.offset == text.utf8.count)
    }

    @Test(arguments: [
        "[", "[1", "[1,", "{", #"{"a""#, #"{"a":"#, #"{"a":1"#, #"{"a":1,"#, #""abc"#, #""abc\"#,
        #""\u12"#, "tru", "nul", "-", "1.", "1e", "1e+", "[1.",
    ])
    func unexpectedEnd(text: String) {
        let error = failure(text)
        #expect(error?.kind == .unexpectedEnd)
        #expect(error?.offset == text.utf8.count)
    }

    @Test(arguments: [
        ("[1,]", 3), (#"{"a":1,}"#, 7), ("[,1]", 1), ("[1 2]", 3), (#"{"a" 1}"#, 5), (#"{"a":1 "b":2}"#, 7),
        ("{a:1}", 1), ("{'a':1}", 1), ("'a'", 0), ("[1}", 2), (#"{"a":1]"#, 6), ("// c\n1", 0), ("/* c */ 1", 0),
        ("NaN", 0), ("Infinity", 0), ("undefined", 0), ("trUe", 2), ("nulL", 3), ("fals", 4), ("\u{FEFF}1", 0),
        ("]", 0), ("}", 0), (":", 0),
    ] as [(String, Int)])
    func unexpectedCharacter(text: String, offset: Int) {
        let error = failure(text)
        // "fals" runs out rather than mismatching.
        #expect(error?.kind == (text == "fals" ? .unexpectedEnd : .unexpectedCharacter))
        #expect(error?.offset == offset)
    }

    @Test(arguments: [
        ("01", 1), ("-01", 2), ("00", 1), ("+1", 0), (".5", 0), ("1.e5", 2), ("1.x", 2), ("1ex", 2),
        ("1e+x", 3), ("-", 1), ("- 1", 1), ("-Infinity", 1), ("-a", 1), ("[+1]", 1), ("[.5]", 1),
    ] as [(String, Int)])
    func invalidNumber(text: String, offset: Int) {
        let error = failure(text)
        if text == "-" {
            #expect(error?.kind == .unexpectedEnd)
        } else {
            #expect(error?.kind == .invalidNumber)
            #expect(error?.offset == offset)
        }
    }

    @Test(arguments: ["1e309", "-1e309", "1e400", "[1.8e308]", "1" + String(repeating: "0", count: 400)])
    func numberOutOfRange(text: String) {
        let error = failure(text)
        #expect(error?.kind == .numberOutOfRange)
        #expect(error?.offset == (text.hasPrefix("[") ? 1 : 0))
    }

    @Test(arguments: [#""\x""#, #""\a""#, #""\U0041""#, #""\u12G4""#, #""\u-123""#, #""\'""#, #""\ ""#])
    func invalidEscape(text: String) {
        let error = failure(text)
        #expect(error?.kind == .invalidEscape)
        #expect(error?.offset == 1)
    }

    @Test(arguments: [
        #""\ud83d""#, #""\ud83dx""#, #""\ud83d\u0041""#, #""\ud83d\ud83d""#, #""\ude00""#, #""\udfff\ud83d""#,
        #""\ud83d\n""#,
    ])
    func loneSurrogate(text: String) {
        let error = failure(text)
        #expect(error?.kind == .invalidUnicode)
        #expect(error?.offset == 1)
    }

    @Test(arguments: [
        [0x22, 0xFF, 0x22], [0x22, 0x80, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xC1, 0xBF, 0x22],
        [0x22, 0xE0, 0x80, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x22, 0xF0, 0x80, 0x80, 0x80, 0x22],
        [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], [0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], [0x22, 0xE2, 0x82, 0x22],
        [0x22, 0xE2, 0x82], [0x22, 0xC3],
    ] as [[UInt8]])
    func malformedUTF8(bytes: [UInt8]) {
        let error = failure(bytes)
        #expect(error?.kind == .invalidUnicode)
        #expect(error?.offset == 1)
    }

    @Test(arguments: ["\"a\nb\"", "\"a\tb\"", "\"\r\"", "\"\u{0}\"", "\"\u{1F}\"", "{\"k\u{8}\":1}"])
    func controlCharacterInString(text: String) {
        let error = failure(text)
        #expect(error?.kind == .controlCharacterInString)
        #expect(error?.offset == (text.hasPrefix("{") ? 3 : text.hasPrefix("\"a") ? 2 : 1))
    }

    @Test(arguments: [("1 2", 2), ("{} x", 3), ("nullx", 4), ("1x", 1), ("[1]]", 3), ("[1]/*x*/", 3), ("\"a\"\"b\"", 3)]
        as [(String, Int)])
    func trailingContent(text: String, offset: Int) {
        let error = failure(text)
        #expect(error?.kind == .trailingContent)
        #expect(error?.offset == offset)
    }

    @Test func hundredThousandOpenBracketsStopAtTheDepthLimit() {
        let error = failure(String(repeating: "[", count: 100_000))
        #expect(error?.kind == .tooDeep)
        #expect(error?.offset == 128)
    }

    @Test func hundredThousandOpenObjectsStopAtTheDepthLimit() {
        let error = failure(String(repeating: #"{"a":"#, count: 100_000))
        #expect(error?.kind == .tooDeep)
        #expect(error?.offset == 128 * 5)
    }

    @Test func oneLevelPastTheLimitIsTooDeep() {
        let depth = JSONLimits.default.maxDepth + 1
        #expect(failure(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))?.kind == .tooDeep)
        // An empty container still counts as a level.
        let limits = JSONLimits(maxDepth: 2)
        #expect(failure("[[[]]]", limits: limits)?.kind == .tooDeep)
        #expect(failure("[[{}]]", limits: limits)?.kind == .tooDeep)
        #expect(failure("[]", limits: .init(maxDepth: 0))?.kind == .tooDeep)
        #expect(parse("1", limits: .init(maxDepth: 0)) == 1)
    }

    @Test func tooLargeIsCheckedBeforeParsing() {
        // Malformed, but the size check comes first.
        let error = failure("[1, 2, ", limits: .init(maxBytes: 6))
        #expect(error == JSONParseError(kind: .tooLarge, offset: 0, line: 1, column: 1))
        #expect(error?.description == "invalid JSON: input is larger than the size limit")
    }
}

@Suite("JSONParseError positions and messages")
struct JSONParseErrorTests {
    @Test func lineAndColumn() throws {
        let error = try #require(failure("{\n  \"a\": 1,\n  \"b\": [1, 2}\n}"))
        #expect(error.kind == .unexpectedCharacter)
        #expect(error.line == 3)
        #expect(error.column == 13)
        #expect(error.offset == 24)
        #expect(error.found == "}")
        #expect(error.description == "invalid JSON at line 3, column 13: unexpected character '}'")
    }

    @Test func columnsCountCharactersNotBytes() throws {
        let error = try #require(failure("[\"é😀\", x]"))
        #expect(error.offset == 11)
        #expect(error.line == 1)
        #expect(error.column == 8)
        #expect(error.found == "x")
    }

    @Test func crLFIsOneLineBreak() throws {
        let error = try #require(failure("\r\n\r\n  x"))
        #expect(error.line == 3)
        #expect(error.column == 3)
        let lone = try #require(failure("\r\r?"))
        #expect(lone.line == 3)
        #expect(lone.column == 1)
    }

    @Test func endOfInputPosition() throws {
        let error = try #require(failure("[1,\n"))
        #expect(error.kind == .unexpectedEnd)
        #expect(error.offset == 4)
        #expect(error.line == 2)
        #expect(error.column == 1)
        #expect(error.found == nil)
        #expect(error.description == "invalid JSON at line 2, column 1: unexpected end of input")
    }

    @Test func messages() {
        #expect(failure("[1 2]")?.description == "invalid JSON at line 1, column 4: unexpected character '2'")
        #expect(failure("[\u{1}]")?.description == "invalid JSON at line 1, column 2: unexpected character U+0001")
        #expect(failure([0x5B, 0xFF, 0x5D])?.description
            == "invalid JSON at line 1, column 2: unexpected byte (not valid UTF-8)")
        #expect(failure("1 2")?.description == "invalid JSON at line 1, column 3: unexpected character '2' after the JSON value")
        #expect(failure("")?.description == "invalid JSON at line 1, column 1: no JSON value (input is empty or whitespace)")
        #expect(failure("01")?.description == "invalid JSON at line 1, column 2: invalid number")
        #expect(failure("1e999")?.description == "invalid JSON at line 1, column 1: number out of range")
        #expect(failure(#""\q""#)?.description == "invalid JSON at line 1, column 2: invalid escape sequence")
        #expect(failure(#""\udc00""#)?.description
            == "invalid JSON at line 1, column 2: invalid UTF-8 or unpaired surrogate in string")
        #expect(failure("\"\t\"")?.description == "invalid JSON at line 1, column 2: unescaped control character in string")
        #expect(failure("[[1]]", limits: .init(maxDepth: 1))?.description
            == "invalid JSON at line 1, column 2: arrays and objects nested too deeply")
    }

    @Test func convenienceInitializersThrowTypedErrors() {
        #expect(throws: JSONParseError.self) { try JSONValue(parsing: "[1,]") }
        do {
            _ = try JSONValue(parsing: Array("{".utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.kind == .unexpectedEnd)
        }
    }
}
