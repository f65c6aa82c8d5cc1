extension BucketingFamily {
    /// Kameleoon's family for a rule's exposition, its variations and the holdout: SHA-256 of
    /// `code decimal(container)`, then `decimal(respool)` when there is a non-zero respool time
    /// (negative numbers with their sign, as Kameleoon's Python SDK writes them), read as a
    /// fraction of 2^256 correctly rounded to a Double. `container` is the rule's id for its
    /// exposition, its experiment's id for its variations and the holdout's experiment id.
    package static func kameleoon(container: Int64, respool: Int64?) -> BucketingFamily {
        var suffix = String(container)
        if let respool, respool != 0 {
            suffix += String(respool)
        }
        return .sha256Fraction(suffix: suffix)
    }

    /// Kameleoon's family for a mutually exclusive group: SHA-256 of `code group`, read as for
    /// ``kameleoon(container:respool:)``; its flags take equal slots (``WeightedPick/init(slot:of:)``).
    package static func kameleoonGroup(_ name: String) -> BucketingFamily {
        .sha256Fraction(suffix: name)
    }
}
