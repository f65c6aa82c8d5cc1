/// `matches`: search with the portable regular-expression subset (``PortableRegex``). An invalid
/// pattern never matches and is reported as a warning.
enum RegexOperator {
    static func parse(_ values: [JSONValue], caseInsensitive: Bool, unicodeWord: Bool = false, at path: JSONPointer,
                      _ r: inout ModelReader) -> Operator {
        var regexes: [PortableRegex] = []
        for (i, value) in values.enumerated() {
            guard case .string(let pattern) = value else {
                r.warning(path.appending(i), "\(value.serialized()) is not a string; it never matches")
                continue
            }
            do { regexes.append(try PortableRegex(pattern: pattern, caseInsensitive: caseInsensitive, unicodeWord: unicodeWord)) } catch {
                r.warning(path.appending(i), "invalid regular expression \(value.serialized()) never matches: \(error)")
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
