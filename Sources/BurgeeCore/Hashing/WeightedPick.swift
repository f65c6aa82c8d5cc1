/// Weights arranged once for a family's pick rule: the families whose buckets start at 0 (native,
/// flagd) pick the first variation whose running weight sum is > bucket; those whose buckets start
/// at 1 (Unleash's strategies and variants) the first whose running sum is >= bucket; the SHA-1
/// fraction (LaunchDarkly) adds Float(weight) / 100000 in 32-bit Float and picks the first running
/// sum > bucket, none -> the last; the SHA-256 fraction (Kameleoon) reads each weight as the bit
/// pattern of a Double fraction, adds them in Double and picks the first running sum >= bucket,
/// none -> the last.
///
/// An in/out percentage is the pick between `[weight, scale - weight]`, index 0 meaning in: native
/// in iff bucket < weight (scale 100000); Unleash's strategy in iff pct > 0 && bucket <= pct (scale
/// 100; buckets start at 1, so pct 0 is never in); LaunchDarkly in iff bucket < Float(weight) /
/// 100000; Kameleoon (`[e, 1 - e]` as bit patterns) in iff bucket <= e. A mutually exclusive
/// group's slot is ``init(slot:of:)``.
package struct WeightedPick: Sendable, Equatable {
    /// The running sums, in the form the family compares them.
    @usableFromInline
    enum Thresholds: Sendable, Equatable {
        /// Integer running sums; the first > bucket is picked.
        case above([UInt64])
        /// Integer running sums; the first >= bucket is picked.
        case atLeast([UInt64])
        /// Running sums of Float(weight) / 100000 in 32-bit Float; the first > bucket is picked.
        case aboveFraction([Float])
        /// Running sums of Double fractions; the first >= bucket is picked.
        case atLeastDouble([Double])
        /// One slot of `count` equal slots over [0, 1]: picked (index 0) when the bucket's slot
        /// `min(floor(bucket * count), count - 1)` is `slot`, else index 1.
        case slot(Double, count: Double)
        /// Half-open integer ranges, as `start, end` pairs: picked (index 0) when the bucket is in
        /// any of them, else index 1.
        case ranges([UInt64])
    }

    @usableFromInline let thresholds: Thresholds
    @usableFromInline let lastIndex: Int

    /// The sum of the weights (saturating at UInt64.max): the scale of the families that bucket
    /// by the weight total. 1 for ``BucketingFamily/sha256Fraction(suffix:)`` and slots: their
    /// buckets are fractions of 1 (bit patterns of Doubles add up to nothing meaningful).
    package let totalWeight: UInt64

    /// Arranges `weights` (at least one) for `family`'s pick rule.
    package init(family: BucketingFamily, weights: [UInt64]) {
        precondition(!weights.isEmpty, "a weighted pick needs at least one weight")
        var total: UInt64 = 0
        var sums: [UInt64] = []
        sums.reserveCapacity(weights.count)
        for weight in weights {
            let (sum, overflow) = total.addingReportingOverflow(weight)
            total = overflow ? .max : sum
            sums.append(total)
        }
        lastIndex = weights.count - 1
        var scale = total
        switch family {
        case .murmur3Per100000, .murmur3ScaledToWeight, .md5Shard:
            thresholds = .above(sums)
        case .murmur3Percent, .murmur3OfWeight, .polynomialPercent:
            thresholds = .atLeast(sums)
        case .sha1Fraction:
            // Accumulated in Float exactly as LaunchDarkly does: the rounding of each step decides
            // the boundaries.
            var sum: Float = 0
            thresholds = .aboveFraction(weights.map { weight in
                sum += Float(weight) / 100_000
                return sum
            })
        case .sha256Fraction:
            // Added in Double in order, as Kameleoon's SDK adds the expositions.
            scale = 1
            var sum: Double = 0
            thresholds = .atLeastDouble(weights.map { weight in
                sum += Double(bitPattern: weight)
                return sum
            })
        }
        totalWeight = scale
    }

    /// The pick of slot `slot` among `count` equal slots (a mutually exclusive group of `count`
    /// flags; ``BucketingFamily/sha256Fraction(suffix:)``): index 0 iff
    /// `min(floor(bucket * count), count - 1) == slot`, else index 1.
    package init(slot: Int, of count: Int) {
        precondition(count > 0 && (0..<count).contains(slot), "a slot is one of at least one")
        thresholds = .slot(Double(slot), count: Double(count))
        lastIndex = 1
        totalWeight = 1
    }

    /// The pick of a bucket in `0..<scale` falling in any of `ranges` (each `start..<end`): index 0
    /// iff `start <= bucket < end` for one of them, else index 1 (the UFC formats' shards,
    /// ``BucketingFamily/md5Shard(prefix:)``, `scale` their `totalShards`).
    package init(ranges: [(start: UInt64, end: UInt64)], scale: UInt64) {
        thresholds = .ranges(ranges.flatMap { [$0.start, $0.end] })
        lastIndex = 1
        totalWeight = scale
    }

    /// The index (into `weights`) picked for `bucket`; the last index when none is (only
    /// LaunchDarkly and Kameleoon can get there, or weights that do not reach the scale). A bucket
    /// of another kind than the family's (integer vs fraction) picks the last index too.
    @inlinable
    package func index(for bucket: Bucket) -> Int {
        switch thresholds {
        case .above(let sums):
            guard case .integer(let b) = bucket else { break }
            for i in sums.indices where sums[i] > b { return i }
        case .atLeast(let sums):
            guard case .integer(let b) = bucket else { break }
            for i in sums.indices where sums[i] >= b { return i }
        case .aboveFraction(let sums):
            guard case .fraction(let b) = bucket else { break }
            for i in sums.indices where sums[i] > b { return i }
        case .atLeastDouble(let sums):
            guard case .double(let b) = bucket else { break }
            for i in sums.indices where sums[i] >= b { return i }
        case .slot(let slot, let count):
            guard case .double(let b) = bucket else { break }
            // In Double, as the SDK computes it; a bucket of 1 falls in the last slot.
            return Swift.min((b * count).rounded(.down), count - 1) == slot ? 0 : 1
        case .ranges(let bounds):
            guard case .integer(let b) = bucket else { break }
            var i = 0
            while i &+ 1 < bounds.count {
                if bounds[i] <= b && b < bounds[i &+ 1] { return 0 }
                i &+= 2
            }
            return 1
        }
        return lastIndex
    }
}

