extension BucketingFamily {
    /// The native family for a flag's salt (or a segment's key) and optional seed: murmur3 x86_32
    /// of `salt "." value` with the seed (default 0), bucket `h % 100000`.
    package static func native(salt: String, seed: UInt32?) -> BucketingFamily {
        var prefix = Murmur3(seed: seed ?? 0)
        prefix.combine(salt)
        prefix.combine(UInt8(ascii: "."))
        return .murmur3Per100000(prefix: prefix)
    }
}
