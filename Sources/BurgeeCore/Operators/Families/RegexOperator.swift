/// `matches`: search with the portable regular-expression subset (``PortableRegex``), or a
/// vendor engine's dialect (``RegexSyntax``). An invalid pattern never matches and is reported as
/// a warning that names it.
enum RegexOperator {
    /// The patterns of `values` in `syntax`'s dialect.
    static func parse(_ values: [JSONValue], syntax: RegexSyntax, caseInsensitive: Bool, at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        compile(values, at: path, &r, refusal: { value, error in refusal(value, error) }) { (pattern: String) throws(RegexError) in
            try PortableRegex(pattern: pattern, syntax: syntax, caseInsensitive: caseInsensitive)
        }
    }

    /// The warning for a pattern that does not compile: one its engine refuses too, or one that
    /// only a backtracking engine runs.
    static func refusal(_ pattern: JSONValue, _ error: RegexError) -> String {
        switch error.kind {
        case .backreference, .lookaround, .possessiveQuantifier, .unsupportedGroup, .repetitionCountTooLarge,
             .programTooLarge, .patternTooLong:
            return "regular expression \(pattern.serialized()) is not run (\(error)) and never matches"
        default:
            return "invalid regular expression \(pattern.serialized()) never matches: \(error)"
        }
    }

    static func parse(_ values: [JSONValue], caseInsensitive: Bool, unicodeWord: Bool = false, at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        compile(values, at: path, &r, refusal: { value, error in "invalid regular expression \(value.serialized()) never matches: \(error)" }) { (pattern: String) throws(RegexError) in
            try PortableRegex(pattern: pattern, caseInsensitive: caseInsensitive, unicodeWord: unicodeWord)
        }
    }

    /// Each string of `values` compiled by `make`; a value that is not a string, or a pattern `make`
    /// refuses, is a warning (`refusal` words it) and never matches.
    private static func compile(_ values: [JSONValue], at path: JSONPointer, _ r: inout ModelReader,
                                refusal: (JSONValue, RegexError) -> String,
                                _ make: (String) throws(RegexError) -> PortableRegex) -> Operator {
        var regexes: [PortableRegex] = []
        for (i, value) in values.enumerated() {
            guard case .string(let pattern) = value else {
                r.warning(path.appending(i), "\(value.serialized()) is not a string; it never matches")
                continue
            }
            do { regexes.append(try make(pattern)) } catch {
                r.warning(path.appending(i), refusal(value, error))
            }
        }
        return .regex(regexes)
    }

    @inline(__always)
    static func matches(_ value: JSONValue, _ regexes: [PortableRegex]) -> Bool {
        guard case .string(let s) = value else { return false }
        for regex in regexes where regex.matches(s) { return true }
        return false
    }
}
