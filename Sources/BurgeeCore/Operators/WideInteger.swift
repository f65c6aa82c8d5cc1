/// An integer as Python's unbounded `int` holds it: exact within ±(2^64 − 1), so that the values a
/// JSON number keeps exactly (``JSONNumber``) and texts of up to 20 digits that `int()` reads
/// compare exactly; beyond, every value of a sign is one value ("beyond"), above (or below) every
/// exact one, so only two values both beyond 2^64 in magnitude compare inexactly.
package struct WideInteger: Sendable, Hashable, Comparable {
    /// Whether it is below zero.
    let negative: Bool
    /// Whether its magnitude is beyond `UInt64.max`.
    let beyond: Bool
    /// Its magnitude, when not ``beyond``.
    let magnitude: UInt64

    /// A value of `magnitude` with a sign (zero has none), or beyond 64 bits.
    init(negative: Bool, magnitude: UInt64, beyond: Bool = false) {
        self.negative = negative && (magnitude != 0 || beyond)
        self.beyond = beyond
        self.magnitude = beyond ? .max : magnitude
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

    package static func < (a: WideInteger, b: WideInteger) -> Bool {
        if a.negative != b.negative { return a.negative }
        if a.beyond != b.beyond { return a.negative ? a.beyond : b.beyond }
        return a.negative ? a.magnitude > b.magnitude : a.magnitude < b.magnitude
    }
}
