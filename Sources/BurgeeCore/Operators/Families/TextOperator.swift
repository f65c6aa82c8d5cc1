/// An operator on a value read as text: a string as it is, any other value as Python's
/// `json.dumps` writes it (`true`, `42`, `[1, 2]`), which is how Split's SDKs give non-string
/// attributes to their string matchers. Strings, the common case, allocate nothing; the text
/// of another value is built only for that value.
package enum TextOperator {
    @inline(__always)
    static func matches(_ value: JSONValue, _ inner: Operator) -> Bool {
        if case .string = value { return inner.matches(value) }
        return inner.matches(.string(PythonJSONText.text(of: value)))
    }
}

/// JSON text as Python's `json.dumps` writes it with its default settings: `", "` and `": "`
/// separators, non-ASCII characters escaped as `\uXXXX`, integral numbers without a fraction
/// and other numbers as Python's `repr` of a float.
package enum PythonJSONText {
    /// The text of `value`.
    package static func text(of value: JSONValue) -> String {
        var out = ""
        write(value, to: &out)
        return out
    }

    private static func write(_ value: JSONValue, to out: inout String) {
        switch value {
        case .null: out += "null"
        case .bool(let b): out += b ? "true" : "false"
        case .number(let n): out += number(n.doubleValue)
        case .string(let s): string(s, to: &out)
        case .array(let elements):
            out += "["
            for (i, element) in elements.enumerated() {
                if i > 0 { out += ", " }
                write(element, to: &out)
            }
            out += "]"
        case .object(let members):
            out += "{"
            // Python keeps a dictionary's insertion order, which a JSON object read here does
            // not: the keys are written sorted.
            for (i, key) in members.keys.sorted().enumerated() {
                if i > 0 { out += ", " }
                string(key, to: &out)
                out += ": "
                write(members[key]!, to: &out)
            }
            out += "}"
        }
    }

    /// An integral number in decimal; any other as Python's `repr(float)`: the shortest digits
    /// that read back, in exponent form below 1e-4 or from 1e16.
    static func number(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-Infinity" : "Infinity" }
        if let i = JSONValue.exactInt64(n) { return String(i) }
        var text = "\(n)"
        // Swift writes `1e-05` as Python does, but `1e+16` style only from 2^53; Python from 1e16.
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            let mantissa = text[..<e]
            var exponent = String(text[text.index(after: e)...])
            let negative = exponent.hasPrefix("-")
            exponent = String(exponent.drop { $0 == "+" || $0 == "-" })
            while exponent.count < 2 { exponent = "0" + exponent }
            text = mantissa + "e" + (negative ? "-" : "+") + exponent
        }
        return text
    }

    private static func string(_ s: String, to out: inout String) {
        out += "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            default:
                if scalar.value < 0x20 || scalar.value > 0x7E {
                    if scalar.value > 0xFFFF {
                        let v = scalar.value - 0x10000
                        out += hex4(0xD800 + (v >> 10)) + hex4(0xDC00 + (v & 0x3FF))
                    } else {
                        out += hex4(scalar.value)
                    }
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }

    private static func hex4(_ v: UInt32) -> String {
        let digits = Array("0123456789abcdef")
        return "\\u" + String([digits[Int(v >> 12 & 0xF)], digits[Int(v >> 8 & 0xF)], digits[Int(v >> 4 & 0xF)], digits[Int(v & 0xF)]])
    }
}