extension WeightedPick {
    /// The buckets that pick `index`, `lower..<upper` (or `lower...upper` for the families that
    /// pick the first sum at least the bucket), in the family's bucket units, for `explain`;
    /// `nil` for a slot or ranges, and for an index past the weights.
    package func bounds(of index: Int) -> (lower: Double, upper: Double)? {
        func bounds(_ sums: [Double]) -> (lower: Double, upper: Double)? {
            guard index >= 0, index < sums.count else { return nil }
            return (index == 0 ? 0 : sums[index - 1], sums[index])
        }
        switch thresholds {
        case .above(let sums), .atLeast(let sums): return bounds(sums.map { Double($0) })
        case .aboveFraction(let sums): return bounds(sums.map { Double($0) })
        case .atLeastDouble(let sums): return bounds(sums)
        case .slot, .ranges: return nil
        }
    }

    /// The share of buckets each index is picked for, as fractions of 1 in index order, for a
    /// person reading the rollout (the flag explorer): differences of the running sums over their
    /// total; for a slot or ranges, the share of index 0 and the rest for index 1.
    package var shares: [Double] {
        func differences(_ sums: [Double], total: Double) -> [Double] {
            guard total > 0 else { return sums.map { _ in 0 } }
            var previous = 0.0
            return sums.map { sum in
                defer { previous = sum }
                return (sum - previous) / total
            }
        }
        switch thresholds {
        case .above(let sums), .atLeast(let sums):
            let doubles = sums.map { Double($0) }
            return differences(doubles, total: doubles.last ?? 0)
        case .aboveFraction(let sums):
            return differences(sums.map { Double($0) }, total: 1)
        case .atLeastDouble(let sums):
            return differences(sums, total: 1)
        case .slot(_, let count):
            return [1 / count, 1 - 1 / count]
        case .ranges(let bounds):
            var inside: UInt64 = 0
            var i = 0
            while i + 1 < bounds.count {
                inside += bounds[i + 1] &- bounds[i]
                i += 2
            }
            let share = totalWeight == 0 ? 0 : Double(inside) / Double(totalWeight)
            return [share, 1 - share]
        }
    }
}
