/// Parses a pattern in a vendor engine's dialect (``RegexSyntax``) into a ``RegexNode`` tree,
/// refusing what that engine refuses and what only a backtracking engine could run.
///
/// Case-insensitivity is compiled into the tree (each literal and class gains the scalars that
/// simple case folding equates with it), so that inline flags can scope it: `(?i:a)b`.
struct RegexDialectParser {
    /// The inline flags in force.
    struct Flags {
        var caseInsensitive = false
        var multiline = false
        var dotAll = false
        var verbose = false
        var unicode = true
    }

    /// The largest count accepted in a counted repetition (the program's size bounds it anyway).
    static let maxRepetitionCount = RegexProgram.maxInstructionCount

    private let syntax: RegexSyntax
    private let scalars: [Unicode.Scalar]
    private var position = 0
    private var depth = 0
    private var flags: Flags
    /// The sets of the classes met so far, referenced by index from ``RegexNode/scalarClass(_:)``.
    private(set) var classes: [RegexScalarSet] = []
    /// The names of the named groups met so far: a name may be used once.
    private var groupNames: Set<String> = []
    /// The scalars of a `\Q…\E` before its last, which a quantifier does not repeat.
    private var quotedPrefix: [RegexNode] = []
    /// Whether the tree uses an assertion that needs to know where a final newline is (Python's `$`).
    private(set) var readsFinalNewline = false

    init(pattern: String, syntax: RegexSyntax, caseInsensitive: Bool) {
        self.syntax = syntax
        self.scalars = Array(pattern.unicodeScalars)
        self.flags = Flags(caseInsensitive: caseInsensitive, unicode: syntax.unicodeClassesByDefault)
    }

