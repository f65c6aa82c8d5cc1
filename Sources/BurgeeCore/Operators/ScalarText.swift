/// The text of a scalar value as engines written in Rust compare it: a string as it is, a boolean
/// `true` or `false`, a number as Rust's `Display` writes an `f64`: the shortest digits that read
/// back, positional (never an exponent), without a trailing `.0` (`42`, `3.5`, `0.0000001`,
/// `1000000000000000000000`, `-0`), and `inf`, `-inf`, `NaN`.
package enum ScalarText {
    /// The text of `value`; `nil` for `null`, arrays and objects.
    package static func text(of value: JSONValue) -> String? {
        switch value {
        case .string(let s): return s
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return number(n.doubleValue)
        case .null, .array, .object: return nil
        }
    }

    /// `n` as Rust's `Display` writes it.
    package static func number(_ n: Double) -> String {
        if n.isNaN { return "NaN" }
        if n.isInfinite { return n < 0 ? "-inf" : "inf" }
        // Swift's description has the shortest round-trip digits too, in exponent form for large
        // and small magnitudes: its digits are rewritten positionally.
        let text = "\(n.magnitude)"
        var digits: [UInt8] = []
        var point = -1
        var exponent = 0
        var utf8 = Substring(text).utf8[...]
        while let byte = utf8.first {
            utf8 = utf8.dropFirst()
            if byte == UInt8(ascii: ".") {
                point = digits.count
            } else if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") {
                exponent = Int(String(Substring(utf8))) ?? 0
                break
            } else {
                digits.append(byte)
            }
        }
        if point < 0 { point = digits.count }
        point += exponent
        // Leading zeros of the integer part and trailing zeros of the fraction are not digits.
        while digits.count > 1, digits.first == UInt8(ascii: "0"), point > 1 {
            digits.removeFirst()
            point -= 1
        }
        while digits.count > max(point, 1), digits.last == UInt8(ascii: "0") { digits.removeLast() }
        var out: [UInt8] = n.sign == .minus ? [UInt8(ascii: "-")] : []
        if point <= 0 {
            out += Array("0.".utf8) + Array(repeating: UInt8(ascii: "0"), count: -point) + digits
        } else if point >= digits.count {
            out += digits + Array(repeating: UInt8(ascii: "0"), count: point - digits.count)
        } else {
            out += digits[..<point] + [UInt8(ascii: ".")] + digits[point...]
        }
        return String(decoding: out, as: UTF8.self)
    }
}
