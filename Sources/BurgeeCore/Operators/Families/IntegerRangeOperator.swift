/// An integer within an inclusive range: a JSON number written as an integer, or a string that
/// Python's `int()` reads (`" 42"`, `"+7"`, `"1_000"`), as Split's numeric and date matchers take
/// their input (its Python SDK's `Sanitizer.ensure_int`). Booleans and numbers written with a
/// fraction or an exponent (`18.0` is a Python `float`) never match. Integers compare exactly, as
/// Python's do, up to 2^64 − 1 in magnitude (``WideInteger``).
package enum IntegerRangeOperator {
    @inline(__always)
    static func matches(_ value: JSONValue, _ lower: WideInteger, _ upper: WideInteger) -> Bool {
        let n: WideInteger
        switch value {
        case .number(let number):
            guard let exact = WideInteger(exactly: number) else { return false }
            n = exact
        case .string(let s):
            guard let parsed = PythonInteger.parseWide(s) else { return false }
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
        var value: Double = 0
        guard let negative = digits(of: text, { value = value * 10 + Double($0) }) else { return nil }
        return negative ? -value : value
    }

    /// The value, exact up to 2^64 − 1 in magnitude (``WideInteger``); `nil` when `int()` would
    /// refuse the text.
    package static func parseWide(_ text: some StringProtocol) -> WideInteger? {
        var magnitude: UInt64 = 0
        var beyond = false
        guard let negative = digits(of: text, { digit in
            let (tens, over) = magnitude.multipliedReportingOverflow(by: 10)
            let (sum, carry) = tens.addingReportingOverflow(UInt64(digit))
            if over || carry { beyond = true }
            magnitude = sum
        }) else { return nil }
        return WideInteger(negative: negative, magnitude: magnitude, beyond: beyond)
    }

    /// Calls `body` with each digit `int()` reads in `text`, most significant first; returns
    /// whether the number is negative, or `nil` when `int()` would refuse the text.
    private static func digits(of text: some StringProtocol, _ body: (Int) -> Void) -> Bool? {
        var scalars = Substring(text).unicodeScalars[...]
        while let first = scalars.first, isSpace(first) { scalars.removeFirst() }
        while let last = scalars.last, isSpace(last) { scalars.removeLast() }
        var negative = false
        if let sign = scalars.first, sign == "+" || sign == "-" {
            negative = sign == "-"
            scalars.removeFirst()
        }
        var digits = 0
        var previousUnderscore = false
        for scalar in scalars {
            if scalar == "_" {
                guard digits > 0, !previousUnderscore else { return nil }
                previousUnderscore = true
                continue
            }
            guard let digit = decimalDigit(scalar) else { return nil }
            body(digit)
            digits += 1
            previousUnderscore = false
        }
        guard digits > 0, !previousUnderscore else { return nil }
        return negative
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
