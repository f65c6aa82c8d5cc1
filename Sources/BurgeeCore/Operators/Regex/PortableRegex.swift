/// A compiled regular expression in the portable subset or a vendor engine's dialect, for the
/// `matches` operator.
///
/// Patterns come from downloaded definitions, so matching is guaranteed linear: the pattern is
/// compiled to an automaton and run without backtracking, in time proportional to the pattern's
/// compiled size times the input length, and without heap allocation.
///
/// ## Syntax
///
/// - Literal scalars; `.` matches any scalar except `\n`.
/// - Escapes: `\\ \. \* \+ \? \( \) \[ \] \{ \} \| \^ \$ \/ \-`; `\t \n \r \f \v`;
///   `\d \D \w \W \s \S` with ASCII meanings (`[0-9]`, `[A-Za-z0-9_]`, `[ \t\n\r\f\v]`);
///   `\b \B` (ASCII word boundaries; `\w \W \b \B` with Unicode's word characters when
///   compiled with `unicodeWord`); `\uXXXX` (a surrogate pair written as two escapes is one
///   scalar).
/// - Classes: `[abc]`, `[a-z]`, `[^…]`, escapes inside; `]` first is literal, `-` first or last
///   is literal.
/// - Anchors `^` and `$` match only at the start and end of the input (no multiline mode).
/// - Groups `( … )` and `(?: … )`; alternation `|` (empty branches allowed).
/// - Quantifiers `* + ?`, `{n}`, `{n,}`, `{n,m}`, and their lazy forms with a trailing `?`.
///
/// Anything else is rejected when compiling — see ``RegexError/Kind`` — including constructs
/// other engines read differently (an unescaped `{` or `}` that is not a quantifier, `[` inside a
/// class), so a pattern never matches differently here than in another SDK.
///
/// ## Case-insensitive matching
///
/// Both sides are lowercased with Unicode default lowercasing, as `String.lowercased()` does: the
/// pattern's literal scalars and class members when compiling, the input scalar by scalar while
/// matching (a scalar whose lowercase is several scalars, like `İ`, feeds them all). A class
/// then accepts a lowercased input scalar that is a member or the lowercase of a member, so
/// `[A-Z]` accepts `q` and `[À-Þ]` accepts `é`. Escapes (`\d`, `\W`, `\s`, `\b`, …) keep their
/// meaning and test the lowercased input.
package struct PortableRegex: Sendable {
    /// The longest accepted pattern, in Unicode scalars.
    package static let maxPatternLength = 1_024

    /// The longest input that can match, in Unicode scalars. A longer input never matches,
    /// which bounds the time any one evaluation spends in a pattern.
    package static let maxInputLength = 16_384

    /// The pattern as given.
    package let pattern: String

    private let program: RegexProgram

    /// Compiles a pattern.
    ///
    /// - Parameters:
    ///   - pattern: A regular expression in the portable subset. The empty pattern matches
    ///     every input.
    ///   - caseInsensitive: Whether to lowercase both the pattern and the input before matching.
    ///   - unicodeWord: Whether `\w`, `\W`, `\b` and `\B` use Unicode's word characters (alphabetic
    ///     scalars, marks, decimal digits, connector punctuation, join controls), as Rust's `regex`
    ///     does, rather than ASCII's.
    /// - Throws: ``RegexError`` if the pattern is outside the portable subset or exceeds a bound
    ///   (``maxPatternLength`` scalars, repetition counts above 1,000, groups nested more than
    ///   32 deep, or more than 4,096 compiled instructions).
    package init(pattern: String, caseInsensitive: Bool = false, unicodeWord: Bool = false) throws(RegexError) {
        self.pattern = pattern
        self.program = try RegexCompiler.compile(pattern: pattern, caseInsensitive: caseInsensitive, unicodeWord: unicodeWord)
    }

    /// Compiles a pattern in a vendor engine's dialect (``RegexSyntax``), as that engine reads it.
    ///
    /// - Parameters:
    ///   - pattern: A regular expression in the dialect's syntax.
    ///   - syntax: The dialect.
    ///   - caseInsensitive: Whether the whole pattern is case-insensitive, as if it began with
    ///     `(?i)`: literals and classes match every scalar that simple case folding equates with them.
    ///   - wholeInput: Whether a match must span the whole input (Python's `re.fullmatch`) rather
    ///     than be found anywhere in it.
    /// - Throws: ``RegexError`` for a pattern the dialect's engine refuses, one that needs a
    ///   backtracking engine, or one beyond the bounds of ``init(pattern:caseInsensitive:unicodeWord:)``.
    package init(pattern: String, syntax: RegexSyntax, caseInsensitive: Bool = false, wholeInput: Bool = false) throws(RegexError) {
        self.pattern = pattern
        self.program = try RegexCompiler.compile(pattern: pattern, syntax: syntax, caseInsensitive: caseInsensitive,
                                                 wholeInput: wholeInput)
    }

    /// Whether the pattern matches anywhere in `input`.
    ///
    /// Search semantics: `b` matches `"abc"`; anchor with `^` and `$` to match the whole input.
    /// An input longer than ``maxInputLength`` scalars never matches.
    ///
    /// - Parameter input: The string to search.
    /// - Returns: `true` if some substring of `input` matches the pattern.
    package func matches(_ input: String) -> Bool {
        guard Self.isWithinInputLength(input) else { return false }
        return RegexMatcher.matches(program, in: input)
    }

    /// Whether `input` has at most ``maxInputLength`` scalars, counting only when its UTF-8 length
    /// (at least its scalar count, at most four times it) does not decide.
    static func isWithinInputLength(_ input: String) -> Bool {
        let bytes = input.utf8.count
        if bytes <= maxInputLength { return true }
        if bytes > 4 * maxInputLength { return false }
        var scalars = 0
        for _ in input.unicodeScalars {
            scalars += 1
            if scalars > maxInputLength { return false }
        }
        return true
    }
}
