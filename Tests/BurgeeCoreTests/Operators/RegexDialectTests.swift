import Testing
@testable import BurgeeCore

/// Patterns in each vendor engine's dialect (``RegexSyntax``), every expectation the answer of that
/// engine itself: Rust's `regex` crate as Yggdrasil runs it, RE2 as the `google-re2` package runs
/// it (Go's `regexp` reads the same syntax), and Python's `re` (3.11). `nil`: the engine refuses the
/// pattern, or it needs backtracking (Python's backreferences and lookaround), which Burgee refuses.
@Suite("Regular expressions in each vendor's dialect")
struct RegexDialectTests {
    struct DialectCase: CustomTestStringConvertible, Sendable {
        var pattern: String
        var input: String
        var rust: Bool?
        var re2: Bool?
        var python: Bool?

        init(_ pattern: String, _ input: String, rust: Bool?, re2: Bool?, python: Bool?) {
            self.pattern = pattern
            self.input = input
            self.rust = rust
            self.re2 = re2
            self.python = python
        }

        var testDescription: String { "\(pattern.debugDescription) on \(input.debugDescription)" }
    }

    static let cases: [DialectCase] = [
        DialectCase("^\\p{L}+$", "élan", rust: true, re2: true, python: nil),
        DialectCase("^\\p{L}+$", "a1", rust: false, re2: false, python: nil),
        DialectCase("^\\p{L}+$", "日本", rust: true, re2: true, python: nil),
        DialectCase("\\p{Han}", "中", rust: true, re2: true, python: nil),
        DialectCase("\\p{Han}", "a", rust: false, re2: false, python: nil),
        DialectCase("^\\p{Greek}+$", "αβ", rust: true, re2: true, python: nil),
        DialectCase("^\\p{Greek}+$", "a", rust: false, re2: false, python: nil),
        DialectCase("\\pN", "½", rust: true, re2: true, python: nil),
        DialectCase("\\pN", "a", rust: false, re2: false, python: nil),
        DialectCase("\\PL", "1", rust: true, re2: true, python: nil),
        DialectCase("\\PL", "a", rust: false, re2: false, python: nil),
        DialectCase("^\\p{Lu}", "Éa", rust: true, re2: true, python: nil),
        DialectCase("^\\p{Lu}", "éa", rust: false, re2: false, python: nil),
        DialectCase("(?i)k", "K", rust: true, re2: true, python: true),
        DialectCase("(?i)k", "\u{212a}", rust: true, re2: true, python: true),
        DialectCase("(?i)k", "x", rust: false, re2: false, python: false),
        DialectCase("(?i)σ", "Σ", rust: true, re2: true, python: true),
        DialectCase("(?i)σ", "ς", rust: true, re2: true, python: true),
        DialectCase("(?i)straße", "STRASSE", rust: false, re2: false, python: false),
        DialectCase("(?i)straße", "STRAẞE", rust: true, re2: true, python: true),
        DialectCase("^\\w+$", "héllo", rust: true, re2: false, python: true),
        DialectCase("^\\w+$", "a-b", rust: false, re2: false, python: false),
        DialectCase("^\\d+$", "١٢٣", rust: true, re2: false, python: true),
        DialectCase("^\\d+$", "123", rust: true, re2: true, python: true),
        DialectCase("\\s", "a\u{a0}b", rust: true, re2: false, python: true),
        DialectCase("\\s", "ab", rust: false, re2: false, python: false),
        DialectCase("\\s", "a\u{b}b", rust: true, re2: false, python: true),
        DialectCase("\\s", "a\u{1c}b", rust: false, re2: false, python: true),
        DialectCase("\\bfoo\\b", "éfooé", rust: false, re2: true, python: false),
        DialectCase("\\bfoo\\b", "a foo b", rust: true, re2: true, python: true),
        DialectCase("(?m)^b$", "a\u{a}b\u{a}c", rust: true, re2: true, python: true),
        DialectCase("(?m)^b$", "ab", rust: false, re2: false, python: false),
        DialectCase("(?s)a.b", "a\u{a}b", rust: true, re2: true, python: true),
        DialectCase("a.b", "a\u{a}b", rust: false, re2: false, python: false),
        DialectCase("a.b", "axb", rust: true, re2: true, python: true),
        DialectCase("(?i:a)b", "Ab", rust: true, re2: true, python: true),
        DialectCase("(?i:a)b", "AB", rust: false, re2: false, python: false),
        DialectCase("a(?i)b", "aB", rust: true, re2: true, python: nil),
        DialectCase("a(?i)b", "AB", rust: false, re2: false, python: nil),
        DialectCase("(?P<x>a)b", "ab", rust: true, re2: true, python: true),
        DialectCase("(?<x>a)b", "ab", rust: true, re2: true, python: nil),
        DialectCase("\\x41\\x{42}", "AB", rust: true, re2: true, python: nil),
        DialectCase("\\u0041", "A", rust: true, re2: nil, python: true),
        DialectCase("\\AaB\\z", "aB", rust: true, re2: true, python: nil),
        DialectCase("\\AaB\\z", "aB\u{a}", rust: false, re2: false, python: nil),
        DialectCase("ab$", "ab\u{a}", rust: false, re2: false, python: true),
        DialectCase("ab$", "ab", rust: true, re2: true, python: true),
        DialectCase("ab\\Z", "ab\u{a}", rust: nil, re2: nil, python: false),
        DialectCase("ab\\Z", "ab", rust: nil, re2: nil, python: true),
        DialectCase("[[:alpha:]]+$", "abc", rust: true, re2: true, python: false),
        DialectCase("[[:alpha:]]+$", "12", rust: false, re2: false, python: false),
        DialectCase("[[:^digit:]]", "1", rust: false, re2: false, python: false),
        DialectCase("[[:^digit:]]", "a", rust: true, re2: true, python: false),
        // Rust: an unknown POSIX name is a nested class; leading dashes and a first `]` are literals.
        DialectCase("^[[:foo:]]$", "f", rust: true, re2: nil, python: false),
        DialectCase("^[--\\w]$", "-", rust: true, re2: nil, python: nil),
        DialectCase("^[---]$", "-", rust: true, re2: true, python: true),
        DialectCase("^[]-a]$", "_", rust: false, re2: true, python: true),
        DialectCase("^[]--a]$", "-", rust: false, re2: nil, python: nil),
        DialectCase("[a-z&&[^aeiou]]", "a", rust: false, re2: false, python: false),
        DialectCase("[a-z&&[^aeiou]]", "b", rust: true, re2: false, python: false),
        DialectCase("\\Qa.b\\E", "a.b", rust: nil, re2: true, python: nil),
        DialectCase("\\Qa.b\\E", "axb", rust: nil, re2: false, python: nil),
        DialectCase("a{,3}", "a{,3}", rust: nil, re2: true, python: true),
        DialectCase("a{,3}", "a", rust: nil, re2: false, python: true),
        DialectCase("a{,3}", "x", rust: nil, re2: false, python: true),
        DialectCase("a{", "a{", rust: nil, re2: true, python: true),
        DialectCase("a{", "a", rust: nil, re2: false, python: false),
        DialectCase("(a)\\1", "aa", rust: nil, re2: nil, python: nil),
        DialectCase("(?=a)a", "a", rust: nil, re2: nil, python: nil),
        DialectCase("a**", "aaa", rust: true, re2: nil, python: nil),
        DialectCase("(?x) a b # c", "ab", rust: true, re2: nil, python: true),
        // Verbose mode skips any Unicode white space in Rust, ASCII white space only in Python.
        DialectCase("(?x)a\u{2003}b", "ab", rust: true, re2: nil, python: false),
        DialectCase("(?x)a\u{2003}b", "a\u{2003}b", rust: false, re2: nil, python: true),
        DialectCase("\\_", "_", rust: true, re2: true, python: true),
        DialectCase("\\0", "\u{0}", rust: nil, re2: true, python: true),
        DialectCase("\\012", "\u{a}", rust: nil, re2: true, python: true),
        DialectCase("[\\b]", "\u{8}", rust: nil, re2: nil, python: true),
        DialectCase("\\p{scx=Hani}", "、", rust: true, re2: nil, python: nil),
        DialectCase("\\p{Alphabetic}", "a", rust: true, re2: nil, python: nil),
        DialectCase("\\p{Alphabetic}", "1", rust: false, re2: nil, python: nil),
        DialectCase("(?i)[a-c]+$", "ABC", rust: true, re2: true, python: true),
        DialectCase("(?i)[a-c]+$", "abd", rust: false, re2: false, python: false),
        DialectCase("x{2,1}", "xx", rust: nil, re2: nil, python: nil),
    ]

