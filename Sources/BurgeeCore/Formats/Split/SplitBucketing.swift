extension BucketingFamily {
    /// The bucket of Split's flags (docs/split.md): with `algo` 2, murmur3 x86_32 of the key's
    /// UTF-8 bytes with the seed as 32 bits, `h % 100 + 1`; otherwise the legacy hash,
    /// `|polynomial hash XOR seed| % 100 + 1`. No prefix: the key alone is hashed.
    package static func split(seed: Int32, murmur: Bool) -> BucketingFamily {
        murmur ? .murmur3Percent(prefix: Murmur3(seed: UInt32(bitPattern: seed))) : .polynomialPercent(prefix: PolynomialHash(seed: seed))
    }
}
