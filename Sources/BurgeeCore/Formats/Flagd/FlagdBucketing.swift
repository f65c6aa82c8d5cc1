extension BucketingFamily {
    /// flagd's `fractional` family (v2, flagd ≥ 0.15): murmur3 x86_32 of the bucketing string,
    /// seed 0, bucket 0..<totalWeight. `prefix` is the constant start of the bucketing string: the
    /// flag key for the default input (`flagKey + targetingKey`), empty for a custom expression.
    /// The interpreter's `fractional` hashes the same way (`Evaluator+JsonLogic.swift`).
    package static func flagdFractional(prefix: String) -> BucketingFamily {
        var state = Murmur3(seed: 0)
        state.combine(prefix)
        return .murmur3ScaledToWeight(prefix: state)
    }
}
