/// A vendor engine's regular-expression dialect: the syntax it reads and what its escapes mean.
///
/// Each format compiles its patterns in the dialect of its reference engine, so that a pattern
/// matches here where it matches there, and is refused where that engine refuses it:
///
/// | | `rust` | `re2` | `python` |
/// |---|---|---|---|
/// | Engines | Rust's `regex` crate (Yggdrasil, libdatadog, Eppo's core) | Go's `regexp` (RE2 syntax) | Python's `re` |
/// | `\d` `\s` `\w` `\b` | Unicode | ASCII | Unicode (`\w`: letters, numbers, `_`) |
/// | `\p{…}` `\P{…}` `\pL` | categories, scripts, binary properties, loosely named | categories and scripts, exact names | refused (an error there) |
/// | Inline flags | `i m s U u x R`, anywhere, scoped `(?i:…)` | `i m s U`, anywhere, scoped | `a i L m s u x` at the start only, scoped `(?i:…)` |
/// | `$` | end of input | end of input | end of input, or before a final `\n` |
/// | `\A` `\z` `\Z` | `\A` `\z` | `\A` `\z` | `\A` `\Z` |
/// | Escapes | `\xHH` `\x{…}` `\uHHHH` `\u{…}` `\UHHHHHHHH` `\U{…}` | `\xHH` `\x{…}` octal `\0…` `\Q…\E` | `\xHH` `\uHHHH` `\UHHHHHHHH` octal |
/// | Classes | nested, `&&` `--` `~~`, `[[:alpha:]]` | `[[:alpha:]]` | plain |
/// | A `{` that starts no quantifier | an error | a literal | a literal |
/// | Backreferences, lookaround | errors | errors | valid there, refused here (they need backtracking) |
///
/// Matching stays linear in the input: a construct only a backtracking engine runs is refused
/// with ``RegexError/Kind/backreference``, ``RegexError/Kind/lookaround`` or
/// ``RegexError/Kind/unsupportedGroup``, which each format reports as a warning naming the pattern.
package enum RegexSyntax: Sendable, Hashable {
    /// Rust's `regex` crate.
    case rust
    /// RE2, as Go's `regexp` reads it.
    case re2
    /// Python's `re` (3.11).
    case python

    /// Whether `\d`, `\s`, `\w` and `\b` are Unicode-aware by default.
    var unicodeClassesByDefault: Bool { self != .re2 }

    /// Whether `\p{…}` and `\P{…}` name Unicode properties.
    var hasPropertyClasses: Bool { self != .python }

    /// Whether inline flags may appear anywhere (else only at the start of the pattern).
    var flagsAnywhere: Bool { self != .python }

    /// Whether a `{` that starts no valid quantifier is a literal (else an error).
    var literalBraces: Bool { self != .rust }

    /// Whether classes may nest and combine with `&&`, `--` and `~~`.
    var hasClassSetOperations: Bool { self == .rust }

    /// Whether `[:alpha:]` inside a class is a POSIX class.
    var hasPOSIXClasses: Bool { self != .python }

    /// The flags `(?…)` accepts.
    func acceptsFlag(_ flag: Unicode.Scalar) -> Bool {
        switch self {
        case .rust: return "imsUuxR".unicodeScalars.contains(flag)
        case .re2: return "imsU".unicodeScalars.contains(flag)
        case .python: return "aiLmsux".unicodeScalars.contains(flag)
        }
    }
}
