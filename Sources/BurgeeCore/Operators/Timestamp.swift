/// An instant in time, as the `before` and `after` operators compare it.
///
/// A timestamp comes from an RFC 3339 date-time string or from a number of Unix milliseconds.
/// RFC 3339 text must have the shape `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)`, where `T` and `Z`
/// may be lowercase and the fraction has any number of digits (at least one). Impossible dates and
/// times are rejected: month 1–12, day within its month (February 29 only in leap years), hour 0–23,
/// minute 0–59, second 0–59 (a leap second `:60` is rejected, as most date libraries do), offset
/// hours 0–23 and minutes 0–59. A date alone, a missing offset, a space instead of `T`, or a number
/// written as a string are not timestamps.
///
/// Comparison is by instant, offsets applied, and exact at any fraction length: the first 18
/// fraction digits are held as an integer and any further digits as a slice of the parsed text.
/// Parsing and comparing allocate nothing.
package struct Timestamp: Sendable {
    /// Whole seconds since 1970-01-01T00:00:00Z, rounded down.
    let seconds: Int64
    /// The part of a second after `seconds`, in units of 10⁻¹⁸ s: 0 ..< 10¹⁸.
    let attoseconds: UInt64
    /// Fraction digits beyond the 18th, trailing zeros removed, so it is empty when they are all 0.
    /// Comparing such digit strings byte by byte orders them numerically.
    let finerDigits: Substring

    /// Whole seconds since 1970-01-01T00:00:00Z, rounded down.
    package var unixSeconds: Int64 { seconds }

    /// Whole Unix milliseconds, rounded down.
    package var unixMilliseconds: Int64 { seconds &* 1000 &+ Int64(attoseconds / 1_000_000_000_000_000) }

    init(seconds: Int64, attoseconds: UInt64, finerDigits: Substring = Substring()) {
        self.seconds = seconds
        self.attoseconds = attoseconds
        self.finerDigits = finerDigits
    }

    /// Parses an RFC 3339 date-time with an offset; `nil` for any other shape or an impossible date.
    package init?(rfc3339 text: String) {
        self.init(rfc3339: text[...])
    }

    /// Parses an RFC 3339 date-time with an offset; `nil` for any other shape or an impossible date.
    ///
    /// Fraction digits beyond the 18th keep a reference to `text`'s storage rather than a copy.
    package init?(rfc3339 text: Substring) {
        let scanned: Layout? = text.withUTF8Bytes { Self.scan($0) }
        guard let layout = scanned else { return nil }
        var finer = Substring()
        if !layout.finerDigits.isEmpty {
            let utf8 = text.utf8
            // O(1) on native strings; the offsets are ASCII, so they fall on character boundaries.
            let lower = utf8.index(utf8.startIndex, offsetBy: layout.finerDigits.lowerBound)
            let upper = utf8.index(lower, offsetBy: layout.finerDigits.count)
            finer = text[lower..<upper]
        }
        self.init(seconds: layout.seconds, attoseconds: layout.attoseconds, finerDigits: finer)
    }

    /// The instant `unixMilliseconds` ms after 1970-01-01T00:00:00Z; `nil` if it is NaN or infinite.
    ///
    /// Integral values are converted exactly with integer arithmetic. A fractional value is converted
    /// exactly down to 10⁻¹⁸ s and rounded toward the past below that; this loses nothing from
    /// ±2³⁷ ms (mid-1974 and mid-1965) outward, where a `Double`'s spacing is a whole number of
    /// attoseconds. Values beyond ±2⁶³ seconds (about ±292 billion years) saturate at that bound.
    package init?(unixMilliseconds: Double) {
        guard unixMilliseconds.isFinite else { return nil }
        let negative = unixMilliseconds < 0
        let magnitude = unixMilliseconds.magnitude
        let wholeMagnitude = magnitude.rounded(.down)
        // Exact: `wholeMagnitude <= magnitude < 2 * wholeMagnitude` when it is not 0 (Sterbenz).
        let fraction = magnitude - wholeMagnitude

        guard wholeMagnitude < 9_223_372_036_854_775_808.0 else {
            // ≥ 2⁶³ ms: no fractional part is left at this size; divide the 128-bit integer exactly.
            self = Self.hugeMilliseconds(wholeMagnitude, negative: negative)
            return
        }
        var milliseconds = Int64(wholeMagnitude)
        var subMillisecond: UInt64 = 0  // in 10⁻¹⁸ s; one millisecond is 10¹⁵ of them
        if fraction != 0 {
            if negative {
                // -(m + f) = -(m + 1) + (1 - f)
                milliseconds = -milliseconds - 1
                subMillisecond = 1_000_000_000_000_000 - Self.scaledByMillisecond(fraction, roundingUp: true)
            } else {
                subMillisecond = Self.scaledByMillisecond(fraction, roundingUp: false)
            }
        } else if negative {
            milliseconds = -milliseconds
        }
        let (quotient, remainder) = milliseconds.quotientAndRemainder(dividingBy: 1000)
        let (secs, ms) = remainder < 0 ? (quotient - 1, remainder + 1000) : (quotient, remainder)
        self.init(seconds: secs, attoseconds: UInt64(ms) * 1_000_000_000_000_000 + subMillisecond)
    }

    /// The timestamp in a context attribute or clause value: a number is Unix milliseconds, a string
    /// is RFC 3339; any other value, or a string that is not a valid date-time, gives `nil`.
    package init?(attribute: JSONValue) {
        switch attribute {
        case .number(let milliseconds): self.init(unixMilliseconds: milliseconds.doubleValue)
        case .string(let text): self.init(rfc3339: text)
        default: return nil
        }
    }
}

