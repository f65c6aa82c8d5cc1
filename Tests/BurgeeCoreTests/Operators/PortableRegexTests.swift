import Testing
@testable import BurgeeCore

@Suite("PortableRegex")
struct PortableRegexTests {
    // MARK: - Syntax

    static let syntaxCases: [MatchCase] = [
        // Literals, including non-ASCII and astral scalars.
        MatchCase(pattern: "abc", matching: ["abc", "xxabcxx"], nonMatching: ["ab", "abd", "ABC", ""]),
        MatchCase(pattern: "é", matching: ["café"], nonMatching: ["cafe", "e\u{301}"]),
        MatchCase(pattern: "😀+", matching: ["a😀😀"], nonMatching: ["a"]),
        MatchCase(pattern: "/", matching: ["a/b"], nonMatching: ["ab"]),
        // `.` is any scalar except line feed.
        MatchCase(pattern: "a.c", matching: ["abc", "a c", "aéc", "a\rc", "a😀c"], nonMatching: ["ac", "a\nc", "abbc"]),
        // Escaped metacharacters.
        MatchCase(pattern: "\\\\", matching: ["a\\b"], nonMatching: ["ab"]),
        MatchCase(pattern: "a\\.c", matching: ["a.c"], nonMatching: ["abc"]),
        MatchCase(pattern: "a\\*", matching: ["a*"], nonMatching: ["aa"]),
        MatchCase(pattern: "a\\+", matching: ["a+"], nonMatching: ["aa"]),
        MatchCase(pattern: "a\\?", matching: ["a?"], nonMatching: ["a"]),
        MatchCase(pattern: "\\(\\)", matching: ["f()"], nonMatching: ["f"]),
        MatchCase(pattern: "\\[\\]", matching: ["[]"], nonMatching: ["["]),
        MatchCase(pattern: "\\{\\}", matching: ["{}"], nonMatching: ["{"]),
        MatchCase(pattern: "a\\|b", matching: ["a|b"], nonMatching: ["a", "b"]),
        MatchCase(pattern: "\\^\\$", matching: ["x^$y"], nonMatching: ["x"]),
        MatchCase(pattern: "\\/", matching: ["/"], nonMatching: ["\\"]),
        MatchCase(pattern: "\\-", matching: ["-"], nonMatching: ["_"]),
        // Control escapes.
        MatchCase(pattern: "\\t", matching: ["a\tb"], nonMatching: ["a b", "t"]),
        MatchCase(pattern: "\\n", matching: ["a\nb"], nonMatching: ["a\rb", "n"]),
        MatchCase(pattern: "\\r", matching: ["a\rb"], nonMatching: ["a\nb", "r"]),
        MatchCase(pattern: "\\f", matching: ["a\u{0C}b"], nonMatching: ["f"]),
        MatchCase(pattern: "\\v", matching: ["a\u{0B}b"], nonMatching: ["v"]),
        // Class escapes, with ASCII meanings.
        MatchCase(pattern: "^\\d+$", matching: ["0123456789"], nonMatching: ["12a", "٣", ""]),
        MatchCase(pattern: "^\\D+$", matching: ["abc", "٣"], nonMatching: ["a1"]),
        MatchCase(pattern: "^\\w+$", matching: ["Az09_"], nonMatching: ["a-b", "é", ""]),
        MatchCase(pattern: "^\\W+$", matching: ["-é !"], nonMatching: ["-a"]),
        MatchCase(pattern: "^\\s+$", matching: [" \t\n\r\u{0C}\u{0B}"], nonMatching: ["\u{A0}", "a "]),
        MatchCase(pattern: "^\\S+$", matching: ["ab\u{A0}"], nonMatching: ["a b"]),
        // Word boundaries (ASCII word characters).
        MatchCase(pattern: "\\bcat\\b", matching: ["cat", "a cat.", "(cat)"], nonMatching: ["cats", "concat", "_cat"]),
        MatchCase(pattern: "\\Bcat\\B", matching: ["concatenate"], nonMatching: ["cat", "a cat"]),
        MatchCase(pattern: "\\bé", matching: ["aé"], nonMatching: ["é", " é"]),
        MatchCase(pattern: "a\\b", matching: ["a", "aé"], nonMatching: ["ab"]),
        // \uXXXX, including a surrogate pair.
        MatchCase(pattern: "\\u0041\\u00e9", matching: ["Aé"], nonMatching: ["ae", "aé"]),
        MatchCase(pattern: "\\uD83D\\uDE00", matching: ["😀"], nonMatching: ["😁"]),
        // Classes.
        MatchCase(pattern: "^[abc]+$", matching: ["abcba"], nonMatching: ["abd", ""]),
        MatchCase(pattern: "^[a-z0-9]$", matching: ["q", "7"], nonMatching: ["Q", "-"]),
        MatchCase(pattern: "^[^a-z]$", matching: ["Q", "é", "\n"], nonMatching: ["q", ""]),
        MatchCase(pattern: "^[\\d.]+$", matching: ["1.2"], nonMatching: ["1,2"]),
        MatchCase(pattern: "^[\\w-]+$", matching: ["a-b_c"], nonMatching: ["a b"]),
        MatchCase(pattern: "^[^\\d\\s]$", matching: ["a"], nonMatching: ["1", " "]),
        MatchCase(pattern: "^[\\D]$", matching: ["a"], nonMatching: ["1"]),
        MatchCase(pattern: "^[\\]\\[\\\\\\-]+$", matching: ["[]\\-"], nonMatching: ["a"]),
        MatchCase(pattern: "^[]a]+$", matching: ["]a]"], nonMatching: ["b"]),
        MatchCase(pattern: "^[^]a]$", matching: ["b"], nonMatching: ["]", "a"]),
        MatchCase(pattern: "^[-a]+$", matching: ["-a-"], nonMatching: ["b"]),
        MatchCase(pattern: "^[a-]+$", matching: ["a-"], nonMatching: ["b"]),
        MatchCase(pattern: "^[^-]$", matching: ["a"], nonMatching: ["-"]),
        MatchCase(pattern: "^[!--]+$", matching: ["!,-"], nonMatching: ["."]),
        MatchCase(pattern: "^[\\t-\\r]$", matching: ["\n"], nonMatching: [" "]),
        MatchCase(pattern: "^[\\u00e0-\\u00ff]$", matching: ["é"], nonMatching: ["É"]),
        MatchCase(pattern: "^[😀-😂]$", matching: ["😁"], nonMatching: ["😃"]),
        MatchCase(pattern: "^[.*+?(){}|^$]+$", matching: [".*+?(){}|^$"], nonMatching: ["a"]),
        // Anchors: start and end of the input only, never of a line.
        MatchCase(pattern: "^b", matching: ["bc"], nonMatching: ["abc", "a\nb"]),
        MatchCase(pattern: "a$", matching: ["ba"], nonMatching: ["ab", "a\n", "a\nb"]),
        MatchCase(pattern: "^$", matching: [""], nonMatching: ["a", "\n"]),
        MatchCase(pattern: "^", matching: ["", "abc"], nonMatching: []),
        MatchCase(pattern: "$", matching: ["", "abc"], nonMatching: []),
        MatchCase(pattern: "a^", matching: [], nonMatching: ["a", "aa"]),
        // Groups and alternation.
        MatchCase(pattern: "^(ab)+$", matching: ["ab", "abab"], nonMatching: ["aba", ""]),
        MatchCase(pattern: "^(?:ab)+$", matching: ["abab"], nonMatching: ["aab"]),
        MatchCase(pattern: "^(a|bc|d)$", matching: ["a", "bc", "d"], nonMatching: ["b", "ad"]),
        MatchCase(pattern: "cat|dog", matching: ["hotdog", "cats"], nonMatching: ["cow"]),
        MatchCase(pattern: "^a(b|c(d|e))f$", matching: ["abf", "acdf", "acef"], nonMatching: ["acf"]),
        MatchCase(pattern: "^(|a)b$", matching: ["b", "ab"], nonMatching: ["aab"]),
        MatchCase(pattern: "^(a|)$", matching: ["", "a"], nonMatching: ["b"]),
        MatchCase(pattern: "x|", matching: ["", "anything"], nonMatching: []),
        MatchCase(pattern: "^()$", matching: [""], nonMatching: ["a"]),
        MatchCase(pattern: "^(?:)+a$", matching: ["a"], nonMatching: ["b"]),
        // Quantifiers and their lazy forms.
        MatchCase(pattern: "^ab*c$", matching: ["ac", "abbbc"], nonMatching: ["abd"]),
        MatchCase(pattern: "^ab+c$", matching: ["abc", "abbc"], nonMatching: ["ac"]),
        MatchCase(pattern: "^ab?c$", matching: ["ac", "abc"], nonMatching: ["abbc"]),
        MatchCase(pattern: "^a{3}$", matching: ["aaa"], nonMatching: ["aa", "aaaa"]),
        MatchCase(pattern: "^a{2,}$", matching: ["aa", "aaaaaa"], nonMatching: ["a"]),
        MatchCase(pattern: "^a{2,3}$", matching: ["aa", "aaa"], nonMatching: ["a", "aaaa"]),
        MatchCase(pattern: "^a{0}b$", matching: ["b"], nonMatching: ["ab"]),
        MatchCase(pattern: "^a{0,}$", matching: ["", "aaa"], nonMatching: ["b"]),
        MatchCase(pattern: "^a{0,1}$", matching: ["", "a"], nonMatching: ["aa"]),
        MatchCase(pattern: "^(ab){2}$", matching: ["abab"], nonMatching: ["ab", "ababab"]),
        MatchCase(pattern: "^a*?b+?c??d{1,2}?e{2,}?$", matching: ["bdee", "aabbcddeee"], nonMatching: ["bde"]),
        MatchCase(pattern: "^(a*)*$", matching: ["", "aaa"], nonMatching: ["ab"]),
        MatchCase(pattern: "^(a?)*b$", matching: ["b", "aab"], nonMatching: ["aa"]),
        MatchCase(pattern: "^(a|b)*?c$", matching: ["abbac"], nonMatching: ["abd"]),
        MatchCase(pattern: "^(?:a{2}){2,3}$", matching: ["aaaa", "aaaaaa"], nonMatching: ["aaa", "aaaaa", "aaaaaaaa"]),
        MatchCase(pattern: "^a{1000}$", matching: [String(repeating: "a", count: 1_000)],
                  nonMatching: [String(repeating: "a", count: 999), String(repeating: "a", count: 1_001)]),
        // Realistic patterns.
        MatchCase(pattern: "^[a-z]+@example\\.com$", matching: ["jane@example.com"],
                  nonMatching: ["jane@example.org", "jane@exampleXcom", "Jane@example.com"]),
        MatchCase(pattern: "^\\d{1,3}(\\.\\d{1,3}){3}$", matching: ["10.0.0.1", "255.255.255.255"],
                  nonMatching: ["10.0.0", "1000.0.0.1"]),
        MatchCase(pattern: "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$",
                  matching: ["123e4567-e89b-12d3-a456-426614174000"],
                  nonMatching: ["123e4567-e89b-12d3-a456-42661417400"]),
        // The empty pattern matches everything.
        MatchCase(pattern: "", matching: ["", "abc"], nonMatching: []),
    ]

