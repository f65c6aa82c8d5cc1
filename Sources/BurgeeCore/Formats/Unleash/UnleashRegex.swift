/// Unleash's `REGEX` patterns follow the Rust `regex` crate (Unleash's Yggdrasil engine); the few
/// features of it that the client specification uses and the portable subset (``PortableRegex``)
/// spells differently are rewritten here, before compiling:
///
/// - inline flags `(?i)`, `(?m)`, `(?s)` (any combination, like `(?is)`) at the very start of the
///   pattern or right after a leading `^`, applying to the rest of it: `i` compiles the pattern
///   case-insensitively; `s` makes `.` match any scalar (`[\s\S]`); `m` makes `^` and `$` match at
///   line boundaries too — as `(?:^|\n)` and `(?:$|\n)`, which consume the newline, the same
///   answer for a search that only asks whether there is a match;
/// - POSIX classes inside brackets: `[:alpha:]`, `[:digit:]`, `[:alnum:]`, `[:upper:]`,
///   `[:lower:]`, `[:space:]`, `[:xdigit:]`, `[:word:]` (ASCII, as in Rust).
///
/// Anything else is passed through unchanged: constructs outside the portable subset (lookaround,
/// backreferences, flags elsewhere) fail to compile and never match, as they do in Yggdrasil.
enum UnleashRegex {
    /// The pattern in the portable subset and whether it is case-insensitive.
    static func translate(_ pattern: String, caseInsensitive: Bool) -> (pattern: String, caseInsensitive: Bool) {
        var scalars = Array(pattern.unicodeScalars)
        var prefix: [Unicode.Scalar] = []
        if scalars.first == "^" {
            prefix = ["^"]
            scalars.removeFirst()
        }
        var ignoreCase = caseInsensitive, dotAll = false, multiline = false
        // Leading flag groups, possibly several: (?i)(?s)…
        while scalars.count >= 4, scalars[0] == "(", scalars[1] == "?", let close = scalars.firstIndex(of: ")"), close > 2 {
            let flags = scalars[2..<close]
            guard flags.allSatisfy({ $0 == "i" || $0 == "m" || $0 == "s" }) else { break }
            if flags.contains("i") { ignoreCase = true }
            if flags.contains("s") { dotAll = true }
            if flags.contains("m") { multiline = true }
            scalars.removeSubrange(0...close)
        }
        var out = String.UnicodeScalarView()
        out.append(contentsOf: prefix)
        var i = 0
        var inClass = false
        var classStart = 0
        while i < scalars.count {
            let c = scalars[i]
            if c == "\\" {
                out.append(c)
                if i + 1 < scalars.count { out.append(scalars[i + 1]) }
                i += 2
                continue
            }
            if inClass {
                if c == "[", i + 1 < scalars.count, scalars[i + 1] == ":",
                   let end = posixEnd(scalars, from: i + 2), let members = posixMembers[String(String.UnicodeScalarView(scalars[(i + 2)..<end]))] {
                    out.append(contentsOf: members.unicodeScalars)
                    i = end + 2
                    continue
                }
                // `]` right after `[` or `[^` is a literal member.
                if c == "]", i > classStart { inClass = false }
                out.append(c)
                i += 1
                continue
            }
            switch c {
            case "[":
                inClass = true
                classStart = i + 1 + (i + 1 < scalars.count && scalars[i + 1] == "^" ? 1 : 0)
                out.append(c)
            case "." where dotAll: out.append(contentsOf: #"[\s\S]"#.unicodeScalars)
            case "^" where multiline: out.append(contentsOf: #"(?:^|\n)"#.unicodeScalars)
            case "$" where multiline: out.append(contentsOf: #"(?:$|\n)"#.unicodeScalars)
            default: out.append(c)
            }
            i += 1
        }
        return (String(out), ignoreCase)
    }

    /// The index of the `:` of a `:]` closing a POSIX class name that starts at `start`.
    private static func posixEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var j = start
        while j + 1 < scalars.count, scalars[j] != ":" { j += 1 }
        return j + 1 < scalars.count && scalars[j] == ":" && scalars[j + 1] == "]" ? j : nil
    }

    private static let posixMembers: [String: String] = [
        "alpha": "A-Za-z", "digit": "0-9", "alnum": "A-Za-z0-9", "upper": "A-Z", "lower": "a-z",
        "space": #" \t\n\r\f\v"#, "xdigit": "0-9A-Fa-f", "word": "A-Za-z0-9_",
    ]
}
