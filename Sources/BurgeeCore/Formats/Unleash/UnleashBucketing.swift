extension BucketingFamily {
    /// Unleash's seed for variant hashing, distinct from the strategy's so that the two draws are
    /// independent.
    static let unleashVariantSeed: UInt32 = 86_028_157

    /// Unleash's strategy family (`flexibleRollout`, `gradualRollout*`) for a group id (the
    /// strategy's `groupId`, by default the feature name): murmur3 x86_32 of `groupId ":" value`,
    /// seed 0, bucket 1...100.
    package static func unleashStrategy(groupId: String) -> BucketingFamily {
        var prefix = Murmur3(seed: 0)
        prefix.combine(groupId)
        prefix.combine(UInt8(ascii: ":"))
        return .murmur3Percent(prefix: prefix)
    }

    /// Unleash's variant family for a group id (the feature name, or the strategy's `groupId` for
    /// strategy variants): murmur3 x86_32 of `groupId ":" value`, seed 86028157, bucket
    /// 1...totalWeight.
    package static func unleashVariant(groupId: String) -> BucketingFamily {
        var prefix = Murmur3(seed: unleashVariantSeed)
        prefix.combine(groupId)
        prefix.combine(UInt8(ascii: ":"))
        return .murmur3OfWeight(prefix: prefix)
    }
}