    @Test("Syntax elements match and do not match", arguments: syntaxCases)
    func syntax(_ testCase: MatchCase) throws {
        let regex = try Self.compile(testCase.pattern, caseInsensitive: testCase.caseInsensitive)
        #expect(regex.pattern == testCase.pattern)
        for input in testCase.matching {
            #expect(regex.matches(input), "expected a match in \(input.debugDescription)")
        }
        for input in testCase.nonMatching {
            #expect(!regex.matches(input), "expected no match in \(input.debugDescription)")
        }
    }

    @Test("Search semantics: a pattern matches anywhere unless anchored")
    func searchSemantics() throws {
        #expect(try Self.compile("b").matches("abc"))
        #expect(try !Self.compile("^b").matches("abc"))
        #expect(try !Self.compile("b$").matches("abc"))
        #expect(try Self.compile("c$").matches("abc"))
        #expect(try Self.compile("^abc$").matches("abc"))
        #expect(try Self.compile("b*").matches("xyz"))
        #expect(try Self.compile("\\d\\d").matches("ab12cd"))
        #expect(try !Self.compile("\\d\\d").matches("a1b2c"))
        // A match starting late, after many failed starts.
        #expect(try Self.compile("ab").matches(String(repeating: "a", count: 5_000) + "b"))
    }

