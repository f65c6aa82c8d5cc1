/// Patterns in the syntax of the Rust `regex` crate (what several vendors' engines compile), and
/// RE2's where it agrees: the few features of it that vendors' patterns use and the
/// portable subset (``PortableRegex``) spells differently are rewritten here, before compiling:
///
/// - inline flags `(?i)`, `(?m)`, `(?s)` (any combination, like `(?is)`, and with Rust's
///   `unicodeClasses` also `u`, its default) at the very start of the
///   pattern or right after a leading `^`, applying to the rest of it: `i` compiles the pattern
///   case-insensitively; `s` makes `.` match any scalar (`[\s\S]`); `m` makes `^` and `$` match at
///   line boundaries too — as `(?:^|\n)` and `(?:$|\n)`, which consume the newline, the same
///   answer for a search that only asks whether there is a match;
/// - POSIX classes inside brackets: `[:alpha:]`, `[:digit:]`, `[:alnum:]`, `[:upper:]`,
///   `[:lower:]`, `[:space:]`, `[:xdigit:]`, `[:word:]` (ASCII, as in Rust);
/// - `\d` and `\s` (and, outside brackets, `\D`, `\S`), which are Unicode-aware in Rust: decimal
///   digits (`Nd`) and white space, written out as classes, unless that makes the pattern longer
///   than the portable subset allows (then they stay ASCII, and so do the next ones). `\w`, `\W`,
///   `\b` and `\B`, Unicode-aware too, are left as they are and compiled with Unicode's word
///   characters (``PortableRegex``'s `unicodeWord`).
///
/// Anything else is passed through unchanged: constructs outside the portable subset (lookaround,
/// backreferences, flags elsewhere) fail to compile: each format says what that means for its flags.
enum RustRegexTranslation {
    /// `pattern` translated and compiled, with Unicode's word characters when `unicodeClasses`.
    static func regex(_ pattern: String, caseInsensitive: Bool, unicodeClasses: Bool) throws(RegexError) -> PortableRegex {
        let translated = translate(pattern, caseInsensitive: caseInsensitive, unicodeClasses: unicodeClasses)
        return try PortableRegex(pattern: translated.pattern, caseInsensitive: translated.caseInsensitive,
                                 unicodeWord: translated.unicodeWord)
    }

    /// The pattern in the portable subset, whether it is case-insensitive, and whether `\w`, `\W`,
    /// `\b` and `\B` are to use Unicode's word characters (with `unicodeClasses`, unless the
    /// pattern had to fall back to ASCII classes).
    static func translate(_ pattern: String, caseInsensitive: Bool,
                          unicodeClasses unicode: Bool) -> (pattern: String, caseInsensitive: Bool, unicodeWord: Bool) {
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
            // `u` (Unicode mode) is Rust's default, so a no-op there; RE2 reads it as "ungreedy".
            guard flags.allSatisfy({ $0 == "i" || $0 == "m" || $0 == "s" || ($0 == "u" && unicode) }) else { break }
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
            if unicode, c == "\\", i + 1 < scalars.count, let members = unicodeClasses[scalars[i + 1]] {
                let negated = scalars[i + 1].properties.isUppercase
                if !inClass {
                    out.append("[")
                    if negated { out.append("^") }
                    out.append(contentsOf: members.unicodeScalars)
                    out.append("]")
                    i += 2
                    continue
                }
                if !negated {
                    out.append(contentsOf: members.unicodeScalars)
                    i += 2
                    continue
                }
            }
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
        if unicode, out.count > PortableRegex.maxPatternLength {
            return translate(pattern, caseInsensitive: caseInsensitive, unicodeClasses: false)
        }
        return (String(out), ignoreCase, unicode)
    }

    /// The index of the `:` of a `:]` closing a POSIX class name that starts at `start`.
    private static func posixEnd(_ scalars: [Unicode.Scalar], from start: Int) -> Int? {
        var j = start
        while j + 1 < scalars.count, scalars[j] != ":" { j += 1 }
        return j + 1 < scalars.count && scalars[j] == ":" && scalars[j + 1] == "]" ? j : nil
    }

    /// The members of Rust's Unicode `\d` and `\s` (and their negations' letters) as class
    /// contents; built once, when a pattern first uses one.
    private static let unicodeClasses: [Unicode.Scalar: String] = {
        let digits = members { $0.generalCategory == .decimalNumber }
        let space = members { $0.isWhitespace }
        return ["d": digits, "D": digits, "s": space, "S": space]
    }()

    /// The scalars with `property`, as class ranges; ASCII outside letters and digits as `\uXXXX`.
    private static func members(_ property: (Unicode.Scalar.Properties) -> Bool) -> String {
        func written(_ v: UInt32) -> String {
            let scalar = Unicode.Scalar(v)!
            if v < 0x80, !(scalar.properties.isAlphabetic || scalar.properties.numericType != nil) {
                let hex = String(v, radix: 16, uppercase: true)
                return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
            return String(Character(scalar))
        }
        var out = ""
        var v: UInt32 = 0
        while v <= 0x10FFFF {
            guard let scalar = Unicode.Scalar(v), property(scalar.properties) else { v += 1; continue }
            let low = v
            while v < 0x10FFFF, let next = Unicode.Scalar(v + 1), property(next.properties) { v += 1 }
            out += v == low ? written(low) : written(low) + "-" + written(v)
            v += 1
        }
        return out
    }

    private static let posixMembers: [String: String] = [
        "alpha": "A-Za-z", "digit": "0-9", "alnum": "A-Za-z0-9", "upper": "A-Z", "lower": "a-z",
        "space": #" \t\n\r\f\v"#, "xdigit": "0-9A-Fa-f", "word": "A-Za-z0-9_",
    ]
}
