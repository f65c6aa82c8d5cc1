/// The operand of a `NUM_*`, `DATE_*` or `SEMVER_*` constraint, read as Yggdrasil reads it: by its
/// shape, whatever the operator's family.
///
/// Yggdrasil (Unleash's reference engine) writes every constraint into a rule text and parses that
/// with one grammar, where an ordering operator's operand is tried as a date, then as a semantic
/// version, then as a number. So `NUM_EQ 1.2.3` compares versions, `SEMVER_GT 1.2` compares numbers
/// and `NUM_LT 2024-01-01T00:00:00Z` compares instants; an operand of none of these shapes, or a
/// date or version of the right shape that does not exist, makes the whole toggle fail to compile
/// (always off). Spaces and tabs around the operand are skipped, as the grammar skips them.
enum UnleashOrdinalValue {
    /// `YYYY-MM-DDTHH:MM:SS[.fff](Z|±HH:MM)`, a fraction of exactly three digits.
    case date(Timestamp)
    /// `MAJOR.MINOR.PATCH[-PRERELEASE][+BUILD]`, all three parts present.
    case version(SemanticVersion)
    /// `[+-]DIGITS[.DIGITS][(e|E)[+-]DIGITS]`.
    case number(Double)

    /// The operand `text` reads as, or `nil` when Yggdrasil refuses it.
    init?(_ text: String) {
        let trimmed = Self.trimmed(text)
        let bytes = Array(trimmed.utf8)
        if Self.isDateShape(bytes) {
            guard let instant = Timestamp(rfc3339: trimmed) else { return nil }
            self = .date(instant)
        } else if Self.isVersionShape(bytes) {
            guard let version = SemanticVersion(parsing: trimmed) else { return nil }
            self = .version(version)
        } else if Self.isNumberShape(bytes) {
            guard let n = Double(trimmed) else { return nil }
            self = .number(n)
        } else {
            return nil
        }
    }

    private static func trimmed(_ text: String) -> String {
        var s = text[...]
        while let f = s.first, f == " " || f == "\t" { s = s.dropFirst() }
        while let l = s.last, l == " " || l == "\t" { s = s.dropLast() }
        return String(s)
    }

    private static func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    /// Whether `bytes[i...]` starts with `count` digits; advances `i` past them.
    private static func digits(_ bytes: [UInt8], _ i: inout Int, _ count: Int) -> Bool {
        for _ in 0..<count {
            guard i < bytes.count, isDigit(bytes[i]) else { return false }
            i += 1
        }
        return true
    }

    private static func literal(_ bytes: [UInt8], _ i: inout Int, _ byte: Character) -> Bool {
        guard i < bytes.count, bytes[i] == byte.asciiValue! else { return false }
        i += 1
        return true
    }

    private static func isDateShape(_ b: [UInt8]) -> Bool {
        var i = 0
        guard digits(b, &i, 4), literal(b, &i, "-"), digits(b, &i, 2), literal(b, &i, "-"), digits(b, &i, 2),
              literal(b, &i, "T"), digits(b, &i, 2), literal(b, &i, ":"), digits(b, &i, 2), literal(b, &i, ":"),
              digits(b, &i, 2) else { return false }
        if i < b.count, b[i] == UInt8(ascii: ".") {
            i += 1
            guard digits(b, &i, 3) else { return false }
        }
        if literal(b, &i, "Z") { return i == b.count }
        guard i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") else { return false }
        i += 1
        return digits(b, &i, 2) && literal(b, &i, ":") && digits(b, &i, 2) && i == b.count
    }

    private static func isVersionShape(_ b: [UInt8]) -> Bool {
        var i = 0
        func number() -> Bool {
            let start = i
            while i < b.count, isDigit(b[i]) { i += 1 }
            return i > start
        }
        func fragment() -> Bool {
            while true {
                let start = i
                while i < b.count, isDigit(b[i]) || (b[i] | 0x20 >= UInt8(ascii: "a") && b[i] | 0x20 <= UInt8(ascii: "z"))
                    || b[i] == UInt8(ascii: "-") { i += 1 }
                guard i > start else { return false }
                guard i < b.count, b[i] == UInt8(ascii: ".") else { return true }
                i += 1
            }
        }
        guard number(), literal(b, &i, "."), number(), literal(b, &i, "."), number() else { return false }
        if literal(b, &i, "-") { guard fragment() else { return false } }
        if literal(b, &i, "+") { guard fragment() else { return false } }
        return i == b.count
    }

    private static func isNumberShape(_ b: [UInt8]) -> Bool {
        var i = 0
        func integer() -> Bool {
            if i < b.count, b[i] == UInt8(ascii: "+") || b[i] == UInt8(ascii: "-") { i += 1 }
            let start = i
            while i < b.count, isDigit(b[i]) { i += 1 }
            return i > start
        }
        guard integer() else { return false }
        if literal(b, &i, ".") { while i < b.count, isDigit(b[i]) { i += 1 } }
        if i < b.count, b[i] | 0x20 == UInt8(ascii: "e") {
            i += 1
            guard integer() else { return false }
        }
        return i == b.count
    }
}