    // MARK: - Errors

    static let errorCases: [ErrorCase] = [
        ErrorCase(pattern: "a\\p{L}", kind: .invalidEscape, offset: 1),
        ErrorCase(pattern: "\\P{L}", kind: .invalidEscape, offset: 0),
        ErrorCase(pattern: "\\x41", kind: .invalidEscape, offset: 0),
        ErrorCase(pattern: "\\0", kind: .invalidEscape, offset: 0),
        ErrorCase(pattern: "\\z", kind: .invalidEscape, offset: 0),
        ErrorCase(pattern: "\\,", kind: .invalidEscape, offset: 0),
        ErrorCase(pattern: "ab\\", kind: .invalidEscape, offset: 2),
        ErrorCase(pattern: "[\\b]", kind: .invalidEscape, offset: 1),
        ErrorCase(pattern: "[\\1]", kind: .invalidEscape, offset: 1),
        ErrorCase(pattern: "(a)\\1", kind: .backreference, offset: 3),
        ErrorCase(pattern: "\\k<x>", kind: .backreference, offset: 0),
        ErrorCase(pattern: "\\u12", kind: .invalidUnicodeEscape, offset: 0),
        ErrorCase(pattern: "\\u{41}", kind: .invalidUnicodeEscape, offset: 0),
        ErrorCase(pattern: "\\uD83D", kind: .invalidUnicodeEscape, offset: 0),
        ErrorCase(pattern: "a\\uDE00", kind: .invalidUnicodeEscape, offset: 1),
        ErrorCase(pattern: "(?=a)", kind: .lookaround, offset: 0),
        ErrorCase(pattern: "a(?!b)", kind: .lookaround, offset: 1),
        ErrorCase(pattern: "(?<=a)b", kind: .lookaround, offset: 0),
        ErrorCase(pattern: "(?<!a)b", kind: .lookaround, offset: 0),
        ErrorCase(pattern: "(?<name>a)", kind: .namedGroup, offset: 0),
        ErrorCase(pattern: "(?P<name>a)", kind: .namedGroup, offset: 0),
        ErrorCase(pattern: "(?'name'a)", kind: .namedGroup, offset: 0),
        ErrorCase(pattern: "(?i)a", kind: .unsupportedGroup, offset: 0),
        ErrorCase(pattern: "(?>a)", kind: .unsupportedGroup, offset: 0),
        ErrorCase(pattern: "x(?", kind: .unsupportedGroup, offset: 1),
        ErrorCase(pattern: "a(b", kind: .missingClosingParenthesis, offset: 1),
        ErrorCase(pattern: "((a)", kind: .missingClosingParenthesis, offset: 0),
        ErrorCase(pattern: "a)b", kind: .unmatchedClosingParenthesis, offset: 1),
        ErrorCase(pattern: ")", kind: .unmatchedClosingParenthesis, offset: 0),
        ErrorCase(pattern: "a[bc", kind: .missingClosingBracket, offset: 1),
        ErrorCase(pattern: "[]", kind: .missingClosingBracket, offset: 0),
        ErrorCase(pattern: "[^]", kind: .missingClosingBracket, offset: 0),
        ErrorCase(pattern: "[a-", kind: .missingClosingBracket, offset: 0),
        ErrorCase(pattern: "a]", kind: .unmatchedClosingBracket, offset: 1),
        ErrorCase(pattern: "[[]", kind: .unsupportedClassSyntax, offset: 1),
        ErrorCase(pattern: "[[:alpha:]]", kind: .unsupportedClassSyntax, offset: 1),
        ErrorCase(pattern: "[z-a]", kind: .invalidClassRange, offset: 1),
        ErrorCase(pattern: "[\\d-z]", kind: .invalidClassRange, offset: 1),
        ErrorCase(pattern: "[a-\\w]", kind: .invalidClassRange, offset: 1),
        ErrorCase(pattern: "[a-c-e]", kind: .invalidClassRange, offset: 4),
        ErrorCase(pattern: "*a", kind: .nothingToRepeat, offset: 0),
        ErrorCase(pattern: "a|+", kind: .nothingToRepeat, offset: 2),
        ErrorCase(pattern: "(?a)", kind: .unsupportedGroup, offset: 0),
        ErrorCase(pattern: "(*)", kind: .nothingToRepeat, offset: 1),
        ErrorCase(pattern: "a**", kind: .nothingToRepeat, offset: 2),
        ErrorCase(pattern: "a{2}{3}", kind: .nothingToRepeat, offset: 4),
        ErrorCase(pattern: "a*??", kind: .nothingToRepeat, offset: 3),
        ErrorCase(pattern: "^*", kind: .nothingToRepeat, offset: 1),
        ErrorCase(pattern: "a$+", kind: .nothingToRepeat, offset: 2),
        ErrorCase(pattern: "\\b?", kind: .nothingToRepeat, offset: 2),
        ErrorCase(pattern: "{2}", kind: .nothingToRepeat, offset: 0),
        ErrorCase(pattern: "a{", kind: .invalidQuantifier, offset: 1),
        ErrorCase(pattern: "a{x}", kind: .invalidQuantifier, offset: 1),
        ErrorCase(pattern: "a{,3}", kind: .invalidQuantifier, offset: 1),
        ErrorCase(pattern: "a{1,2", kind: .invalidQuantifier, offset: 1),
        ErrorCase(pattern: "a{1, 2}", kind: .invalidQuantifier, offset: 1),
        ErrorCase(pattern: "{", kind: .invalidQuantifier, offset: 0),
        ErrorCase(pattern: "a}", kind: .invalidQuantifier, offset: 1),
        ErrorCase(pattern: "a*+", kind: .possessiveQuantifier, offset: 2),
        ErrorCase(pattern: "a{2}+", kind: .possessiveQuantifier, offset: 4),
        ErrorCase(pattern: "a?+", kind: .possessiveQuantifier, offset: 2),
        ErrorCase(pattern: "a{3,2}", kind: .invalidRepetitionRange, offset: 1),
        ErrorCase(pattern: "a{1001}", kind: .repetitionCountTooLarge, offset: 1),
        ErrorCase(pattern: "a{0,1001}", kind: .repetitionCountTooLarge, offset: 1),
        ErrorCase(pattern: "a{99999999999999999999999}", kind: .repetitionCountTooLarge, offset: 1),
        ErrorCase(pattern: "(a{1000}){1000}", kind: .programTooLarge, offset: 0),
        ErrorCase(pattern: "((a{1000}){1000}){1000}", kind: .programTooLarge, offset: 0),
        ErrorCase(pattern: "[a-z]{0,1000}[a-z]{0,1000}[a-z]{0,1000}[a-z]{0,1000}[a-z]{0,1000}",
                       kind: .programTooLarge, offset: 0),
        ErrorCase(pattern: String(repeating: "(", count: 33) + String(repeating: ")", count: 33),
                       kind: .nestingTooDeep, offset: 32),
        ErrorCase(pattern: String(repeating: "a", count: 1_025), kind: .patternTooLong, offset: 1_024),
    ]

