/// A bucket: an integer for the murmur3 families, a 32-bit fraction in [0, 1] for LaunchDarkly
/// (1 only when the 60-bit hash rounds up to 2^60 in Float, about once in 2^25), a 64-bit fraction
/// in [0, 1] for Kameleoon (1 only when the 256-bit hash rounds up to 2^256 in Double).
package enum Bucket: Sendable, Equatable, CustomStringConvertible {
    /// A bucket of the murmur3 families.
    case integer(UInt64)
    /// A LaunchDarkly bucket.
    case fraction(Float)
    /// A Kameleoon bucket.
    case double(Double)

    /// The bucket as a number: `62403`, `0.41722536`, `0.9502115959913093`.
    package var description: String {
        switch self {
        case .integer(let n): return "\(n)"
        case .fraction(let f): return "\(f)"
        case .double(let d): return "\(d)"
        }
    }
}
