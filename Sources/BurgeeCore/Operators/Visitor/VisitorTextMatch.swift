/// A text test of a Kameleoon condition (`EXACT`, `CONTAINS`, `REGULAR_EXPRESSION`), compiled
/// once: strings compare by Unicode scalars, and a regular expression must match the whole text
/// (Python's `re.fullmatch`). A pattern outside ``PortableRegex``'s subset never matches, as an
/// invalid pattern never matches in Kameleoon's Python SDK.
enum VisitorTextMatch: Sendable {
    case exact(String)
    case contains(String)
    case fullMatch(PortableRegex)
    /// No text matches: an unknown match type, a missing or non-text operand, an invalid pattern.
    case never

    /// The test named `matchType` (exactly as spelled) with `operand`; anything Python's SDK
    /// would not compare as text never matches.
    init(matchType: JSONValue?, operand: JSONValue?) {
        guard case .string(let name)? = matchType else { self = .never; return }
        self.init(name: name, operand: operand)
    }

    /// The test named `name` with `operand` (a string; anything else never matches).
    init(name: String, operand: JSONValue?) {
        guard case .string(let text)? = operand else { self = .never; return }
        self.init(name: name, text: text)
    }

    /// The test named `name` with a text operand.
    init(name: String, text: String) {
        switch name {
        case "EXACT": self = .exact(text)
        case "CONTAINS": self = .contains(text)
        case "REGULAR_EXPRESSION": self = Self.wholeInputRegex(text).map { .fullMatch($0) } ?? .never
        default: self = .never
        }
    }

    /// A regular expression matching only whole inputs, as Python's `re.fullmatch` runs it.
    static func wholeInputRegex(_ pattern: String) -> PortableRegex? {
        try? PortableRegex(pattern: pattern, syntax: .python, wholeInput: true)
    }

    /// Whether `text` passes.
    func matches(_ text: String) -> Bool {
        switch self {
        case .exact(let operand): return ExactString.bytesEqual(text, operand)
        case .contains(let operand): return Self.contains(text, operand)
        case .fullMatch(let regex): return regex.matches(text)
        case .never: return false
        }
    }

    /// Python's `needle in haystack`, on UTF-8 bytes in place.
    static func contains(_ haystack: String, _ needle: String) -> Bool {
        var haystack = haystack, needle = needle
        return haystack.withUTF8 { h in
            needle.withUTF8 { n in UTF8Search.contains(UnsafeRawBufferPointer(h), UnsafeRawBufferPointer(n)) }
        }
    }
}
