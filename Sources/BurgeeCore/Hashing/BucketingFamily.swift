/// How a rollout turns a context value into a bucket (dialects §6). Each case holds the hasher
/// state after its constant prefix, computed once when compiling, so that evaluation feeds only
/// the value and never builds the concatenated input.
package enum BucketingFamily: Sendable, Equatable {
    /// Burgee's native scheme: murmur3 x86_32 of `salt "." value` with the rollout's seed (default
    /// 0); bucket `h % 100000`.
    case native(prefix: Murmur3)
    /// Unleash's strategy rollouts (`flexibleRollout`, `gradualRollout*`): murmur3 x86_32 of
    /// `groupId ":" value`, seed 0; bucket `h % 100 + 1`, so 1...100.
    case unleashStrategy(prefix: Murmur3)
    /// Unleash's variant selection: murmur3 x86_32 of `groupId ":" value`, seed 86028157; bucket
    /// `h % totalWeight + 1`, so 1...totalWeight.
    case unleashVariant(prefix: Murmur3)
    /// flagd's `fractional` (v2, flagd ≥ 0.15): murmur3 x86_32 of the bucketing string, seed 0;
    /// bucket `(UInt64(h) * totalWeight) >> 32`, so 0..<totalWeight.
    case flagdFractional(prefix: Murmur3)
    /// LaunchDarkly: SHA-1 of `(seed ?? flagKey "." salt) "." value`; `h` is the value of the
    /// first 15 hex digits; bucket `Float(h) / Float(0xFFFFFFFFFFFFFFF)` in 32-bit Float.
    case launchDarkly(prefix: SHA1)

    /// Unleash's seed for variant hashing, distinct from the strategy's so that the two draws are
    /// independent.
    @usableFromInline static let unleashVariantSeed: UInt32 = 86_028_157

    /// The native family for a flag's salt (or a segment's key) and optional seed.
    package static func native(salt: String, seed: UInt32?) -> BucketingFamily {
        var prefix = Murmur3(seed: seed ?? 0)
        prefix.combine(salt)
        prefix.combine(UInt8(ascii: "."))
        return .native(prefix: prefix)
    }

    /// Unleash's strategy family for a group id (the strategy's `groupId`, by default the feature
    /// name).
    package static func unleashStrategy(groupId: String) -> BucketingFamily {
        var prefix = Murmur3(seed: 0)
        prefix.combine(groupId)
        prefix.combine(UInt8(ascii: ":"))
        return .unleashStrategy(prefix: prefix)
    }

    /// Unleash's variant family for a group id (the feature name, or the strategy's `groupId` for
    /// strategy variants).
    package static func unleashVariant(groupId: String) -> BucketingFamily {
        var prefix = Murmur3(seed: unleashVariantSeed)
        prefix.combine(groupId)
        prefix.combine(UInt8(ascii: ":"))
        return .unleashVariant(prefix: prefix)
    }

    /// flagd's `fractional` family. `prefix` is the constant start of the bucketing string: the
    /// flag key for the default input (`flagKey + targetingKey`), empty for a custom expression.
    package static func flagdFractional(prefix: String) -> BucketingFamily {
        var state = Murmur3(seed: 0)
        state.combine(prefix)
        return .flagdFractional(prefix: state)
    }

    /// LaunchDarkly's family. A rollout's `seed`, when present, replaces `flagKey "." salt`
    /// (written in decimal); a segment rule passes the segment's key and salt and no seed.
    package static func launchDarkly(flagKey: String, salt: String, seed: Int64?) -> BucketingFamily {
        var prefix = SHA1()
        if let seed {
            prefix.combineDecimal(seed)
        } else {
            prefix.combine(flagKey)
            prefix.combine(UInt8(ascii: "."))
            prefix.combine(salt)
        }
        prefix.combine(UInt8(ascii: "."))
        return .launchDarkly(prefix: prefix)
    }

    /// The bucket of a string value (its UTF-8 bytes after the prefix). `totalWeight` is used by
    /// the families whose scale is the weight total (unleashVariant, flagdFractional); others
    /// ignore it.
    @inlinable
    package func bucket(ofString value: String, totalWeight: UInt64) -> Bucket {
        bucket(ofHash: hash(ofString: value), totalWeight: totalWeight)
    }

    /// The bucket of an integer value, hashed as its decimal text.
    @inlinable
    package func bucket(ofInteger value: Int64, totalWeight: UInt64) -> Bucket {
        bucket(ofHash: hash(ofInteger: value), totalWeight: totalWeight)
    }

    /// The bucket a context lands in when it has no usable value (native and LaunchDarkly: bucket
    /// 0). Unleash and flagd do not bucket such a context at all (their callers decide first);
    /// for them this is `.integer(0)`.
    package var zeroBucket: Bucket {
        switch self {
        case .launchDarkly: return .fraction(0)
        case .native, .unleashStrategy, .unleashVariant, .flagdFractional: return .integer(0)
        }
    }

    /// The raw hash of prefix+value, for vectors and explain (murmur families: the UInt32;
    /// LaunchDarkly: the 60-bit value).
    @inlinable
    package func hash(ofString value: String) -> UInt64 {
        switch self {
        case .native(var hasher), .unleashStrategy(var hasher), .unleashVariant(var hasher),
             .flagdFractional(var hasher):
            hasher.combine(value)
            return UInt64(hasher.finalize())
        case .launchDarkly(var hasher):
            hasher.combine(value)
            return hasher.finalize().leading60Bits
        }
    }

    /// The raw hash of prefix+value for an integer value, hashed as its decimal text.
    @inlinable
    package func hash(ofInteger value: Int64) -> UInt64 {
        switch self {
        case .native(var hasher), .unleashStrategy(var hasher), .unleashVariant(var hasher),
             .flagdFractional(var hasher):
            hasher.combineDecimal(value)
            return UInt64(hasher.finalize())
        case .launchDarkly(var hasher):
            hasher.combineDecimal(value)
            return hasher.finalize().leading60Bits
        }
    }

    /// The bucket of a raw hash as `hash(ofString:)` returns it: the family's bucket rule alone.
    /// An Unleash variant with `totalWeight` 0 is bucket 0 rather than a division by zero (Unleash
    /// picks no variant then; its callers check first).
    @inlinable
    package func bucket(ofHash hash: UInt64, totalWeight: UInt64) -> Bucket {
        switch self {
        case .native:
            return .integer(hash % 100_000)
        case .unleashStrategy:
            return .integer(hash % 100 &+ 1)
        case .unleashVariant:
            guard totalWeight > 0 else { return .integer(0) }
            return .integer(hash % totalWeight &+ 1)
        case .flagdFractional:
            // The product of a 32-bit hash and a 64-bit total needs up to 96 bits; shifted right by
            // 32 it fits in 64 again.
            let product = hash.multipliedFullWidth(by: totalWeight)
            return .integer((product.high << 32) | (product.low >> 32))
        case .launchDarkly:
            // 32-bit Float throughout (dialects §4): the hash rounds to nearest straight from the
            // integer, the divisor rounds to 2^60, and a hash within 2^35 of 2^60 gives exactly 1.
            return .fraction(Float(hash) / Float(UInt64(0xFFF_FFFF_FFFF_FFFF)))
        }
    }
}

