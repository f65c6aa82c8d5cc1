/// Why and where the JSON parser rejected its input.
///
/// Positions describe the input as given: ``offset`` counts bytes from the start, and ``line`` and
/// ``column`` are 1-based. Lines end at LF, CR LF or a lone CR; columns count Unicode scalars, so
/// a multi-byte character advances the column by one.
public struct JSONParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds of malformed input the parser reports.
    public enum Kind: Sendable, Equatable {
        /// The input ended inside a value, string, number or container.
        case unexpectedEnd
        /// A byte that cannot appear here, such as a missing comma, a trailing comma or a comment.
        case unexpectedCharacter
        /// A number that breaks the JSON grammar: a leading zero, `+1`, `.5`, `1.`, `1e` or a bare `-`.
        case invalidNumber
        /// A number too large in magnitude for a `Double`.
        case numberOutOfRange
        /// A backslash escape other than `\" \\ \/ \b \f \n \r \t \uXXXX`.
        case invalidEscape
        /// Malformed UTF-8 inside a string, or a `\u` escape naming an unpaired surrogate.
        case invalidUnicode
        /// A raw character below U+0020 inside a string; JSON requires it to be escaped.
        case controlCharacterInString
        /// Something other than whitespace after the one top-level value.
        case trailingContent
        /// Arrays and objects nested deeper than ``JSONLimits/maxDepth``.
        case tooDeep
        /// Input longer than ``JSONLimits/maxBytes``; nothing was parsed.
        case tooLarge
        /// The input is empty or only whitespace.
        case empty
    }

    /// What went wrong.
    public var kind: Kind
    /// The byte offset, from 0, of the offending byte; the input's length when it ended too soon.
    ///
    /// For ``Kind/tooLarge`` the input is never read, so the position is the start.
    public var offset: Int
    /// The 1-based line of ``offset``.
    public var line: Int
    /// The 1-based column of ``offset``, in Unicode scalars.
    public var column: Int
    /// The character at ``offset``, when there is one and it is valid UTF-8; used in messages.
    public var found: Unicode.Scalar?

    /// Creates an error; the parser fills every field, tests may build expected values.
    public init(kind: Kind, offset: Int, line: Int, column: Int, found: Unicode.Scalar? = nil) {
        self.kind = kind
        self.offset = offset
        self.line = line
        self.column = column
        self.found = found
    }

    /// A one-line message, e.g. `invalid JSON at line 3, column 7: unexpected character '}'`.
    public var description: String {
        if kind == .tooLarge { return "invalid JSON: input is larger than the size limit" }
        return "invalid JSON at line \(line), column \(column): \(reason)"
    }

    private var reason: String {
        switch kind {
        case .unexpectedEnd: return "unexpected end of input"
        case .unexpectedCharacter: return "unexpected \(foundText)"
        case .invalidNumber: return "invalid number"
        case .numberOutOfRange: return "number out of range"
        case .invalidEscape: return "invalid escape sequence"
        case .invalidUnicode: return "invalid UTF-8 or unpaired surrogate in string"
        case .controlCharacterInString: return "unescaped control character in string"
        case .trailingContent: return "unexpected \(foundText) after the JSON value"
        case .tooDeep: return "arrays and objects nested too deeply"
        case .tooLarge: return "input is larger than the size limit"
        case .empty: return "no JSON value (input is empty or whitespace)"
        }
    }

    /// The offending character quoted, or as `U+XXXX` when quoting would hide it.
    private var foundText: String {
        guard let scalar = found else { return "byte (not valid UTF-8)" }
        if scalar.value < 0x20 || scalar.value == 0x7F {
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "character U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return "character '\(Character(scalar))'"
    }
}
