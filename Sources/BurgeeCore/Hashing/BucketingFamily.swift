/// How a rollout turns a context value into a bucket: one case per hash formula, named by what it
/// computes. Each case holds the hasher state after its constant prefix, computed once when
/// compiling, so that evaluation feeds only the value and never builds the concatenated input
/// (a family whose constant part follows the value holds that suffix instead).
///
/// Which prefix, seed and separator a format uses is the format's: the constructors live beside
/// each format (`Formats/<Format>/<Format>Bucketing.swift`).
package enum BucketingFamily: Sendable, Equatable {
    /// murmur3 x86_32 of prefix + value; bucket `h % 100000` (native rollouts).
    case murmur3Per100000(prefix: Murmur3)
    /// murmur3 x86_32 of prefix + value; bucket `h % 100 + 1`, so 1...100 (Unleash's strategy
    /// rollouts).
    case murmur3Percent(prefix: Murmur3)
    /// murmur3 x86_32 of prefix + value; bucket `h % totalWeight + 1`, so 1...totalWeight
    /// (Unleash's variants).
    case murmur3OfWeight(prefix: Murmur3)
    /// murmur3 x86_32 of prefix + value; bucket `(UInt64(h) * totalWeight) >> 32`, so
    /// 0..<totalWeight (flagd's `fractional`).
    case murmur3ScaledToWeight(prefix: Murmur3)
    /// SHA-1 of prefix + value; `h` is the value of the first 15 hex digits; bucket
    /// `Float(h) / Float(0xFFFFFFFFFFFFFFF)` in 32-bit Float (LaunchDarkly).
    case sha1Fraction(prefix: SHA1)
    /// The polynomial hash of prefix + value (``PolynomialHash``), signed; bucket
    /// `|h| % 100 + 1`, so 1...100 (Split's legacy algorithm).
    case polynomialPercent(prefix: PolynomialHash)
    /// SHA-256 of value + suffix (the value first); the digest read as a 256-bit big-endian
    /// integer over 2^256, correctly rounded to a Double; bucket that Double, in [0, 1]
    /// (Kameleoon). Its ``hash(ofString:)`` is the Double's bit pattern.
    case sha256Fraction(suffix: String)
    /// MD5 of prefix + value; `h` is its first four bytes read big-endian; bucket
    /// `h % totalWeight`, so 0..<totalWeight (the UFC formats' shards, `totalShards` the
    /// weight total).
    case md5Shard(prefix: MD5)

    /// The bucket of a string value (its UTF-8 bytes after the prefix). `totalWeight` is used by
    /// the families whose scale is the weight total (murmur3OfWeight, murmur3ScaledToWeight);
    /// others ignore it.
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
        case .sha1Fraction: return .fraction(0)
        case .sha256Fraction: return .double(0)
        case .md5Shard, .murmur3Per100000, .murmur3Percent, .murmur3OfWeight, .murmur3ScaledToWeight, .polynomialPercent: return .integer(0)
        }
    }

    /// The raw hash of prefix+value, for vectors and explain (murmur families: the UInt32;
    /// SHA-1: the 60-bit value; the polynomial hash: its 32 bits, `UInt32(bitPattern:)`; SHA-256
    /// of value+suffix: the bit pattern of its Double fraction, `Double(bitPattern:)` reads it).
    @inlinable
    package func hash(ofString value: String) -> UInt64 {
        switch self {
        case .murmur3Per100000(var hasher), .murmur3Percent(var hasher), .murmur3OfWeight(var hasher),
             .murmur3ScaledToWeight(var hasher):
            hasher.combine(value)
            return UInt64(hasher.finalize())
        case .sha1Fraction(var hasher):
            hasher.combine(value)
            return hasher.finalize().leading60Bits
        case .polynomialPercent(var hasher):
            hasher.combine(value)
            return UInt64(UInt32(bitPattern: hasher.finalize()))
        case .sha256Fraction(let suffix):
            var hasher = SHA256()
            hasher.combine(value)
            hasher.combine(suffix)
            return hasher.finalize().fraction.bitPattern
        case .md5Shard(var hasher):
            hasher.combine(value)
            return UInt64(hasher.finalize().leading32Bits)
        }
    }

    /// The raw hash of prefix+value for an integer value, hashed as its decimal text.
    @inlinable
    package func hash(ofInteger value: Int64) -> UInt64 {
        switch self {
        case .murmur3Per100000(var hasher), .murmur3Percent(var hasher), .murmur3OfWeight(var hasher),
             .murmur3ScaledToWeight(var hasher):
            hasher.combineDecimal(value)
            return UInt64(hasher.finalize())
        case .sha1Fraction(var hasher):
            hasher.combineDecimal(value)
            return hasher.finalize().leading60Bits
        case .polynomialPercent(var hasher):
            hasher.combineDecimal(value)
            return UInt64(UInt32(bitPattern: hasher.finalize()))
        case .sha256Fraction(let suffix):
            var hasher = SHA256()
            hasher.combineDecimal(value)
            hasher.combine(suffix)
            return hasher.finalize().fraction.bitPattern
        case .md5Shard(var hasher):
            hasher.combineDecimal(value)
            return UInt64(hasher.finalize().leading32Bits)
        }
    }

    /// The bucket of a raw hash as `hash(ofString:)` returns it: the family's bucket rule alone.
    /// ``murmur3OfWeight`` with `totalWeight` 0 is bucket 0 rather than a division by zero (Unleash
    /// picks no variant then; its callers check first). ``sha256Fraction`` reads the hash as a
    /// Double's bit pattern, so it has no use for random draws (Kameleoon has none).
    @inlinable
    package func bucket(ofHash hash: UInt64, totalWeight: UInt64) -> Bucket {
        switch self {
        case .murmur3Per100000:
            return .integer(hash % 100_000)
        case .murmur3Percent:
            return .integer(hash % 100 &+ 1)
        case .murmur3OfWeight:
            guard totalWeight > 0 else { return .integer(0) }
            return .integer(hash % totalWeight &+ 1)
        case .murmur3ScaledToWeight:
            // The product of a 32-bit hash and a 64-bit total needs up to 96 bits; shifted right by
            // 32 it fits in 64 again.
            let product = hash.multipliedFullWidth(by: totalWeight)
            return .integer((product.high << 32) | (product.low >> 32))
        case .sha1Fraction:
            // 32-bit Float throughout, as LaunchDarkly's SDKs compute it: the hash rounds to nearest
            // straight from the integer, the divisor rounds to 2^60, and a hash within 2^35 of 2^60
            // gives exactly 1.
            return .fraction(Float(hash) / Float(UInt64(0xFFF_FFFF_FFFF_FFFF)))
        case .polynomialPercent:
            // |h| of the signed hash; -2^31 has magnitude 2^31, bucket 49.
            return .integer(UInt64(Int32(truncatingIfNeeded: hash).magnitude) % 100 &+ 1)
        case .sha256Fraction:
            return .double(Double(bitPattern: hash))
        case .md5Shard:
            guard totalWeight > 0 else { return .integer(0) }
            return .integer(hash % totalWeight)
        }
    }
}

extension BucketingFamily {
    /// The bucket of a context's attribute value: a string as is, an integral number in decimal;
    /// anything else, or no value, is the family's ``zeroBucket``. LaunchDarkly reads the number as
    /// Go's float64 (`9007199254740993` buckets as `9007199254740992`; `9223372036854775807`, 2^63
    /// as a double, is no `int64` and not bucketable).
    @inlinable
    package func bucket(of value: JSONValue?, totalWeight: UInt64) -> Bucket {
        switch value {
        case .string(let s)?:
            return bucket(ofString: s, totalWeight: totalWeight)
        case .number(let n)?:
            let integer: Int64?
            if case .sha1Fraction = self { integer = JSONValue.exactInt64(n.doubleValue) } else { integer = JSONValue.exactInt64(n) }
            guard let i = integer else { return zeroBucket }
            return bucket(ofInteger: i, totalWeight: totalWeight)
        default:
            return zeroBucket
        }
    }
}