// MARK: - Unix milliseconds

extension Timestamp {
    /// `fraction` (in [0, 1) ms) in units of 10⁻¹⁸ s, rounded down or up, computed exactly.
    private static func scaledByMillisecond(_ fraction: Double, roundingUp: Bool) -> UInt64 {
        let scale = 1e15
        let product = fraction * scale
        // The rounding error of a product is itself a double, and a fused multiply-add yields it exactly.
        let error = (-product).addingProduct(fraction, scale)
        let down = product.rounded(.down)
        let up = product.rounded(.up)
        // A non-integral `product` sits at least one ulp from any integer, farther than `error`
        // (at most half an ulp) can move it, so only an integral `product` needs the correction.
        if roundingUp {
            return UInt64(up == product && error > 0 ? up + 1 : up)
        } else {
            return UInt64(down == product && error < 0 ? down - 1 : down)
        }
    }

    /// A whole number of milliseconds of magnitude ≥ 2⁶³, which needs more than 64 bits.
    private static func hugeMilliseconds(_ magnitude: Double, negative: Bool) -> Timestamp {
        let saturated = Timestamp(seconds: negative ? .min : .max, attoseconds: 0)
        // 1000 · 2⁶³ ms is the first value whose seconds overflow Int64.
        guard magnitude < 9_223_372_036_854_775_808_000.0 else { return saturated }
        // magnitude = significand · 2^shift, with shift in 11 ... 73 and significand < 2⁵³.
        let significand = magnitude.significandBitPattern | (1 << 52)
        let shift = Int(magnitude.exponent) - 52
        // Swift's shifts saturate: `>>` by a negative amount shifts left, `<<` by 64 or more gives 0.
        let high = significand >> (64 - shift)
        let low = significand << shift
        let (quotient, remainder) = UInt64(1000).dividingFullWidth((high, low))
        guard quotient <= UInt64(Int64.max) else { return saturated }
        if !negative {
            return Timestamp(seconds: Int64(quotient), attoseconds: remainder * 1_000_000_000_000_000)
        }
        if remainder == 0 { return Timestamp(seconds: -Int64(quotient), attoseconds: 0) }
        return Timestamp(seconds: -Int64(quotient) - 1, attoseconds: (1000 - remainder) * 1_000_000_000_000_000)
    }
}

// MARK: - RFC 3339

extension Timestamp {
    private struct Layout {
        var seconds: Int64
        var attoseconds: UInt64
        var finerDigits: Range<Int>
    }

    private static let zero = UInt8(ascii: "0")

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Layout? {
        let count = bytes.count
        // The shortest valid form is `YYYY-MM-DDTHH:MM:SSZ`.
        guard count >= 20,
              bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
              bytes[10] | 0x20 == UInt8(ascii: "t"),
              bytes[13] == UInt8(ascii: ":"), bytes[16] == UInt8(ascii: ":"),
              let year = digits(bytes, 0, 4), let month = digits(bytes, 5, 2), let day = digits(bytes, 8, 2),
              let hour = digits(bytes, 11, 2), let minute = digits(bytes, 14, 2), let second = digits(bytes, 17, 2)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= daysInMonth(month, year: year),
              hour < 24, minute < 60, second < 60 else { return nil }

        var i = 19
        var attoseconds: UInt64 = 0
        var finer = 0..<0
        if bytes[i] == UInt8(ascii: ".") {
            i += 1
            let start = i
            var lastNonZero = start
            while i < count, isDigit(bytes[i]) {
                if i - start < 18 {
                    attoseconds = attoseconds * 10 + UInt64(bytes[i] &- zero)
                } else if bytes[i] != zero {
                    lastNonZero = i + 1
                }
                i += 1
            }
            let length = i - start
            guard length > 0 else { return nil }
            for _ in min(length, 18)..<18 { attoseconds *= 10 }
            if length > 18, lastNonZero > start + 18 { finer = (start + 18)..<lastNonZero }
        }

        guard i < count else { return nil }
        var offsetSeconds: Int64 = 0
        switch bytes[i] {
        case UInt8(ascii: "Z"), UInt8(ascii: "z"):
            i += 1
        case UInt8(ascii: "+"), UInt8(ascii: "-"):
            guard count - i == 6, bytes[i + 3] == UInt8(ascii: ":"),
                  let offsetHours = digits(bytes, i + 1, 2), let offsetMinutes = digits(bytes, i + 4, 2),
                  offsetHours < 24, offsetMinutes < 60 else { return nil }
            offsetSeconds = Int64(offsetHours * 3600 + offsetMinutes * 60)
            if bytes[i] == UInt8(ascii: "-") { offsetSeconds = -offsetSeconds }
            i += 6
        default:
            return nil
        }
        guard i == count else { return nil }

        let days = daysSinceEpoch(year: year, month: month, day: day)
        // Local time minus its offset is UTC.
        let seconds = days * 86_400 + Int64(hour * 3600 + minute * 60 + second) - offsetSeconds
        return Layout(seconds: seconds, attoseconds: attoseconds, finerDigits: finer)
    }