    @Test(arguments: cases)
    func answersAsTheVendorsEngines(_ c: DialectCase) {
        for (syntax, expected) in [(RegexSyntax.rust, c.rust), (.re2, c.re2), (.python, c.python)] {
            let regex = try? PortableRegex(pattern: c.pattern, syntax: syntax)
            switch expected {
            case nil: #expect(regex == nil, "\(syntax) should refuse it")
            case let matches?: #expect(regex?.matches(c.input) == matches, "\(syntax)")
            }
        }
    }

    /// Backreferences and lookaround need a backtracking engine: refused in every dialect, with the
    /// kind that names why (Python's engine runs them; the formats warn that they never match here).
    @Test func backtrackingConstructsAreRefused() {
        for syntax in [RegexSyntax.rust, .re2, .python] {
            #expect(throws: RegexError.self) { try PortableRegex(pattern: "(a)\\1", syntax: syntax) }
        }
        #expect(kind("(a)\\1", .python) == .backreference)
        #expect(kind("(?P<x>a)(?P=x)", .python) == .backreference)
        #expect(kind("a(?=b)", .python) == .lookaround)
        #expect(kind("(?<!a)b", .python) == .lookaround)
        #expect(kind("a*+", .python) == .possessiveQuantifier)
        #expect(kind("(?>a)", .python) == .unsupportedGroup)
    }

    /// Case-insensitive patterns fold as the engines do: simple case folding, scoped by flags.
    @Test func caseFoldingIsScoped() throws {
        let rust = try PortableRegex(pattern: "(?i:k)K", syntax: .rust)
        #expect(rust.matches("\u{212A}K"))
        #expect(!rust.matches("kk"))
        let whole = try PortableRegex(pattern: "straße", syntax: .rust, caseInsensitive: true)
        #expect(whole.matches("STRAẞE"))
        #expect(!whole.matches("STRASSE"))
    }

    /// Python's `re.fullmatch`, as Kameleoon's SDK runs patterns.
    @Test func wholeInputMatching() throws {
        let regex = try PortableRegex(pattern: "(?i)ab|c", syntax: .python, wholeInput: true)
        #expect(regex.matches("AB"))
        #expect(regex.matches("c"))
        #expect(!regex.matches("abc"))
        #expect(!regex.matches("ab\n"))
    }

    private func kind(_ pattern: String, _ syntax: RegexSyntax) -> RegexError.Kind? {
        do {
            _ = try PortableRegex(pattern: pattern, syntax: syntax)
            return nil
        } catch {
            return error.kind
        }
    }
}
