/// A rollout ready to evaluate: how to bucket, and which variation each bucket range serves.
final class CompiledRollout: Sendable {
    let isExperiment: Bool
    let contextKind: String
    let bucketBy: AttributeReference
    let bucketing: Bucketing
    /// Variation indices and the exclusive upper end of their bucket range (the running weight sum).
    let variations: [Int]
    let upperBounds: [UInt32]

    init(isExperiment: Bool, contextKind: String, bucketBy: AttributeReference, bucketing: Bucketing,
         variations: [Int], upperBounds: [UInt32]) {
        self.isExperiment = isExperiment
        self.contextKind = contextKind
        self.bucketBy = bucketBy
        self.bucketing = bucketing
        self.variations = variations
        self.upperBounds = upperBounds
    }

    /// The variation for `bucket`: the first whose running weight sum exceeds it.
    @inline(__always)
    func variation(forBucket bucket: UInt32) -> Int {
        for i in 0..<upperBounds.count where bucket < upperBounds[i] {
            return variations[i]
        }
        // Unreachable when the weights sum to the bucketing scale, which the compiler ensures.
        return variations[variations.count - 1]
    }
}
