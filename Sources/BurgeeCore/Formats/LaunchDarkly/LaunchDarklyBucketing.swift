extension BucketingFamily {
    /// LaunchDarkly's family: SHA-1 of `(seed ?? flagKey "." salt) "." value`, bucket a 32-bit
    /// Float fraction. A rollout's `seed`, when present, replaces `flagKey "." salt` (written in
    /// decimal); a segment rule passes the segment's key and salt and no seed.
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
        return .sha1Fraction(prefix: prefix)
    }
}