    @Test("Invalid patterns are rejected with the right kind and offset", arguments: errorCases)
    func errors(_ testCase: ErrorCase) {
        let error = Self.compileError(testCase.pattern)
        #expect(error?.kind == testCase.kind)
        #expect(error?.offset == testCase.offset)
        #expect(error?.message.isEmpty == false)
    }

    @Test("Patterns at the bounds compile")
    func bounds() throws {
        // The matcher's stack layout relies on these: 16-bit thread entries, and a membership
        // bitmap and chunk table that each fit one 1 KiB temporary allocation.
        #expect(RegexProgram.maxInstructionCount < Int(UInt16.max))
        #expect(RegexProgram.maxInstructionCount <= 8 * 1_024)
        #expect(RegexProgram.maxInstructionCount / regexChunkCapacity * 2 * 8 <= 1_024)
        _ = try Self.compile(String(repeating: "a", count: PortableRegex.maxPatternLength))
        _ = try Self.compile(String(repeating: "(", count: 32) + String(repeating: ")", count: 32))
        _ = try Self.compile("a{1000}b{0,1000}c{1000,}")
        _ = try Self.compile("(?:a{1000}){2}")
        _ = try Self.compile("[😀-😂]{0,1000}")
    }

    @Test("An error describes itself with its offset")
    func errorDescription() {
        let error = Self.compileError("ab\\q")
        #expect(error == RegexError(kind: .invalidEscape, offset: 2, message: "unsupported escape '\\q'"))
        #expect(error?.description == "unsupported escape '\\q' at offset 2")
    }

