/// How a rollout turns a context attribute into a bucket.
///
/// An enum so that importers of other vendors' formats can add their schemes (Unleash's
/// `murmur3("group:id") % 100 + 1`, flagd's weight scaling, LaunchDarkly's SHA-1) as cases,
/// evaluated with a switch and no existential.
package enum Bucketing: Sendable, Equatable {
    /// Burgee's native scheme (design §5): murmur3 x86_32 of `salt + "." + value` modulo `scale`.
    /// `prefix` holds the hasher state after `salt + "."`, computed once at compile time.
    case murmur3(prefix: Murmur3, scale: UInt32)

    /// The native bucketing for a salt and seed, over 100000 buckets.
    package static func native(salt: String, seed: UInt32?) -> Bucketing {
        var prefix = Murmur3(seed: seed ?? 0)
        prefix.combine(salt)
        prefix.combine(UInt8(ascii: "."))
        return .murmur3(prefix: prefix, scale: 100_000)
    }

    /// The number of buckets, which rollout weights sum to.
    package var scale: UInt32 {
        switch self {
        case .murmur3(_, let scale): return scale
        }
    }

    /// The bucket of an attribute value: a string as is, an integral number in decimal; anything
    /// else, or no value, is bucket 0.
    @inlinable
    package func bucket(of value: JSONValue?) -> UInt32 {
        switch self {
        case .murmur3(let prefix, let scale):
            var hasher = prefix
            switch value {
            case .string(let s)?:
                hasher.combine(s)
            case .number(let n)?:
                guard let i = JSONValue.exactInt64(n) else { return 0 }
                hasher.combineDecimal(i)
            default:
                return 0
            }
            return hasher.finalize() % scale
        }
    }
}