    /// Parses the whole pattern.
    mutating func parse() throws(RegexError) -> RegexNode {
        if syntax == .python { try parsePythonGlobalFlags() }
        let node = try parseAlternation()
        if position < scalars.count {
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
        while true {
            skipVerbose()
            guard let next = peek(), next != "|", next != ")" else { break }
            guard let (atom, repeatable) = try parseAtom() else { continue }
            items.append(contentsOf: quotedPrefix)
            quotedPrefix = []
            items.append(try parseQuantifiers(of: atom, repeatable: repeatable))
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    /// Parses one atom; `nil` for what matches nothing and takes no quantifier (a flag group, a
    /// comment). `repeatable` is false where the dialect lets no quantifier follow.
    private mutating func parseAtom() throws(RegexError) -> (node: RegexNode, repeatable: Bool)? {
        let start = position
        let scalar = scalars[position]
        position += 1
        switch scalar {
        case "(":
            return try parseGroup(openedAt: start)
        case "[":
            return (classNode(try parseClass(openedAt: start)), true)
        case ".":
            try refuseBytesInRust(at: start)
            if flags.dotAll { return (classNode(RegexScalarSet([0...RegexScalarSet.maxScalar])), true) }
            return (.anyExceptNewline, true)
        case "^":
            return (.assertion(flags.multiline ? .startOfLine : .startOfInput), syntax != .python)
        case "$":
            if flags.multiline { return (.assertion(.endOfLine), syntax != .python) }
            if syntax == .python {
                readsFinalNewline = true
                return (.assertion(.endOfInputOrFinalNewline), false)
            }
            return (.assertion(.endOfInput), true)
        case "\\":
            return try parseEscapeAtom(at: start)
        case "*", "+", "?":
            throw error(.nothingToRepeat, at: start, "quantifier '\(scalar)' has nothing to repeat")
        case "{":
            if syntax.literalBraces {
                position = start
                if (try? parseBraces()) != nil {
                    throw error(.nothingToRepeat, at: start, "quantifier has nothing to repeat")
                }
                position = start + 1
                return (literal(scalar.value), true)
            }
            throw error(.invalidQuantifier, at: start, "a literal '{' must be escaped")
        case ")":
            throw error(.unmatchedClosingParenthesis, at: start, "unmatched ')'")
        default:
            return (literal(scalar.value), true)
        }
    }

    // MARK: - Groups and flags

    private mutating func parseGroup(openedAt start: Int) throws(RegexError) -> (node: RegexNode, repeatable: Bool)? {
        let saved = flags
        if peek() == "?" {
            position += 1
            switch peek() {
            case ":":
                position += 1
            case "=", "!":
                throw error(.lookaround, at: start, "lookahead needs a backtracking engine")
            case "<" where peek(1) == "=" || peek(1) == "!":
                throw error(.lookaround, at: start, "lookbehind needs a backtracking engine")
            case "P" where peek(1) == "=":
                throw error(.backreference, at: start, "backreferences need a backtracking engine")
            case "P" where peek(1) == "<":
                position += 1
                try parseGroupName(openedAt: start)
            case "<" where syntax != .python:
                try parseGroupName(openedAt: start)
            case "#" where syntax == .python:
                while let next = peek(), next != ")" { position += 1 }
                guard peek() == ")" else { throw error(.missingClosingParenthesis, at: start, "missing ')'") }
                position += 1
                return nil
            case ">" where syntax == .python:
                throw error(.unsupportedGroup, at: start, "atomic groups need a backtracking engine")
            case "(" where syntax == .python:
                throw error(.unsupportedGroup, at: start, "conditional groups need a backtracking engine")
            default:
                // Flags: `(?flags)` for the rest of the group, `(?flags:…)` for its own.
                let scoped = try parseFlags(openedAt: start)
                if !scoped {
                    if syntax == .python {
                        throw error(.unsupportedGroup, at: start, "global flags are only allowed at the start of the pattern")
                    }
                    return nil
                }
            }
        }
        depth += 1
        if depth > RegexParser.maxNestingDepth {
            throw error(.nestingTooDeep, at: start, "groups are nested more than \(RegexParser.maxNestingDepth) deep")
        }
        let inner = try parseAlternation()
        depth -= 1
        guard peek() == ")" else { throw error(.missingClosingParenthesis, at: start, "missing ')'") }
        position += 1
        flags = saved
        return (inner, true)
    }

    /// Reads `name>` after `(?<` or `(?P<`.
    private mutating func parseGroupName(openedAt start: Int) throws(RegexError) {
        position += 1
        let nameStart = position
        while let next = peek(), next != ">" {
            let ok = next == "_" || (next.isASCII && next.properties.isAlphabetic) || ("0"..."9").contains(next)
                || (syntax == .rust && (next == "." || next == "[" || next == "]"))
                || (syntax == .python && !next.isASCII && next.properties.isXIDContinue)
            guard ok else { throw error(.namedGroup, at: start, "invalid group name") }
            position += 1
        }
        // RE2 names may start with a digit; Rust's and Python's may not.
        guard peek() == ">", position > nameStart, syntax == .re2 || !("0"..."9").contains(scalars[nameStart]) else {
            throw error(.namedGroup, at: start, "invalid group name")
        }
        let name = String(String.UnicodeScalarView(scalars[nameStart..<position]))
        // RE2 allows a name twice (Go's `SubexpIndex` documents it); Rust and Python do not.
        guard groupNames.insert(name).inserted || syntax == .re2 else {
            throw error(.namedGroup, at: start, "the group name '\(name)' is used twice")
        }
        position += 1
    }

    /// Parses the flags after `(?` up to `)` (returns false: they hold for the rest of the group)
    /// or `:` (returns true: they hold inside the group that follows).
    private mutating func parseFlags(openedAt start: Int) throws(RegexError) -> Bool {
        var negated = false
        var afterDash = 0
        var seen: Set<Unicode.Scalar> = []
        var next = flags
        while let scalar = peek() {
            position += 1
            switch scalar {
            case ")", ":":
                // RE2 reads `(?)` as nothing; Rust and Python refuse it.
                if seen.isEmpty, !(syntax == .re2 && !negated) { throw error(.unsupportedGroup, at: start, "empty flags") }
                if negated, afterDash == 0 { throw error(.unsupportedGroup, at: start, "dangling '-' in flags") }
                if syntax == .python, negated, scalar == ")" {
                    throw error(.unsupportedGroup, at: start, "flags can be turned off only in a scoped group")
                }
                flags = next
                return scalar == ":"
            case "-":
                guard !negated else { throw error(.unsupportedGroup, at: start, "a second '-' in flags") }
                negated = true
            default:
                guard syntax.acceptsFlag(scalar) else { throw error(.unsupportedGroup, at: start, "unknown flag '\(scalar)'") }
                if syntax != .python, seen.contains(scalar) {
                    throw error(.unsupportedGroup, at: start, "flag '\(scalar)' repeated")
                }
                if syntax == .python, negated, "aLu".unicodeScalars.contains(scalar) {
                    throw error(.unsupportedGroup, at: start, "flag '\(scalar)' cannot be turned off")
                }
                seen.insert(scalar)
                if negated { afterDash += 1 }
                apply(scalar, on: !negated, to: &next)
            }
        }
        throw error(.missingClosingParenthesis, at: start, "missing ')'")
    }

    private func apply(_ flag: Unicode.Scalar, on: Bool, to flags: inout Flags) {
        switch flag {
        case "i": flags.caseInsensitive = on
        case "m": flags.multiline = on
        case "s": flags.dotAll = on
        case "x": flags.verbose = on
        case "u": flags.unicode = on || syntax == .python
        case "a": flags.unicode = !on
        default: break  // `U` swaps greediness, `R` changes line ends, `L` a locale: no effect on whether a search matches here.
        }
    }

    /// Python's global flags: `(?aiLmsux)` groups at the very start.
    private mutating func parsePythonGlobalFlags() throws(RegexError) {
        while peek() == "(", peek(1) == "?", let third = peek(2), syntax.acceptsFlag(third) {
            let start = position
            let saved = flags
            position += 2
            if try parseFlags(openedAt: start) {
                // A scoped group after all: parse it as an atom, from its `(`.
                position = start
                flags = saved
                return
            }
        }
    }

    // MARK: - Quantifiers

    private mutating func parseQuantifiers(of atom: RegexNode, repeatable: Bool) throws(RegexError) -> RegexNode {
        var node = atom
        var quantified = false
        while true {
            skipVerbose()
            let start = position
            guard let (min, max) = try parseQuantifier() else { return node }
            guard repeatable else { throw error(.nothingToRepeat, at: start, "nothing to repeat") }
            if quantified, syntax != .rust {
                throw error(.nothingToRepeat, at: start, "a quantifier cannot follow a quantifier")
            }
            if peek() == "?" {
                position += 1
            } else if peek() == "+", syntax == .python {
                throw error(.possessiveQuantifier, at: position, "possessive quantifiers need a backtracking engine")
            }
            quantified = true
            if !(min == 1 && max == 1) { node = .repetition(node, min: min, max: max) }
        }
    }

    private mutating func parseQuantifier() throws(RegexError) -> (Int, Int?)? {
        switch peek() {
        case "*": position += 1; return (0, nil)
        case "+": position += 1; return (1, nil)
        case "?": position += 1; return (0, 1)
        case "{":
            let start = position
            do {
                return try parseBraces()
            } catch {
                if syntax.literalBraces && error.kind == .invalidQuantifier {
                    position = start
                    return nil
                }
                throw error
            }
        default: return nil
        }
    }

    /// Parses `{n}`, `{n,}`, `{n,m}` (and Python's `{,m}`) starting at the `{`.
    private mutating func parseBraces() throws(RegexError) -> (Int, Int?) {
        let start = position
        position += 1
        if syntax == .rust { skipVerboseInBraces() }
        var min = parseCount()
        if min == nil && !(syntax == .python && peek() == ",") {
            throw error(.invalidQuantifier, at: start, "'{' must start a quantifier {n}, {n,} or {n,m}")
        }
        if syntax == .rust { skipVerboseInBraces() }
        var max: Int? = min
        if peek() == "," {
            position += 1
            if syntax == .rust { skipVerboseInBraces() }
            max = parseCount()
            if min == nil { min = 0 }
            if syntax == .rust { skipVerboseInBraces() }
        }
        guard peek() == "}", let low = min else {
            throw error(.invalidQuantifier, at: start, "'{' must start a quantifier {n}, {n,} or {n,m}")
        }
        position += 1
        if low > Self.maxRepetitionCount || (max ?? 0) > Self.maxRepetitionCount {
            throw error(.repetitionCountTooLarge, at: start, "repetition counts above \(Self.maxRepetitionCount) are not supported")
        }
        if syntax == .re2, low > 1000 || (max ?? 0) > 1000 {
            throw error(.repetitionCountTooLarge, at: start, "RE2 refuses repetition counts above 1000")
        }
        if let max, low > max {
            throw error(.invalidRepetitionRange, at: start, "repetition minimum \(low) exceeds maximum \(max)")
        }
        return (low, max)
    }

    private mutating func parseCount() -> Int? {
        var value: Int?
        while let scalar = peek(), ("0"..."9").contains(scalar) {
            value = Swift.min((value ?? 0) * 10 + Int(scalar.value - 0x30), Self.maxRepetitionCount + 1)
            position += 1
        }
        return value
    }

    // MARK: - Escapes

    private enum Escape {
        case scalar(UInt32)
        case set(RegexScalarSet)
        case assertion(RegexAssertion)
        /// `\Q…\E` (RE2): literal scalars.
        case quoted([UInt32])
    }

    private mutating func parseEscapeAtom(at start: Int) throws(RegexError) -> (node: RegexNode, repeatable: Bool)? {
        switch try parseEscape(at: start, inClass: false) {
        case .scalar(let value): return (literal(value), true)
        case .set(let set): return (classNode(set), true)
        case .assertion(let assertion): return (.assertion(assertion), syntax != .python)
        case .quoted(let values):
            guard let last = values.last else { return nil }
            // A quantifier after `\Q…\E` repeats the last scalar only.
            for value in values.dropLast() { quotedPrefix.append(literal(value)) }
            return (literal(last), true)
        }
    }

    /// Parses the escape whose `\` is at `start`; `position` is just after the `\`.
    private mutating func parseEscape(at start: Int, inClass: Bool) throws(RegexError) -> Escape {
        guard let scalar = peek() else { throw error(.invalidEscape, at: start, "the pattern ends with '\\'") }
        position += 1
        switch scalar {
        case "t": return .scalar(0x09)
        case "n": return .scalar(0x0A)
        case "v": return .scalar(0x0B)
        case "f": return .scalar(0x0C)
        case "r": return .scalar(0x0D)
        case "a": return .scalar(0x07)
        case "d": return .set(digitSet)
        case "D": try refuseBytesInRust(at: start); return .set(digitSet.inverted())
        case "s": return .set(spaceSet)
        case "S": try refuseBytesInRust(at: start); return .set(spaceSet.inverted())
        case "w": return .set(wordSet)
        case "W": try refuseBytesInRust(at: start); return .set(wordSet.inverted())
        case "b":
            if inClass {
                if syntax == .python { return .scalar(0x08) }
                throw error(.invalidEscape, at: start, "'\\b' is not allowed inside a class")
            }
            return .assertion(wordBoundary)
        case "B":
            guard !inClass else { throw error(.invalidEscape, at: start, "'\\B' is not allowed inside a class") }
            return .assertion(notWordBoundary)
        case "A" where !inClass:
            return .assertion(.startOfInput)
        case "z" where !inClass && syntax != .python:
            return .assertion(.endOfInput)
        case "Z" where !inClass && syntax == .python:
            return .assertion(.endOfInput)
        case "<" where !inClass && syntax == .rust:
            return .assertion(.wordStart)
        case ">" where !inClass && syntax == .rust:
            return .assertion(.wordEnd)
        case "x":
            return .scalar(try parseHexEscape(at: start, kind: "x"))
        case "u" where syntax != .re2:
            return .scalar(try parseHexEscape(at: start, kind: "u"))
        case "U" where syntax != .re2:
            return .scalar(try parseHexEscape(at: start, kind: "U"))
        case "p", "P":
            guard syntax.hasPropertyClasses else { throw error(.invalidEscape, at: start, "bad escape '\\\(scalar)'") }
            try refuseBytesInRust(at: start)
            return .set(try parsePropertyClass(at: start, negated: scalar == "P"))
        case "Q" where syntax == .re2 && !inClass:
            var values: [UInt32] = []
            while let next = peek() {
                if next == "\\", peek(1) == "E" { position += 2; return .quoted(values) }
                values.append(next.value)
                position += 1
            }
            return .quoted(values)
        case "0"..."9":
            return .scalar(try parseNumberedEscape(scalar, at: start, inClass: inClass))
        case "k" where syntax == .rust || syntax == .python:
            throw error(.backreference, at: start, "backreferences need a backtracking engine")
        case "N" where syntax == .python:
            guard peek() == "{", let close = scalars[position...].firstIndex(of: "}") else {
                throw error(.invalidEscape, at: start, "missing '{' or '}' in '\\N{…}'")
            }
            let name = String(String.UnicodeScalarView(scalars[(position + 1)..<close]))
            guard let value = UnicodePropertySets.scalar(named: name) else {
                throw error(.invalidEscape, at: start, "undefined character name '\(name)'")
            }
            position = close + 1
            return .scalar(value)
        default:
            if scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) {
                throw error(.invalidEscape, at: start, "bad escape '\\\(scalar)'")
            }
            if syntax == .rust, !scalar.isASCII {
                throw error(.invalidEscape, at: start, "bad escape '\\\(scalar)'")
            }
            if syntax == .re2, !scalar.isASCII {
                throw error(.invalidEscape, at: start, "bad escape '\\\(scalar)'")
            }
            return .scalar(scalar.value)
        }
    }

    /// `\xHH`, `\x{…}` (Rust, RE2), `\uHHHH`, `\u{…}` (Rust), `\UHHHHHHHH`, `\U{…}` (Rust).
    private mutating func parseHexEscape(at start: Int, kind: Unicode.Scalar) throws(RegexError) -> UInt32 {
        var value: UInt32 = 0
        if peek() == "{", syntax != .python {
            position += 1
            var digits = 0
            while let next = peek(), next != "}" {
                guard let digit = hexValue(next), digits < 8 else {
                    throw error(.invalidUnicodeEscape, at: start, "invalid hexadecimal escape")
                }
                value = value << 4 | digit
                digits += 1
                position += 1
            }
            guard peek() == "}", digits > 0 else { throw error(.invalidUnicodeEscape, at: start, "invalid hexadecimal escape") }
            position += 1
        } else {
            let count = kind == "x" ? 2 : kind == "u" ? 4 : 8
            for _ in 0..<count {
                guard let next = peek(), let digit = hexValue(next) else {
                    throw error(.invalidUnicodeEscape, at: start, "incomplete escape '\\\(kind)'")
                }
                value = value << 4 | digit
                position += 1
            }
        }
        guard value <= RegexScalarSet.maxScalar, !(0xD800...0xDFFF).contains(value) || syntax == .python else {
            throw error(.invalidUnicodeEscape, at: start, "escape is not a Unicode scalar value")
        }
        return value
    }

    /// `\0`…`\9`: a backreference (refused: Rust and RE2 refuse it too, Python would need to
    /// backtrack) or an octal escape (RE2: `\0`, or a digit followed by octal digits, up to three;
    /// Python: `\0` with up to two more, three octal digits, or any inside a class).
    private mutating func parseNumberedEscape(_ first: Unicode.Scalar, at start: Int, inClass: Bool) throws(RegexError) -> UInt32 {
        func isOctal(_ s: Unicode.Scalar?) -> Bool { s.map { ("0"..."7").contains($0) } ?? false }
        let octal: Bool
        switch syntax {
        case .rust:
            octal = false
        case .re2:
            octal = first == "0" || (isOctal(first) && isOctal(peek()))
        case .python:
            octal = first == "0" || (isOctal(first) && (inClass || (isOctal(peek()) && isOctal(peek(1)))))
        }
        guard octal else {
            if first == "0" || syntax == .python && inClass { throw error(.invalidEscape, at: start, "bad escape '\\\(first)'") }
            throw error(.backreference, at: start, "backreferences need a backtracking engine")
        }
        var value = first.value - 0x30
        var digits = 1
        while digits < 3, isOctal(peek()) {
            value = value * 8 + (peek()!.value - 0x30)
            digits += 1
            position += 1
        }
        guard value <= 0o377 else { throw error(.invalidEscape, at: start, "octal escape value outside of range 0-0o377") }
        return value
    }

    /// `\pL`, `\p{Name}`, `\P…`, RE2's `\p{^Name}`.
    private mutating func parsePropertyClass(at start: Int, negated: Bool) throws(RegexError) -> RegexScalarSet {
        var name: String
        var negate = negated
        if peek() == "{" {
            position += 1
            var text = String.UnicodeScalarView()
            while let next = peek(), next != "}" {
                text.append(next)
                position += 1
            }
            guard peek() == "}" else { throw error(.invalidEscape, at: start, "missing '}' in a property class") }
            position += 1
            name = String(text)
            if syntax == .re2, name.hasPrefix("^") {
                negate.toggle()
                name.removeFirst()
            }
            if syntax == .rust, let bang = name.firstIndex(of: "!"), name[name.index(after: bang)...].hasPrefix("=") {
                negate.toggle()
                name = String(name[..<bang]) + String(name[name.index(after: bang)...])
            }
        } else {
            guard let letter = peek() else { throw error(.invalidEscape, at: start, "the pattern ends with '\\p'") }
            position += 1
            name = String(letter)
        }
        guard var set = UnicodePropertySets.set(named: name, in: syntax) else {
            throw error(.invalidEscape, at: start, "unknown Unicode property '\(name)'")
        }
        if flags.caseInsensitive { set = set.caseFolded() }
        return negate ? set.inverted() : set
    }

    // MARK: - Classes

    /// Parses a class after its `[`; in the Rust dialect, nested classes and `&&`, `--`, `~~`.
    private mutating func parseClass(openedAt start: Int) throws(RegexError) -> RegexScalarSet {
        let negated = peek() == "^"
        if negated { position += 1; try refuseBytesInRust(at: start) }
        var set = try parseClassUnion(openedAt: start)
        while syntax.hasClassSetOperations, let op = peek(), op == "&" || op == "-" || op == "~", peek(1) == op {
            position += 2
            let right = try parseClassUnion(openedAt: start, first: false)
            switch op {
            case "&": set = set.intersection(right)
            case "-": set = set.subtracting(right)
            default: set = set.symmetricDifference(right)
            }
        }
        guard peek() == "]" else { throw error(.missingClosingBracket, at: start, "missing ']'") }
        position += 1
        if flags.caseInsensitive { set = set.caseFolded() }
        return negated ? set.inverted() : set
    }

    /// The members up to `]` or a set operator.
    private mutating func parseClassUnion(openedAt start: Int, first initial: Bool = true) throws(RegexError) -> RegexScalarSet {
        var ranges: [ClosedRange<UInt32>] = []
        var first = initial
        if syntax == .rust, initial {
            // Rust takes every leading `-` as a literal, then a `]` that comes first; neither starts a range.
            while peek() == "-" {
                ranges.append(0x2D...0x2D)
                position += 1
                first = false
            }
            if first, peek() == "]" {
                ranges.append(0x5D...0x5D)
                position += 1
                first = false
            }
        }
        while true {
            if syntax == .rust, flags.verbose { skipVerbose() }
            guard let scalar = peek() else { throw error(.missingClosingBracket, at: start, "missing ']'") }
            if scalar == "]" && !first { break }
            if syntax.hasClassSetOperations, !first, scalar == "&" || scalar == "~" || scalar == "-", peek(1) == scalar {
                break
            }
            let itemStart = position
            let item = try parseClassItem(first: first, classStart: start)
            first = false
            // RE2 (Perl's reading) takes a `-` after a class escape as a literal.
            var bounds = true
            if syntax == .re2, case .set = item { bounds = false }
            if bounds, peek() == "-", let after = peek(1), after != "]", !(syntax.hasClassSetOperations && after == "-") {
                position += 1
                let upperStart = position
                let upperItem = try parseClassItem(first: false, classStart: start)
                guard case .scalar(let lower) = item, case .scalar(let upper) = upperItem else {
                    if syntax == .re2, case .set = upperItem {
                        throw error(.invalidClassRange, at: upperStart, "a class escape cannot bound a range")
                    }
                    throw error(.invalidClassRange, at: itemStart, "a class escape cannot bound a range")
                }
                guard lower <= upper else { throw error(.invalidClassRange, at: itemStart, "class range is out of order") }
                ranges.append(lower...upper)
                continue
            }
            switch item {
            case .scalar(let value):
                if value > 0x7F { try refuseBytesInRust(at: itemStart) }
                ranges.append(value...value)
            case .set(let set): ranges.append(contentsOf: set.ranges)
            }
        }
        return RegexScalarSet(unsorted: ranges)
    }

    private enum ClassItem {
        case scalar(UInt32)
        case set(RegexScalarSet)
    }

    private mutating func parseClassItem(first: Bool, classStart: Int) throws(RegexError) -> ClassItem {
        let start = position
        guard let scalar = peek() else { throw error(.missingClosingBracket, at: classStart, "missing ']'") }
        position += 1
        switch scalar {
        case "\\":
            switch try parseEscape(at: start, inClass: true) {
            case .scalar(let value): return .scalar(value)
            case .set(let set): return .set(set)
            case .assertion, .quoted: throw error(.invalidEscape, at: start, "this escape is not allowed inside a class")
            }
        case "[":
            if syntax.hasPOSIXClasses, peek() == ":", let set = try parsePOSIXClass(at: start) { return .set(set) }
            if syntax.hasClassSetOperations {
                // A nested class, whose members join this one.
                return .set(try parseClass(openedAt: start))
            }
            return .scalar(scalar.value)
        default:
            return .scalar(scalar.value)
        }
    }

    /// `[:name:]` or `[:^name:]` after its `[`; `nil` (nothing consumed) when no POSIX class ends here.
    private mutating func parsePOSIXClass(at start: Int) throws(RegexError) -> RegexScalarSet? {
        var j = position + 1
        var negated = false
        if j < scalars.count, scalars[j] == "^" { negated = true; j += 1 }
        var name = String.UnicodeScalarView()
        while j < scalars.count, scalars[j] != ":" { name.append(scalars[j]); j += 1 }
        guard j + 1 < scalars.count, scalars[j + 1] == "]" else { return nil }
        guard let ranges = Self.posixClasses[String(name)] else {
            // RE2 refuses an unknown name; Rust reads the brackets as a nested class (`[:foo:]`).
            if syntax == .re2 { throw error(.unsupportedClassSyntax, at: start, "unknown POSIX class '\(String(name))'") }
            return nil
        }
        position = j + 2
        let set = RegexScalarSet(unsorted: ranges)
        return negated ? set.inverted() : set
    }

    /// The ASCII POSIX classes, as Rust and RE2 define them.
    private static let posixClasses: [String: [ClosedRange<UInt32>]] = [
        "alnum": [0x30...0x39, 0x41...0x5A, 0x61...0x7A], "alpha": [0x41...0x5A, 0x61...0x7A], "ascii": [0...0x7F],
        "blank": [0x09...0x09, 0x20...0x20], "cntrl": [0...0x1F, 0x7F...0x7F], "digit": [0x30...0x39],
        "graph": [0x21...0x7E], "lower": [0x61...0x7A], "print": [0x20...0x7E],
        "punct": [0x21...0x2F, 0x3A...0x40, 0x5B...0x60, 0x7B...0x7E], "space": [0x09...0x0D, 0x20...0x20],
        "upper": [0x41...0x5A], "word": [0x30...0x39, 0x41...0x5A, 0x5F...0x5F, 0x61...0x7A],
        "xdigit": [0x30...0x39, 0x41...0x46, 0x61...0x66],
    ]

    // MARK: - Class escapes by dialect and flags

    private var digitSet: RegexScalarSet {
        flags.unicode && syntax != .re2 ? UnicodePropertySets.decimalDigits : RegexScalarSet([0x30...0x39])
    }

    private var spaceSet: RegexScalarSet {
        guard flags.unicode, syntax != .re2 else {
            // RE2's `\s` has no vertical tab; Rust's ASCII one and Python's do.
            return syntax == .re2 ? RegexScalarSet(unsorted: [0x09...0x0A, 0x0C...0x0D, 0x20...0x20]) : .whitespace
        }
        return syntax == .python ? UnicodePropertySets.pythonWhitespace : UnicodePropertySets.rustWhitespace
    }

    private var wordSet: RegexScalarSet {
        guard flags.unicode, syntax != .re2 else { return .wordCharacters }
        return syntax == .python ? UnicodePropertySets.pythonWord : .unicodeWordCharacters
    }

    private var wordBoundary: RegexAssertion {
        guard flags.unicode, syntax != .re2 else { return .wordBoundary }
        return syntax == .python ? .pythonWordBoundary : .unicodeWordBoundary
    }

    private var notWordBoundary: RegexAssertion {
        guard flags.unicode, syntax != .re2 else { return .notWordBoundary }
        return syntax == .python ? .notPythonWordBoundary : .notUnicodeWordBoundary
    }

    // MARK: - Helpers

    /// Rust refuses, outside Unicode mode (`(?-u)`), what could match a byte that is not UTF-8:
    /// `.`, negated classes and class escapes, properties, non-ASCII class members.
    private func refuseBytesInRust(at offset: Int) throws(RegexError) {
        guard syntax == .rust, !flags.unicode else { return }
        throw error(.invalidEscape, at: offset, "this could match invalid UTF-8 outside Unicode mode")
    }

    /// A literal scalar; under case-insensitivity, the class of every scalar that folds with it.
    private mutating func literal(_ value: UInt32) -> RegexNode {
        guard flags.caseInsensitive else { return .scalar(value) }
        let orbit = UnicodeCaseFoldData.orbit(value)
        if orbit.count == 1 { return .scalar(value) }
        return classNode(RegexScalarSet(unsorted: orbit.map { $0...$0 }))
    }

    private mutating func classNode(_ set: RegexScalarSet) -> RegexNode {
        classes.append(set)
        return .scalarClass(classes.count - 1)
    }

    /// Skips white space and `#` comments in verbose mode.
    private mutating func skipVerbose() {
        guard flags.verbose else { return }
        while let scalar = peek() {
            if isVerboseSpace(scalar) {
                position += 1
            } else if scalar == "#" {
                while let next = peek(), next != "\n" { position += 1 }
            } else {
                return
            }
        }
    }

    private mutating func skipVerboseInBraces() {
        guard flags.verbose else { return }
        while let scalar = peek(), isVerboseSpace(scalar) { position += 1 }
    }

    /// The white space verbose mode skips: Python's `re` skips ASCII white space only (`\u2003` is
    /// a literal there), Rust's `regex` any Unicode `White_Space`.
    private func isVerboseSpace(_ scalar: Unicode.Scalar) -> Bool {
        guard syntax == .python else { return scalar.properties.isWhitespace }
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0B}", "\u{0C}": return true
        default: return false
        }
    }

    private func peek(_ ahead: Int = 0) -> Unicode.Scalar? {
        position + ahead < scalars.count ? scalars[position + ahead] : nil
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
