extension BucketingFamily {
    /// The shard of Datadog's and Eppo's splits (docs/datadog.md, "The shard"): MD5 of
    /// `salt + "-" + targetingKey`, its first four bytes big-endian, modulo `totalShards` (the
    /// pick's scale).
    package static func ufcShard(salt: String) -> BucketingFamily {
        var prefix = MD5()
        prefix.combine(salt)
        prefix.combine(UInt8(ascii: "-"))
        return .md5Shard(prefix: prefix)
    }
}