    // MARK: - Linear time

    /// Patterns that take exponential time in a backtracking engine. These only complete because
    /// matching is linear; no timing is asserted.
    @Test("Catastrophic patterns finish", arguments: [
        ("(a+)+$", "a", "!", false),
        ("(a|aa)*c", "a", "", false),
        ("(x+x+)+y", "x", "", false),
        ("(a+)+$", "a", "", true),
        ("(a|aa)*c", "a", "c", true),
        ("(x+x+)+y", "x", "y", true),
        ("^(a?){30}a{30}$", "a", "", false),
        ("(.*a){20}", "a", "", true),
    ])
    func catastrophic(pattern: String, unit: String, tail: String, expected: Bool) throws {
        let regex = try Self.compile(pattern)
        // At the input bound, the matcher really runs over every scalar.
        let longest = String(repeating: unit, count: PortableRegex.maxInputLength - tail.count) + tail
        #expect(regex.matches(longest) == expected)
        // 30,000 scalars is over the bound, so it never matches (and returns at once).
        #expect(!regex.matches(String(repeating: unit, count: 30_000) + tail))
    }

    @Test("Large programs run over long inputs")
    func largePrograms() throws {
        // Over 512 instructions: the matcher spreads its thread lists over several stack chunks.
        let counted = try Self.compile("^(?:ab){1000}c$")
        #expect(counted.matches(String(repeating: "ab", count: 1_000) + "c"))
        #expect(!counted.matches(String(repeating: "ab", count: 999) + "c"))
        // Thousands of instructions, dozens of live threads (within the step budget).
        let wide = try Self.compile("x.{0,1000}x.{0,1000}y")
        let input = String(repeating: "x", count: 40)
        #expect(!wide.matches(input))
        #expect(wide.matches(input + "y"))
        let alternatives = try Self.compile(
            "^(?:" + (0..<100).map { "user\($0)" }.joined(separator: "|") + ")$")
        #expect(alternatives.matches("user99"))
        #expect(alternatives.matches("user0"))
        #expect(!alternatives.matches("user100"))
    }

