/// The document's feature flags as `TARGET_FEATURE_FLAG` conditions read them: each flag's rules
/// by flag id, and every variation's key by variation id across the whole document (Kameleoon's
/// SDK looks the assigned variation up there, not in the rule). Built once per document.
package struct KameleoonFlagIndex: Sendable {
    /// A variation of a rule.
    package struct Variation: Sendable {
        /// `variationId`; a variation without one is not indexed.
        package var id: Int64?
        /// `variationKey`, if any.
        package var key: String?

        /// A variation.
        package init(id: Int64?, key: String?) {
            self.id = id
            self.key = key
        }
    }

    /// A rule of a flag.
    package struct Rule: Sendable {
        /// The rule's `id`.
        package var id: Int64
        /// The rule's `experimentId`; a rule without one never matches.
        package var experimentId: Int64?
        /// The rule's variations (`variationByExposition`), in order.
        package var variations: [Variation]

        /// A rule.
        package init(id: Int64, experimentId: Int64?, variations: [Variation]) {
            self.id = id
            self.experimentId = experimentId
            self.variations = variations
        }
    }

    /// A feature flag.
    package struct Flag: Sendable {
        /// The flag's `id`.
        package var id: Int64
        /// Its rules, in order.
        package var rules: [Rule]

        /// A flag.
        package init(id: Int64, rules: [Rule]) {
            self.id = id
            self.rules = rules
        }
    }

    let flagsByID: [Int64: Flag]
    let variationKeysByID: [Int64: String?]

    /// Indexes flags given in the SDK's order (the document's, a flag repeating a key replacing the
    /// earlier one in place): where ids repeat, the later flag or variation wins, as in the SDK.
    package init(_ flags: [Flag]) {
        var byID: [Int64: Flag] = [:]
        var keys: [Int64: String?] = [:]
        for flag in flags {
            byID[flag.id] = flag
            for rule in flag.rules {
                for variation in rule.variations {
                    if let id = variation.id { keys[id] = .some(variation.key) }
                }
            }
        }
        flagsByID = byID
        variationKeysByID = keys
    }

    /// No flags.
    package static let empty = KameleoonFlagIndex([])
}
