/// Why a pattern was rejected by ``PortableRegex/init(pattern:caseInsensitive:)``, and where.
///
/// Offsets count Unicode scalars from the start of the pattern, so a report can point at the
/// offending character whatever the encoding of the definitions file.
package struct RegexError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The category of a compile-time error.
    package enum Kind: Sendable, Hashable {
        /// The pattern is longer than ``PortableRegex/maxPatternLength`` scalars.
        case patternTooLong
        /// An escape outside the portable subset (`\p{…}`, `\x41`, `\0`, `\z`, …) or a trailing `\`.
        case invalidEscape
        /// A backreference (`\1`, `\k<name>`): it cannot be matched in linear time.
        case backreference
        /// `\u` not followed by four hexadecimal digits, or an unpaired surrogate.
        case invalidUnicodeEscape
        /// A lookahead or lookbehind group (`(?=`, `(?!`, `(?<=`, `(?<!`).
        case lookaround
        /// A named group (`(?<name>`, `(?P<name>`, `(?'name'`).
        case namedGroup
        /// Any other `(?` construct: inline flags, atomic groups, comments.
        case unsupportedGroup
        /// A `(` without its `)`.
        case missingClosingParenthesis
        /// A `)` without its `(`.
        case unmatchedClosingParenthesis
        /// A `[` without its `]`.
        case missingClosingBracket
        /// A `]` outside a character class.
        case unmatchedClosingBracket
        /// An unescaped `[` inside a class: nested and POSIX classes mean different things in
        /// different engines.
        case unsupportedClassSyntax
        /// A class range whose bounds are reversed or not single scalars (`[z-a]`, `[\d-z]`), or a
        /// `-` that is neither first, last, escaped nor between two bounds (`[a-c-e]`).
        case invalidClassRange
        /// A quantifier with nothing it may repeat: at the start of a branch, after another
        /// quantifier, or after an assertion (`^`, `$`, `\b`, `\B`).
        case nothingToRepeat
        /// A malformed `{…}` quantifier, or an unescaped `{` or `}` that is not part of one.
        case invalidQuantifier
        /// A possessive quantifier (`a*+`, `a{2}+`).
        case possessiveQuantifier
        /// A counted quantifier whose minimum exceeds its maximum (`{3,2}`).
        case invalidRepetitionRange
        /// A repetition count above the supported bound (1,000).
        case repetitionCountTooLarge
        /// Groups nested more deeply than the supported bound (32).
        case nestingTooDeep
        /// The compiled program would exceed the supported number of instructions (4,096), as
        /// nested counted repetitions like `(a{1000}){1000}` do.
        case programTooLarge
    }

    /// The category of the error.
    package let kind: Kind
    /// The offset, in Unicode scalars from the start of the pattern, where the problem was found.
    package let offset: Int
    /// A human-readable explanation.
    package let message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - kind: The category of the error.
    ///   - offset: The scalar offset in the pattern where the problem was found.
    ///   - message: A human-readable explanation.
    package init(kind: Kind, offset: Int, message: String) {
        self.kind = kind
        self.offset = offset
        self.message = message
    }

    /// The message followed by the offset, e.g. `unsupported escape \p at offset 3`.
    package var description: String {
        "\(message) at offset \(offset)"
    }
}