    /// The value of `length` ASCII digits at `start`, or `nil` if any is not a digit.
    @inline(__always)
    private static func digits(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ length: Int) -> Int? {
        var value = 0
        for i in start..<(start + length) {
            guard isDigit(bytes[i]) else { return nil }
            value = value * 10 + Int(bytes[i] &- zero)
        }
        return value
    }

    @inline(__always)
    private static func isDigit(_ byte: UInt8) -> Bool {
        byte &- zero < 10
    }

    /// The number of days of `month` (1…12) in `year`.
    /// An RFC 3339 UTC time with milliseconds (`2026-11-24T01:02:03.456Z`), as services' event
    /// bodies carry them (Unleash's metrics, Eppo's assignment events).
    package static func rfc3339(millisecondsSinceEpoch ms: Int64) -> String {
        let millisecond = Int(((ms % 1000) + 1000) % 1000)
        let seconds = (ms - Int64(millisecond)) / 1000
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = Int(seconds - days * 86_400)
        let (civilYear, month, day) = civil(fromDays: days)
        let year = Int(civilYear)
        func pad(_ value: Int, _ width: Int) -> String {
            let text = String(value)
            return String(repeating: "0", count: max(0, width - text.count)) + text
        }
        return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))T\(pad(secondOfDay / 3600, 2)):"
            + "\(pad(secondOfDay / 60 % 60, 2)):\(pad(secondOfDay % 60, 2)).\(pad(millisecond, 3))Z"
    }

    package static func daysInMonth(_ month: Int, year: Int) -> Int {
        switch month {
        case 2:
            let leap = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
            return leap ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }

    /// Days from 1970-01-01 to a proleptic Gregorian date, counting years in 400-year eras.
    package static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int64 {
        // Start years in March so that the leap day is the last day of the year.
        let y = Int64(month <= 2 ? year - 1 : year)
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = Int64((153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1)
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The proleptic Gregorian date of a day counted from 1970-01-01, the inverse of
    /// ``daysSinceEpoch(year:month:day:)``.
    package static func civil(fromDays days: Int64) -> (year: Int64, month: Int, day: Int) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = Int(dayOfYear - (153 * mp + 2) / 5 + 1)
        let month = Int(mp < 10 ? mp + 3 : mp - 9)
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

// MARK: - Ordering

extension Timestamp: Comparable {
    /// The same instant, to the last fraction digit.
    package static func == (lhs: Timestamp, rhs: Timestamp) -> Bool {
        lhs.seconds == rhs.seconds && lhs.attoseconds == rhs.attoseconds
            && lhs.finerDigits.utf8.elementsEqual(rhs.finerDigits.utf8)
    }

    /// Whether `lhs` is the earlier instant.
    package static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        if lhs.seconds != rhs.seconds { return lhs.seconds < rhs.seconds }
        if lhs.attoseconds != rhs.attoseconds { return lhs.attoseconds < rhs.attoseconds }
        // Both digit strings start at the same decimal place and end in a non-zero digit, so the
        // lexicographic order is the numeric one (a proper prefix is the smaller number).
        return lhs.finerDigits.utf8.lexicographicallyPrecedes(rhs.finerDigits.utf8)
    }
}

extension Timestamp: Hashable {
    /// Hashes what ``==`` compares.
    package func hash(into hasher: inout Hasher) {
        hasher.combine(seconds)
        hasher.combine(attoseconds)
        for byte in finerDigits.utf8 { hasher.combine(byte) }
    }
}
