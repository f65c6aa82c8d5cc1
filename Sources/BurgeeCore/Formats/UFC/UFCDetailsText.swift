/// The text of Eppo's evaluation details as its core (Rust) writes it: strings as Rust's `{:?}`
/// quotes them, numbers as Rust's `{}` writes an `f64`, conditions as its wire form, instants in
/// RFC 3339 with the fewest of 0, 3, 6 or 9 fraction digits that hold them.
enum UFCDetailsText {
    /// `text` as Rust's `Debug` writes a string: in double quotes, `"` and `\` escaped, tab, line
    /// feed, carriage return and NUL by name, other control characters as `\u{…}`.
    static func debug(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            case "\0": out += "\\0"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                out += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }

    /// `value` as Rust's `Display` writes an `f64`: the shortest digits that read back as it,
    /// never with an exponent (`18`, `2.5`, `1000000000000000000000`, `0.0000001`), `inf`, `NaN`.
    static func rustDisplay(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value < 0 ? "-inf" : "inf" }
        if value == 0 { return value.sign == .minus ? "-0" : "0" }
        // Swift's description is the shortest round-tripping form too, maybe with an exponent.
        var text = "\(value.magnitude)"
        var exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            exponent = Int(text[text.index(after: e)...]) ?? 0
            text = String(text[..<e])
        }
        var digits = text.filter { $0 != "." }
        var point = (text.firstIndex(of: ".").map { text.distance(from: text.startIndex, to: $0) } ?? text.count) + exponent
        while digits.hasPrefix("0"), digits.count > 1 { digits.removeFirst(); point -= 1 }
        while digits.hasSuffix("0"), digits.count > 1 { digits.removeLast() }
        var result: String
        if point <= 0 {
            result = "0." + String(repeating: "0", count: -point) + digits
        } else if point >= digits.count {
            result = digits + String(repeating: "0", count: point - digits.count)
        } else {
            result = String(digits.prefix(point)) + "." + String(digits.dropFirst(point))
        }
        if value < 0 { result = "-" + result }
        return result
    }

    /// A condition as Eppo's core writes it back in details (`{"attribute","operator","value"}`):
    /// comparands as text, versions normalised; `nil` for one it could not read, which it leaves out.
    static func wire(_ condition: UFCCondition) -> JSONValue? {
        let value: JSONValue
        let op: String
        switch condition.test {
        case .oneOf(let members, let negated):
            (op, value) = (negated ? "NOT_ONE_OF" : "ONE_OF", .array(members.map(JSONValue.string)))
        case .matches(let regex, let negated):
            (op, value) = (negated ? "NOT_MATCHES" : "MATCHES", .string(regex.pattern))
        case .isNull(let isNull):
            (op, value) = ("IS_NULL", .bool(isNull))
        case .number(_, let operand):
            (op, value) = (condition.written.op, .string(rustDisplay(operand)))
        case .version(_, let version, _):
            (op, value) = (condition.written.op, .string(version.description))
        case .extendedVersion, .never:
            return nil
        }
        return ["attribute": .string(condition.attribute), "operator": .string(op), "value": value]
    }
}

extension UFCVariationType {
    /// The variation type a typed call for `type` asks for (a double is NUMERIC).
    init?(asking type: ValueType) {
        switch type {
        case .string: self = .string
        case .int: self = .integer
        case .double: self = .numeric
        case .boolean: self = .boolean
        case .json: self = .json
        default: return nil
        }
    }

    /// The name Eppo's core gives the type in its messages (Rust's `Debug`).
    var rustName: String {
        switch self {
        case .string: "String"
        case .integer: "Integer"
        case .numeric: "Numeric"
        case .boolean: "Boolean"
        case .json: "Json"
        }
    }
}

extension Timestamp {
    /// The instant in UTC as Eppo's core writes one (chrono's RFC 3339): `Z`, and a fraction of
    /// 3, 6 or 9 digits, the fewest that hold it exactly, none for a whole second.
    package var eppoText: String {
        let base = Timestamp.rfc3339(millisecondsSinceEpoch: seconds * 1000)
        // `…T12:00:00.000Z`: the whole second, the fraction written below.
        let whole = base.hasSuffix(".000Z") ? String(base.dropLast(5)) : String(base.dropLast())
        let nanoseconds = attoseconds / 1_000_000_000
        guard nanoseconds > 0 else { return whole + "Z" }
        var digits = String(nanoseconds)
        digits = String(repeating: "0", count: 9 - digits.count) + digits
        if nanoseconds % 1_000_000 == 0 {
            digits = String(digits.prefix(3))
        } else if nanoseconds % 1000 == 0 {
            digits = String(digits.prefix(6))
        }
        return whole + "." + digits + "Z"
    }
}
