/// How a rollout turns a context value into a bucket (dialects §6). Each case holds the hasher
/// state after its constant prefix, computed once when compiling.
package enum BucketingFamily: Sendable, Equatable {
    /// Burgee's native scheme: murmur3 x86_32 of `salt "." value`, bucket `h % 100000`.
    case native(prefix: Murmur3)

    /// The native family for a salt and seed.
    package static func native(salt: String, seed: UInt32?) -> BucketingFamily {
        var prefix = Murmur3(seed: seed ?? 0)
        prefix.combine(salt)
        prefix.combine(UInt8(ascii: "."))
        return .native(prefix: prefix)
    }

    /// The bucket of a string value.
    @inlinable
    package func bucket(ofString value: String, totalWeight: UInt64) -> Bucket {
        switch self {
        case .native(let prefix):
            var hasher = prefix
            hasher.combine(value)
            return .integer(UInt64(hasher.finalize() % 100_000))
        }
    }

    /// The bucket of an integer value, hashed as its decimal text.
    @inlinable
    package func bucket(ofInteger value: Int64, totalWeight: UInt64) -> Bucket {
        switch self {
        case .native(let prefix):
            var hasher = prefix
            hasher.combineDecimal(value)
            return .integer(UInt64(hasher.finalize() % 100_000))
        }
    }

    /// The bucket of a context without a usable value.
    package var zeroBucket: Bucket { .integer(0) }
}

/// A bucket: an integer for the murmur3 families, a 32-bit fraction for LaunchDarkly.
package enum Bucket: Sendable, Equatable, CustomStringConvertible {
    case integer(UInt64)
    case fraction(Float)

    package var description: String {
        switch self {
        case .integer(let n): return "\(n)"
        case .fraction(let f): return "\(f)"
        }
    }
}

/// Weights arranged once for a family's pick rule.
package struct WeightedPick: Sendable, Equatable {
    @usableFromInline let upperBounds: [UInt64]
    package let totalWeight: UInt64

    package init(family: BucketingFamily, weights: [UInt64]) {
        var sum: UInt64 = 0
        var bounds: [UInt64] = []
        for w in weights {
            sum &+= w
            bounds.append(sum)
        }
        upperBounds = bounds
        totalWeight = sum
    }

    /// The index picked for `bucket`.
    @inlinable
    package func index(for bucket: Bucket) -> Int {
        guard case .integer(let b) = bucket else { return upperBounds.count - 1 }
        for i in 0..<upperBounds.count where b < upperBounds[i] { return i }
        return upperBounds.count - 1
    }
}
