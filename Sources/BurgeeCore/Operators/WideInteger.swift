/// An integer as Python's unbounded `int` holds it: exact within ±(2^64 − 1), so that the values a
/// JSON number keeps exactly (``JSONNumber``) and texts of up to 20 digits that `int()` reads
/// compare exactly; beyond, every value of a sign is one value ("beyond"), above (or below) every
/// exact one, so only two values both beyond 2^64 in magnitude compare inexactly.
///
/// Stored as the value plus 2^64 in two words, so that comparing is comparing two pairs: `high` is 0
/// for the exact negative values (`low` = 2^64 − magnitude) and for those beyond (`low` = 0), 1 for
/// the exact non-negative ones (`low` = the value), 2 for those beyond.
package struct WideInteger: Sendable, Hashable, Comparable {
    private let high: UInt64
    private let low: UInt64

    /// A value of `magnitude` with a sign (zero has none), or one beyond 64 bits.
    init(negative: Bool, magnitude: UInt64, beyond: Bool = false) {
        switch (negative, beyond) {
        case (_, false) where magnitude == 0: (high, low) = (1, 0)
        case (true, false): (high, low) = (0, 0 &- magnitude)
        case (false, false): (high, low) = (1, magnitude)
        case (true, true): (high, low) = (0, 0)
        case (false, true): (high, low) = (2, 0)
        }
    }

    /// An exact integer.
    init(_ value: Int64) {
        self.init(negative: value < 0, magnitude: value.magnitude)
    }

    /// An exact integer.
    init(_ value: UInt64) {
        self.init(negative: false, magnitude: value)
    }

    /// The largest value: every integer beyond 2^64 − 1.
    static let max = WideInteger(negative: false, magnitude: .max, beyond: true)
    /// The smallest value: every integer below −(2^64 − 1).
    static let min = WideInteger(negative: true, magnitude: .max, beyond: true)

    /// The least integer at or above `value` (saturated); `nil` for NaN.
    init?(ceiling value: Double) {
        guard !value.isNaN else { return nil }
        self.init(integral: value.rounded(.up))
    }

    /// The greatest integer at or below `value` (saturated); `nil` for NaN.
    init?(floor value: Double) {
        guard !value.isNaN else { return nil }
        self.init(integral: value.rounded(.down))
    }

    private init(integral value: Double) {
        // 2^64 is the first double beyond UInt64's range.
        guard value.magnitude < 18_446_744_073_709_551_616.0 else {
            self = value < 0 ? .min : .max
            return
        }
        self.init(negative: value < 0, magnitude: UInt64(value.magnitude))
    }

    /// The exact integer a JSON number holds, when it was written as an integer (not `1.0`).
    init?(exactly number: JSONNumber) {
        switch number.storage {
        case .integer(let value): self.init(value)
        case .unsigned(let value): self.init(value)
        case .double: return nil
        }
    }

    @inline(__always)
    package static func < (a: WideInteger, b: WideInteger) -> Bool {
        (a.high, a.low) < (b.high, b.low)
    }
}