    // MARK: - Input bound

    @Test("An input over maxInputLength never matches")
    func inputBound() throws {
        let regex = try Self.compile("a")
        let bound = PortableRegex.maxInputLength
        #expect(regex.matches(String(repeating: "a", count: bound)))
        #expect(!regex.matches(String(repeating: "a", count: bound + 1)))
        // Counted in scalars, not bytes or characters.
        let accented = try Self.compile("é")
        #expect(accented.matches(String(repeating: "é", count: bound)))
        #expect(!accented.matches(String(repeating: "é", count: bound + 1)))
        let astral = try Self.compile("😀")
        #expect(astral.matches(String(repeating: "😀", count: bound)))
        #expect(!astral.matches(String(repeating: "😀", count: bound + 1)))
        // Each "e\u{301}" is one Character but two scalars.
        #expect(!regex.matches(String(repeating: "e\u{301}", count: bound / 2) + "a"))
        #expect(try Self.compile("").matches(String(repeating: "e\u{301}", count: bound / 2)))
    }

    // MARK: - Case-insensitive

    static let caseInsensitiveCases: [MatchCase] = [
        MatchCase(pattern: "abc", matching: ["ABC", "xAbCx"], nonMatching: ["abd"], caseInsensitive: true),
        MatchCase(pattern: "ABC", matching: ["abc", "aBc"], nonMatching: ["ab"], caseInsensitive: true),
        MatchCase(pattern: "É", matching: ["é", "É", "café", "CAFÉ"], nonMatching: ["e", "E"], caseInsensitive: true),
        MatchCase(pattern: "é", matching: ["É", "é"], nonMatching: ["E"], caseInsensitive: true),
        MatchCase(pattern: "^σ+$", matching: ["Σσ"], nonMatching: ["ς"], caseInsensitive: true),
        MatchCase(pattern: "ß", matching: ["ß", "ẞ"], nonMatching: ["ss", "SS"], caseInsensitive: true),
        MatchCase(pattern: "k", matching: ["K", "\u{212A}"], nonMatching: ["x"], caseInsensitive: true),
        // İ lowercases to i + U+0307, on both sides.
        MatchCase(pattern: "^İ$", matching: ["İ", "i\u{307}"], nonMatching: ["i", "I"], caseInsensitive: true),
        MatchCase(pattern: "^İ{2}$", matching: ["İİ"], nonMatching: ["İ"], caseInsensitive: true),
        MatchCase(pattern: "^i$", matching: ["I"], nonMatching: ["İ"], caseInsensitive: true),
        MatchCase(pattern: "\\u00C9", matching: ["é"], nonMatching: ["e"], caseInsensitive: true),
        // Classes accept members and lowercases of members.
        MatchCase(pattern: "^[A-Z]+$", matching: ["abc", "ABC", "aBc"], nonMatching: ["a1"], caseInsensitive: true),
        MatchCase(pattern: "^[a-z]+$", matching: ["ABC"], nonMatching: ["É"], caseInsensitive: true),
        MatchCase(pattern: "^[À-Þ]+$", matching: ["éÈ"], nonMatching: ["×x"], caseInsensitive: true),
        MatchCase(pattern: "^[É]$", matching: ["é", "É"], nonMatching: ["e"], caseInsensitive: true),
        MatchCase(pattern: "^[Α-Ω]+$", matching: ["αβγ", "ΑΒΓ"], nonMatching: ["abc"], caseInsensitive: true),
        MatchCase(pattern: "^[^a-z]$", matching: ["1", "é"], nonMatching: ["Q", "q"], caseInsensitive: true),
        MatchCase(pattern: "^[^A-Z]$", matching: ["1"], nonMatching: ["Q", "q"], caseInsensitive: true),
        // Escapes keep their meaning.
        MatchCase(pattern: "^\\D+$", matching: ["ABC"], nonMatching: ["A1"], caseInsensitive: true),
        MatchCase(pattern: "^\\w+$", matching: ["ABC_9"], nonMatching: ["É"], caseInsensitive: true),
        MatchCase(pattern: "^\\W$", matching: ["É", "-"], nonMatching: ["A"], caseInsensitive: true),
        MatchCase(pattern: "\\bB\\b", matching: ["a b c", "A B C"], nonMatching: ["ABC"], caseInsensitive: true),
        MatchCase(pattern: "^[a-z]+@example\\.com$", matching: ["Jane@Example.COM"],
                  nonMatching: ["jane@example.org"], caseInsensitive: true),
    ]

