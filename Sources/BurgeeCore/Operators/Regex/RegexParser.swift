/// Parses a pattern in the portable subset into a ``RegexNode`` tree.
///
/// The subset is the common ground of the engines other SDKs use (ECMAScript with the `u` flag,
/// RE2, Java, Python, .NET): whatever those read differently — an unescaped `{` that is not a
/// quantifier, `[` inside a class, `\b` inside a class, `\x41` — is rejected rather than guessed,
/// so a definition never matches differently here than elsewhere.
struct RegexParser {
    /// The largest count accepted in `{n}`, `{n,}` and `{n,m}`.
    static let maxRepetitionCount = 1_000
    /// The deepest group nesting accepted. Parsing and compiling recurse once per level, and an
    /// unoptimised build spends about 5 KiB of stack per level: 32 levels stay well within the
    /// 512 KiB of a secondary thread, and real patterns rarely nest beyond a handful.
    static let maxNestingDepth = 32

    private let scalars: [Unicode.Scalar]
    private let caseInsensitive: Bool
    /// Whether `\w`, `\W`, `\b` and `\B` use Unicode's word characters rather than ASCII's.
    private let unicodeWord: Bool
    private var position = 0
    private var depth = 0
    /// The sets of the classes met so far, referenced by index from ``RegexNode/scalarClass(_:)``.
    private(set) var classes: [RegexScalarSet] = []

    init(pattern: String, caseInsensitive: Bool, unicodeWord: Bool = false) {
        self.scalars = Array(pattern.unicodeScalars)
        self.caseInsensitive = caseInsensitive
        self.unicodeWord = unicodeWord
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexError) -> RegexNode {
        let node = try parseAlternation()
        if position < scalars.count {
            // parseAlternation stops early only at a `)` with no open group.
            throw error(.unmatchedClosingParenthesis, at: position, "unmatched ')'")
        }
        return node
    }

    // MARK: - Structure

