/// Numbers written as Python's `float()` reads them, as Kameleoon's Python SDK reads custom data
/// for `EQUAL`, `GREATER` and `LOWER`: surrounding white space, an optional sign, decimal digits
/// (of any script) with single underscores between them, an optional fraction and exponent, or
/// `inf`, `infinity` and `nan` in any case. Hexadecimal floats are refused, as Python refuses them.
enum PythonFloat {
    /// The value, or `nil` when `float()` would raise.
    static func parse(_ text: String) -> Double? {
        let plain = isPlainASCII(text)
        if plain == .valid { return Double(text) }
        if plain == .invalid { return nil }
        return parseSlowly(text)
    }

    private enum Shape { case valid, invalid, unusual }

    /// Checks the common case (ASCII, no spaces, no underscores) without building anything: a
    /// valid one goes straight to `Double(_:)`, which then reads the same grammar.
    private static func isPlainASCII(_ text: String) -> Shape {
        var i = text.utf8.startIndex
        let end = text.utf8.endIndex
        let utf8 = text.utf8
        if i == end { return .invalid }
        if utf8[i] == UInt8(ascii: "+") || utf8[i] == UInt8(ascii: "-") { i = utf8.index(after: i) }
        var digits = 0
        var sawDot = false
        var sawExponent = false
        var exponentDigits = 0
        while i < end {
            let b = utf8[i]
            switch b {
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if sawExponent { exponentDigits += 1 } else { digits += 1 }
            case UInt8(ascii: "."):
                if sawDot || sawExponent { return .invalid }
                sawDot = true
            case UInt8(ascii: "e"), UInt8(ascii: "E"):
                if sawExponent || digits == 0 { return .invalid }
                sawExponent = true
                let next = utf8.index(after: i)
                if next < end, utf8[next] == UInt8(ascii: "+") || utf8[next] == UInt8(ascii: "-") { i = next }
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                // inf, infinity, nan: the slow path reads them.
                return .unusual
            case UInt8(ascii: "_"), UInt8(ascii: " "), 0x09...0x0D, 0x1C...0x1F, 0x80...0xFF:
                return .unusual
            default:
                return .invalid
            }
            i = utf8.index(after: i)
        }
        guard digits > 0, !sawExponent || exponentDigits > 0 else { return .invalid }
        return .valid
    }

    /// White space, underscores, digits of other scripts and the named values: rare in data, so
    /// the text is rewritten into plain ASCII first.
    private static func parseSlowly(_ text: String) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, PythonInteger.isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, PythonInteger.isSpace(last) { scalars.removeLast() }
        var out = ""
        if let sign = scalars.first, sign == "+" || sign == "-" {
            out.unicodeScalars.append(sign)
            scalars.removeFirst()
        }
        let word = String(String.UnicodeScalarView(scalars)).lowercased()
        switch word {
        case "inf", "infinity": return out == "-" ? -.infinity : .infinity
        case "nan": return .nan
        default: break
        }
        var previous: Unicode.Scalar? = nil
        for scalar in scalars {
            if scalar == "_" {
                // Only between two digits.
                guard let p = previous, PythonInteger.decimalDigit(p) != nil else { return nil }
                previous = scalar
                continue
            }
            if let digit = PythonInteger.decimalDigit(scalar) {
                out.unicodeScalars.append(Unicode.Scalar(UInt8(ascii: "0") + UInt8(digit)))
            } else {
                if previous == "_" { return nil }
                guard scalar.isASCII else { return nil }
                out.unicodeScalars.append(scalar)
            }
            previous = scalar
        }
        if previous == "_" { return nil }
        guard isPlainASCII(out) == .valid else { return nil }
        return Double(out)
    }
}