    @Test("Case-insensitive patterns lowercase both sides", arguments: caseInsensitiveCases)
    func caseInsensitive(_ testCase: MatchCase) throws {
        try syntax(testCase)
    }

    @Test("Case sensitivity is the default")
    func caseSensitiveByDefault() throws {
        #expect(try !Self.compile("É").matches("é"))
        #expect(try !Self.compile("é").matches("É"))
        #expect(try !Self.compile("[A-Z]").matches("q"))
        #expect(try Self.compile("É", caseInsensitive: true).matches("é"))
    }

    @Test("Lowercase pairs cover every cased scalar")
    func foldingTableCoversCodeSpace() {
        // The table scans planes 0 and 1 only; nothing beyond changes when lowercased.
        var beyond = 0
        for value in RegexCaseFolding.scannedLimit...0x10FFFF {
            if let scalar = Unicode.Scalar(value), scalar.properties.changesWhenLowercased { beyond += 1 }
        }
        #expect(beyond == 0)
        #expect(RegexCaseFolding.nonASCIILowercasePairs.contains { $0 == (0x212A, 0x6B) })
        #expect(RegexCaseFolding.nonASCIILowercasePairs.contains { $0 == (0xC9, 0xE9) })
    }

    // MARK: - Agreement with a reference engine

    /// Random patterns over a tiny alphabet, checked against the standard library's `Regex`
    /// (a backtracking engine, fine at these sizes) on every short input.
    @Test("Random patterns agree with Swift Regex")
    func differential() throws {
        var random = SplitMix(seed: 0x5EED)
        let inputs = ["", "a", "b", "c", "ab", "ba", "abc", "cab", "aab", "abab", "bca", "aaa", "a b", "cc c",
                      "abcabc", "b a", "aa bb"]
        for _ in 0..<500 {
            let pattern = randomPattern(&random, depth: 0)
            let ours = try Self.compile(pattern)
            let reference = try Regex(pattern)
                .matchingSemantics(.unicodeScalar)
                .asciiOnlyWordCharacters()
                .asciiOnlyDigits()
                .asciiOnlyWhitespace()
                .wordBoundaryKind(.simple)
            for input in inputs {
                let expected = try reference.firstMatch(in: input) != nil
                #expect(ours.matches(input) == expected, "/\(pattern)/ on \(input.debugDescription)")
            }
        }
    }

    private func randomPattern(_ random: inout SplitMix, depth: Int) -> String {
        let atoms = ["a", "b", "c", " ", ".", "[ab]", "[^a]", "[a-c]", "\\w", "\\W", "\\s", "\\S", "\\d", "\\D",
                     "\\b", "\\B", "^", "$"]
        var pattern = ""
        for _ in 0..<(1 + random.next(below: 4)) {
            var atom: String
            if depth < 2 && random.next(below: 5) == 0 {
                let branches = (0..<(1 + random.next(below: 3))).map { _ in randomPattern(&random, depth: depth + 1) }
                atom = (random.next(below: 2) == 0 ? "(" : "(?:") + branches.joined(separator: "|") + ")"
                // Bounded only: the reference backtracks, and nested unbounded loops can stall it.
                let quantifiers = ["", "", "?", "{2}", "{0,2}?"]
                atom += quantifiers[random.next(below: quantifiers.count)]
            } else {
                atom = atoms[random.next(below: atoms.count)]
                if !["\\b", "\\B", "^", "$"].contains(atom) {
                    let quantifiers = ["", "", "", "*", "+", "?", "{2}", "{1,2}", "{0,}", "*?", "{0,2}?"]
                    atom += quantifiers[random.next(below: quantifiers.count)]
                }
            }
            pattern += atom
        }
        return pattern
    }