    private mutating func parseAlternation() throws(RegexError) -> RegexNode {
        var branches = [try parseConcatenation()]
        while peek() == "|" {
            position += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation() throws(RegexError) -> RegexNode {
        var items: [RegexNode] = []
        while let next = peek(), next != "|", next != ")" {
            let (atom, repeatable) = try parseAtom()
            items.append(try parseQuantifiers(of: atom, repeatable: repeatable))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    /// Parses one atom; `repeatable` is false for assertions, which no quantifier may follow.
    private mutating func parseAtom() throws(RegexError) -> (node: RegexNode, repeatable: Bool) {
        let start = position
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "(":
            return (try parseGroup(openedAt: start), true)
        case "[":
            return (try parseClass(openedAt: start), true)
        case ".":
            return (.anyExceptNewline, true)
        case "^":
            return (.assertion(.startOfInput), false)
        case "$":
            return (.assertion(.endOfInput), false)
        case "\\":
            switch try parseEscape(at: start, inClass: false) {
            case .scalar(let value): return (literal(value), true)
            case .set(let set): return (classNode(set), true)
            case .assertion(let assertion): return (.assertion(assertion), false)
            }
        case "*", "+", "?":
            throw error(.nothingToRepeat, at: start, "quantifier '\(scalar)' has nothing to repeat")
        case "{":
            position = start
            if (try? parseBraces()) != nil {
                throw error(.nothingToRepeat, at: start, "quantifier has nothing to repeat")
            }
            throw error(.invalidQuantifier, at: start, "a literal '{' must be escaped")
        case "}":
            throw error(.invalidQuantifier, at: start, "a literal '}' must be escaped")
        case "]":
            throw error(.unmatchedClosingBracket, at: start, "unmatched ']'")
        default:
            return (literal(scalar.value), true)
        }
    }

    private mutating func parseGroup(openedAt start: Int) throws(RegexError) -> RegexNode {
        if peek() == "?" {
            switch peek(1) {
            case ":":
                position += 2
            case "=", "!":
                throw error(.lookaround, at: start, "lookahead is not supported")
            case "<" where peek(2) == "=" || peek(2) == "!":
                throw error(.lookaround, at: start, "lookbehind is not supported")
            case "<", "P", "'":
                throw error(.namedGroup, at: start, "named groups are not supported")
            default:
                throw error(.unsupportedGroup, at: start, "'(?' is only supported as '(?:'")
            }
        }
        depth += 1
        if depth > Self.maxNestingDepth {
            throw error(
                .nestingTooDeep, at: start,
                "groups are nested more than \(Self.maxNestingDepth) deep")
        }
        let inner = try parseAlternation()
        depth -= 1
        guard peek() == ")" else {
            throw error(.missingClosingParenthesis, at: start, "missing ')'")
        }
        position += 1
        return inner
    }

    // MARK: - Quantifiers

    private mutating func parseQuantifiers(
        of atom: RegexNode, repeatable: Bool
    ) throws(RegexError) -> RegexNode {
        let start = position
        guard let (min, max) = try parseQuantifier() else { return atom }
        guard repeatable else {
            throw error(.nothingToRepeat, at: start, "an assertion cannot be repeated")
        }
        // A lazy `?` changes which match is preferred, never whether one exists.
        if peek() == "?" {
            position += 1
        } else if peek() == "+" {
            throw error(.possessiveQuantifier, at: position, "possessive quantifiers are not supported")
        }
        let next = position
        if try parseQuantifier() != nil {
            throw error(.nothingToRepeat, at: next, "a quantifier cannot follow a quantifier")
        }
        if min == 1 && max == 1 { return atom }
        return .repetition(atom, min: min, max: max)
    }

    /// Parses `*`, `+`, `?` or `{…}` at the current position, or returns nil (consuming nothing)
    /// when none starts here.
    private mutating func parseQuantifier() throws(RegexError) -> (Int, Int?)? {
        switch peek() {
        case "*":
            position += 1
            return (0, nil)
        case "+":
            position += 1
            return (1, nil)
        case "?":
            position += 1
            return (0, 1)
        case "{":
            return try parseBraces()
        default:
            return nil
        }
    }

    /// Parses `{n}`, `{n,}` or `{n,m}` starting at the `{`.
    private mutating func parseBraces() throws(RegexError) -> (Int, Int?) {
        let start = position
        position += 1
        guard let min = parseCount() else {
            throw error(.invalidQuantifier, at: start, "'{' must start a quantifier {n}, {n,} or {n,m}")
        }
        var max: Int? = min
        if peek() == "," {
            position += 1
            max = parseCount()
        }
        guard peek() == "}" else {
            throw error(.invalidQuantifier, at: start, "'{' must start a quantifier {n}, {n,} or {n,m}")
        }
        position += 1
        if min > Self.maxRepetitionCount || (max ?? 0) > Self.maxRepetitionCount {
            throw error(
                .repetitionCountTooLarge, at: start,
                "repetition counts above \(Self.maxRepetitionCount) are not supported")
        }
        if let max, min > max {
            throw error(.invalidRepetitionRange, at: start, "repetition minimum \(min) exceeds maximum \(max)")
        }
        return (min, max)
    }

    /// Parses decimal digits, saturating just above the bound so huge counts cannot overflow.
    private mutating func parseCount() -> Int? {
        var value: Int?
        while let scalar = peek(), let digit = decimalValue(scalar) {
            value = Swift.min((value ?? 0) * 10 + digit, Self.maxRepetitionCount + 1)
            position += 1
        }
        return value
    }

    // MARK: - Classes

    private mutating func parseClass(openedAt start: Int) throws(RegexError) -> RegexNode {
        let negated = peek() == "^"
        if negated { position += 1 }
        // Literal members are lowercased under caseInsensitive; escapes like \W keep their meaning.
        var literals = RegexScalarSet()
        var escapes = RegexScalarSet()
        var first = true
        while true {
            guard let scalar = peek() else {
                throw error(.missingClosingBracket, at: start, "missing ']'")
            }
            if scalar == "]" && !first {
                position += 1
                break
            }
            let itemStart = position
            let item = try parseClassItem(first: first)
            first = false
            // `-` starts a range unless it is the last member.
            if peek() == "-", let after = peek(1), after != "]" {
                position += 1
                let upperItem = try parseClassItem(first: false)
                guard case .scalar(let lower) = item, case .scalar(let upper) = upperItem else {
                    throw error(.invalidClassRange, at: itemStart, "a class escape cannot bound a range")
                }
                guard lower <= upper else {
                    throw error(.invalidClassRange, at: itemStart, "class range is out of order")
                }
                literals.insert(lower...upper)
                continue
            }
            switch item {
            case .scalar(let value): literals.insert(value)
            case .set(let set): escapes.formUnion(set)
            }
        }
        var set = caseInsensitive ? RegexCaseFolding.addingLowercaseImage(of: literals) : literals
        set.formUnion(escapes)
        return classNode(negated ? set.inverted() : set)
    }

    private enum ClassItem {
        case scalar(UInt32)
        case set(RegexScalarSet)
    }

    private mutating func parseClassItem(first: Bool) throws(RegexError) -> ClassItem {
        let start = position
        guard let scalar = peek() else {
            throw error(.missingClosingBracket, at: start, "missing ']'")
        }
        position += 1
        switch scalar {
        case "\\":
            switch try parseEscape(at: start, inClass: true) {
            case .scalar(let value): return .scalar(value)
            case .set(let set): return .set(set)
            case .assertion:
                // `[\b]` is a backspace in some engines and an error in others.
                throw error(.invalidEscape, at: start, "'\\\(scalars[start + 1])' inside a class is not portable")
            }
        case "[":
            throw error(
                .unsupportedClassSyntax, at: start,
                "a literal '[' inside a class must be escaped")
        case "-" where !first && peek() != nil && peek() != "]":
            throw error(
                .invalidClassRange, at: start,
                "a literal '-' inside a class must be first, last or escaped")
        default:
            return .scalar(scalar.value)
        }
    }

    // MARK: - Escapes

    private enum Escape {
        case scalar(UInt32)
        case set(RegexScalarSet)
        case assertion(RegexAssertion)
    }

    /// Parses the escape whose `\` is at `start`; `position` is just after the `\`.
    private mutating func parseEscape(at start: Int, inClass: Bool) throws(RegexError) -> Escape {
        guard let scalar = peek() else {
            throw error(.invalidEscape, at: start, "the pattern ends with '\\'")
        }
        position += 1
        switch scalar {
        case "\\", ".", "*", "+", "?", "(", ")", "[", "]", "{", "}", "|", "^", "$", "/", "-":
            return .scalar(scalar.value)
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "v": return .scalar(0x0B)
        case "f": return .scalar(0x0C)
        case "r": return .scalar(0x0D)
        case "d": return .set(.digits)
        case "D": return .set(RegexScalarSet.digits.inverted())
        case "w": return .set(unicodeWord ? .unicodeWordCharacters : .wordCharacters)
        case "W": return .set((unicodeWord ? RegexScalarSet.unicodeWordCharacters : .wordCharacters).inverted())
        case "s": return .set(.whitespace)
        case "S": return .set(RegexScalarSet.whitespace.inverted())
        case "b": return .assertion(unicodeWord ? .unicodeWordBoundary : .wordBoundary)
        case "B": return .assertion(unicodeWord ? .notUnicodeWordBoundary : .notWordBoundary)
        case "u":
            return .scalar(try parseUnicodeEscape(at: start))
        case "1"..."9" where !inClass, "k" where !inClass:
            throw error(.backreference, at: start, "backreferences are not supported")
        case "p", "P":
            throw error(.invalidEscape, at: start, "Unicode property escapes are not supported")
        default:
            throw error(.invalidEscape, at: start, "unsupported escape '\\\(scalar)'")
        }
    }

    /// Parses the digits of `\uXXXX`; a surrogate pair written as two escapes makes one scalar.
    private mutating func parseUnicodeEscape(at start: Int) throws(RegexError) -> UInt32 {
        guard let value = parseHex4() else {
            throw error(.invalidUnicodeEscape, at: start, "'\\u' must be followed by four hexadecimal digits")
        }
        switch value {
        case 0xD800...0xDBFF:
            let resume = position
            if peek() == "\\", peek(1) == "u" {
                position += 2
                if let low = parseHex4(), (0xDC00...0xDFFF).contains(low) {
                    return 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                }
            }
            position = resume
            throw error(.invalidUnicodeEscape, at: start, "unpaired surrogate in '\\u' escape")
        case 0xDC00...0xDFFF:
            throw error(.invalidUnicodeEscape, at: start, "unpaired surrogate in '\\u' escape")
        default:
            return value
        }
    }

    private mutating func parseHex4() -> UInt32? {
        guard position + 4 <= scalars.count else { return nil }
        var value: UInt32 = 0
        for offset in 0..<4 {
            guard let digit = hexValue(scalars[position + offset]) else { return nil }
            value = value << 4 | digit
        }
        position += 4
        return value
    }

    // MARK: - Helpers

    /// A literal scalar, lowercased under caseInsensitive (possibly into several scalars, which
    /// a following quantifier then repeats together).
    private func literal(_ value: UInt32) -> RegexNode {
        guard caseInsensitive, let scalar = Unicode.Scalar(value) else { return .scalar(value) }
        let lowered = RegexCaseFolding.lowercase(scalar)
        return lowered.count == 1 ? .scalar(lowered[0]) : .concatenation(lowered.map { .scalar($0) })
    }

    private mutating func classNode(_ set: RegexScalarSet) -> RegexNode {
        classes.append(set)
        return .scalarClass(classes.count - 1)
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
    }

    private func decimalValue(_ scalar: Unicode.Scalar) -> Int? {
        ("0"..."9").contains(scalar) ? Int(scalar.value - 0x30) : nil
    }

    private func hexValue(_ scalar: Unicode.Scalar) -> UInt32? {
        switch scalar {
        case "0"..."9": return scalar.value - 0x30
        case "a"..."f": return scalar.value - 0x61 + 10
        case "A"..."F": return scalar.value - 0x41 + 10
        default: return nil
        }
    }

    private func error(_ kind: RegexError.Kind, at offset: Int, _ message: String) -> RegexError {
        RegexError(kind: kind, offset: offset, message: message)
    }
}
