/// The syntax tree of a parsed pattern, before compilation to a ``RegexProgram``.
///
/// Groups leave no trace: without captures, a group only affects what a quantifier repeats or
/// where an alternation ends, and the tree shape already records both.
indirect enum RegexNode: Sendable {
    /// Matches the empty string.
    case empty
    /// One scalar value (already lowercased when the pattern is case-insensitive).
    case scalar(UInt32)
    /// `.`: any scalar except line feed.
    case anyExceptNewline
    /// A class or class escape, by index into the parser's class table.
    case scalarClass(Int)
    /// A zero-width assertion.
    case assertion(RegexAssertion)
    /// Each node in turn.
    case concatenation([RegexNode])
    /// Any one of the branches.
    case alternation([RegexNode])
    /// `node` repeated `min` to `max` times; `max == nil` is unbounded.
    case repetition(RegexNode, min: Int, max: Int?)
}

/// A zero-width assertion: a condition on the scalars either side of the current position.
enum RegexAssertion: UInt8, Sendable {
    /// `^`: the start of the input.
    case startOfInput
    /// `$`: the end of the input.
    case endOfInput
    /// `\b`: exactly one side is an ASCII word character.
    case wordBoundary
    /// `\B`: both sides, or neither, are ASCII word characters.
    case notWordBoundary
    /// `\b` with Unicode's word characters (``RegexScalarSet/unicodeWordCharacters``).
    case unicodeWordBoundary
    /// `\B` with Unicode's word characters.
    case notUnicodeWordBoundary
    /// `^` in multi-line mode: the start of the input or of a line (after `\n`).
    case startOfLine
    /// `$` in multi-line mode: the end of the input or of a line (before `\n`).
    case endOfLine
    /// Python's `$`: the end of the input, or just before a `\n` that ends it.
    case endOfInputOrFinalNewline
    /// Python's `\b`: exactly one side is a letter, a number or `_` (``UnicodePropertySets/pythonWord``).
    case pythonWordBoundary
    /// Python's `\B`.
    case notPythonWordBoundary
    /// Rust's `\<`: a Unicode word character after, none before.
    case wordStart
    /// Rust's `\>`: a Unicode word character before, none after.
    case wordEnd
}

extension RegexNode {
    /// Whether every match must begin at the start of the input, so that the matcher need not
    /// start new attempts later. Conservative: `false` when unsure.
    var isAnchoredAtStart: Bool {
        switch self {
        case .assertion(.startOfInput):
            return true
        case .concatenation(let items):
            for item in items {
                if item.isAnchoredAtStart { return true }
                // Only zero-width items that cannot consume may precede the anchor.
                guard case .assertion = item else { return false }
            }
            return false
        case .alternation(let branches):
            return branches.allSatisfy(\.isAnchoredAtStart)
        case .repetition(let node, let min, _):
            return min > 0 && node.isAnchoredAtStart
        case .empty, .scalar, .anyExceptNewline, .scalarClass, .assertion:
            return false
        }
    }
}
