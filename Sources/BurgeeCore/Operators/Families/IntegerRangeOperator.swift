/// An integer within an inclusive range: a JSON number with an integral value, or a string that
/// Python's `int()` reads (`" 42"`, `"+7"`, `"1_000"`), as Split's numeric and date matchers
/// take their input. Booleans, fractions and other values never match.
package enum IntegerRangeOperator {
    @inline(__always)
    static func matches(_ value: JSONValue, _ lower: Double, _ upper: Double) -> Bool {
        let n: Double
        switch value {
        case .number(let number):
            let d = number.doubleValue
            guard d.rounded(.towardZero) == d, d.isFinite else { return false }
            n = d
        case .string(let s):
            guard let parsed = PythonInteger.parse(s) else { return false }
            n = parsed
        default:
            return false
        }
        return lower <= n && n <= upper
    }
}

/// Integers written as Python's `int()` reads them: surrounding whitespace, an optional sign,
/// decimal digits of any script with single underscores between them.
package enum PythonInteger {
    /// The value (as a `Double`, which holds every integer a JSON number can); `nil` when `int()`
    /// would refuse the text.
    package static func parse(_ text: some StringProtocol) -> Double? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars.removeFirst()
        }
        var value: Double = 0
        var digits = 0
        var previousUnderscore = false
        for scalar in scalars {
            if scalar == "_" {
                guard digits > 0, !previousUnderscore else { return nil }
                previousUnderscore = true
                continue
            }
            guard let digit = decimalDigit(scalar) else { return nil }
            value = value * 10 + Double(digit)
            digits += 1
            previousUnderscore = false
        }
        guard digits > 0, !previousUnderscore else { return nil }
        return negative ? -value : value
    }

    /// The value of a decimal digit of any script (Unicode category Nd).
    package static func decimalDigit(_ scalar: Unicode.Scalar) -> Int? {
        if scalar.value >= 0x30 && scalar.value <= 0x39 { return Int(scalar.value - 0x30) }
        guard scalar.value > 0x7F, scalar.properties.numericType == .decimal,
              let v = scalar.properties.numericValue else { return nil }
        return Int(v)
    }

    /// Python's `str.isspace`: Unicode white space and the ASCII separators 0x1C–0x1F.
    package static func isSpace(_ scalar: Unicode.Scalar) -> Bool {
        (scalar.value >= 0x1C && scalar.value <= 0x1F) || scalar.properties.isWhitespace
    }
}