/// A bucket: an integer for the murmur3 families, a 32-bit fraction in [0, 1] for LaunchDarkly
/// (1 only when the 60-bit hash rounds up to 2^60 in Float, about once in 2^25).
package enum Bucket: Sendable, Equatable, CustomStringConvertible {
    /// A bucket of the murmur3 families.
    case integer(UInt64)
    /// A LaunchDarkly bucket.
    case fraction(Float)

    /// The bucket as a number: `62403`, `0.41722536`.
    package var description: String {
        switch self {
        case .integer(let n): return "\(n)"
        case .fraction(let f): return "\(f)"
        }
    }
}

/// Weights arranged once for a family's pick rule (dialects §6 "picks" column): native and flagd
/// pick the first variation whose running weight sum is > bucket; unleashStrategy and
/// unleashVariant the first whose running sum is >= bucket; LaunchDarkly adds
/// Float(weight) / 100000 in 32-bit Float and picks the first running sum > bucket, none -> the
/// last.
///
/// An in/out percentage is the pick between `[weight, scale - weight]`, index 0 meaning in: native
/// in iff bucket < weight (scale 100000); Unleash's strategy in iff pct > 0 && bucket <= pct (scale
/// 100; buckets start at 1, so pct 0 is never in); LaunchDarkly in iff bucket < Float(weight) /
/// 100000.
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
    }

    @usableFromInline let thresholds: Thresholds
    @usableFromInline let lastIndex: Int

    /// The sum of the weights (saturating at UInt64.max): the scale of the families that bucket
    /// by the weight total.
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
        totalWeight = total
        lastIndex = weights.count - 1
        switch family {
        case .native, .flagdFractional:
            thresholds = .above(sums)
        case .unleashStrategy, .unleashVariant:
            thresholds = .atLeast(sums)
        case .launchDarkly:
            // Accumulated in Float exactly as LaunchDarkly does: the rounding of each step decides
            // the boundaries.
            var sum: Float = 0
            thresholds = .aboveFraction(weights.map { weight in
                sum += Float(weight) / 100_000
                return sum
            })
        }
    }

    /// The index (into `weights`) picked for `bucket`; the last index when none is (only
    /// LaunchDarkly can get there, or weights that do not reach the scale). A bucket of another
    /// kind than the family's (integer vs fraction) picks the last index too.
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
        }
        return lastIndex
    }
}

extension BucketingFamily {
    /// The bucket of a context's attribute value: a string as is, an integral number in decimal;
    /// anything else, or no value, is the family's ``zeroBucket``.
    @inlinable
    package func bucket(of value: JSONValue?, totalWeight: UInt64) -> Bucket {
        switch value {
        case .string(let s)?:
            return bucket(ofString: s, totalWeight: totalWeight)
        case .number(let n)?:
            guard let i = JSONValue.exactInt64(n) else { return zeroBucket }
            return bucket(ofInteger: i, totalWeight: totalWeight)
        default:
            return zeroBucket
        }
    }
}