    // MARK: - Concurrency

    @Test("A compiled pattern is shared across tasks")
    func concurrentUse() async throws {
        let regex = try Self.compile("^(?:[a-z]+\\.)*example\\.com$", caseInsensitive: true)
        let results = await withTaskGroup(of: Bool.self) { group in
            for index in 0..<64 {
                group.addTask {
                    regex.matches(index.isMultiple(of: 2) ? "WWW.Example.com" : "example.org")
                }
            }
            var results: [Bool] = []
            for await result in group { results.append(result) }
            return results
        }
        #expect(results.filter { $0 }.count == 32)
    }
}

extension PortableRegexTests {
    /// A pattern, inputs it must match and inputs it must not.
    struct MatchCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let matching: [String]
        let nonMatching: [String]
        var caseInsensitive = false

        var testDescription: String { "/\(pattern)/\(caseInsensitive ? "i" : "")" }
    }

    /// A pattern and the error it must be rejected with.
    struct ErrorCase: Sendable, CustomTestStringConvertible {
        let pattern: String
        let kind: RegexError.Kind
        let offset: Int

        var testDescription: String { "/\(pattern)/ → \(kind)" }
    }

    /// A small deterministic generator, so failures reproduce.
    struct SplitMix {
        private var state: UInt64

        init(seed: UInt64) { state = seed }

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }

        mutating func next(below bound: Int) -> Int {
            Int(next() % UInt64(bound))
        }
    }

    static func compile(_ pattern: String, caseInsensitive: Bool = false) throws -> PortableRegex {
        try PortableRegex(pattern: pattern, caseInsensitive: caseInsensitive)
    }

    static func compileError(_ pattern: String) -> RegexError? {
        do {
            _ = try PortableRegex(pattern: pattern)
            return nil
        } catch {
            return error
        }
    }

    @Test("the work of one match is bounded: a match that needs more thread steps than the budget fails",
          .timeLimit(.minutes(1)))
    func stepBudget() throws {
        let input = String(repeating: "a", count: PortableRegex.maxInputLength)
        // About 2,000 live threads per scalar: the budget runs out long before the 1,000th `a`.
        let heavy = try PortableRegex(pattern: "(a?){1000}a{1000}")
        #expect(!heavy.matches(input), "would match without the budget")
        #expect(!(try PortableRegex(pattern: "(a?){1000}a{1000}x")).matches(input))
        // Few live threads: a whole input of the longest length still matches.
        #expect(try PortableRegex(pattern: "^a+$").matches(input))
        // Two thousand live threads for each of 3,000 scalars: over the budget, so no match.
        #expect(!(try PortableRegex(pattern: "x.{0,1000}x.{0,1000}y")).matches(String(repeating: "x", count: 3_000) + "y"))
        // Within the budget the same heavy pattern still matches a short input.
        #expect(try PortableRegex(pattern: "(a?){10}a{10}").matches(String(repeating: "a", count: 20)))
    }

    @Test("unicodeWord: \\w, \\W, \\b and \\B use Unicode's word characters, as Rust's regex does; ASCII otherwise")
    func unicodeWord() throws {
        let word = try PortableRegex(pattern: #"^\w+$"#, unicodeWord: true)
        for input in ["über", "日本", "١٢", "STRAßE", "a_1", "e\u{301}"] { #expect(word.matches(input), "\(input)") }
        for input in ["a-b", "", " x", "€"] { #expect(!word.matches(input), "\(input)") }
        #expect(!(try PortableRegex(pattern: #"^\w+$"#)).matches("über"), "ASCII by default")
        #expect(try PortableRegex(pattern: #"^\W$"#, unicodeWord: true).matches("-"))
        #expect(!(try PortableRegex(pattern: #"^\W$"#, unicodeWord: true)).matches("ü"))
        #expect(!(try PortableRegex(pattern: #"\bx"#, unicodeWord: true)).matches("éx"), "é is a word character")
        #expect(try PortableRegex(pattern: #"\bx"#).matches("éx"), "ASCII: é is not")
        #expect(try PortableRegex(pattern: #"\Bx"#, unicodeWord: true).matches("éx"))
        #expect(try PortableRegex(pattern: #"\bmañana\b"#, unicodeWord: true).matches("llega mañana temprano"))
        #expect(try PortableRegex(pattern: #"^[\w-]+$"#, unicodeWord: true).matches("naïve-日本"))
    }
}
