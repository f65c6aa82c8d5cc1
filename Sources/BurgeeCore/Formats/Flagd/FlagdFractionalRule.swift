extension FlagdLoweringOptions {
    /// Which of flagd's formulas `fractional` buckets with. A fleet's SDKs must agree on it, or
    /// contexts flip between variants.
    public enum FractionalRule: String, Sendable, Hashable, CaseIterable {
        /// flagd ≥ 0.15 (the default): `h = murmur3_x86_32(UTF-8 bytes, seed 0)`,
        /// `bucket = (UInt64(h) * total) >> 32`, the first variant whose running weight sum exceeds it.
        case v2
        /// flagd ≤ 0.14: `abs(Int32(bitPattern: h)) / Int32.max * 100` in floating point, weights as
        /// percentages of the total, the first variant whose running percentage exceeds it.
        case v1
        /// The bucketing value (any JSON value) encoded as canonical CBOR before hashing, integral
        /// numbers as integers; then as ``v2``.
        case cbor
    }
}

extension FlagdLoweringOptions.FractionalRule {
    /// The engine's bucketing for this rule.
    var bucketing: FractionalBucketing {
        switch self {
        case .v2: return .scaled
        case .v1: return .percentage
        case .cbor: return .cbor
        }
    }
}
