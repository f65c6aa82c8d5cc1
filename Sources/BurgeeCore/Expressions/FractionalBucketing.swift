/// How `fractional` turns its bucketing value into a bucket: murmur3 (x86, 32 bits, seed 0) of
/// the value's bytes, then one of two scalings; or of the value encoded as canonical CBOR.
enum FractionalBucketing: Sendable {
    /// `bucket = (UInt64(h) * total) >> 32`: the first variant whose running weight sum exceeds it.
    case scaled
    /// `abs(Int32(bitPattern: h)) / Int32.max * 100` in floating point, weights as percentages of
    /// the total: the first variant whose running percentage exceeds it.
    case percentage
    /// The value (any JSON value) as canonical CBOR (``CBORHashing``), integral numbers as
    /// integers; then as ``scaled``.
    case cbor
}
