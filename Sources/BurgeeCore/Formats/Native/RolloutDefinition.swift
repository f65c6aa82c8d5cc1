/// A percentage split of contexts over variations, by a hash of an attribute.
package struct RolloutDefinition: Sendable, Hashable {
    /// A plain rollout, or an experiment whose exposures are analysed.
    package enum Kind: String, Sendable, Hashable {
        /// A plain percentage rollout.
        case rollout
        /// An experiment: buckets by the context key and marks results `inExperiment`.
        case experiment
    }

    /// One variation and its share, in thousandths of a percent (the shares sum to 100000).
    package struct WeightedVariation: Sendable, Hashable {
        /// The variation's key.
        package var variation: String
        /// Its share of 100000.
        package var weight: Int64

        /// A weighted variation.
        package init(variation: String, weight: Int64) {
            self.variation = variation
            self.weight = weight
        }
    }

    /// Rollout or experiment.
    package var kind: Kind
    /// The kind of context that is bucketed.
    package var contextKind: String
    /// The attribute reference whose value is hashed (ignored by experiments, which use `key`).
    package var bucketBy: String
    /// The murmur3 seed; 0 when absent.
    package var seed: UInt32?
    /// The variations and their weights.
    package var variations: [WeightedVariation]

    /// A rollout.
    package init(kind: Kind = .rollout, contextKind: String = "user", bucketBy: String = "key",
                seed: UInt32? = nil, variations: [WeightedVariation]) {
        self.kind = kind
        self.contextKind = contextKind
        self.bucketBy = bucketBy
        self.seed = seed
        self.variations = variations
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> RolloutDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        var kind = Kind.rollout
        if let k = r.optionalString(o, "kind", at: path) {
            if let known = Kind(rawValue: k) { kind = known } else {
                r.error(path.appending("kind"), "unknown rollout kind '\(k)' (expected rollout or experiment)")
            }
        }
        let contextKind = r.optionalString(o, "contextKind", at: path) ?? "user"
        let bucketBy = r.optionalString(o, "bucketBy", at: path) ?? "key"
        let seed = readSeed(o, at: path, &r)
        let variations: [WeightedVariation] = r.elements(o, "variations", at: path) { v, p, r in
            guard let wo = r.object(v, at: p) else { return nil }
            let variation = r.requiredString(wo, "variation", at: p)
            guard let weight = r.requiredInt(wo, "weight", at: p), let variation else { return nil }
            return WeightedVariation(variation: variation, weight: weight)
        }
        if o["variations"] == nil { r.error(path.appending("variations"), "required array 'variations' is missing") }
        return RolloutDefinition(kind: kind, contextKind: contextKind, bucketBy: bucketBy, seed: seed, variations: variations)
    }

    /// Reads an optional `seed` that must fit an unsigned 32-bit integer.
    static func readSeed(_ o: [String: JSONValue], at path: JSONPointer, _ r: inout ModelReader) -> UInt32? {
        guard let seed = r.optionalInt(o, "seed", at: path) else { return nil }
        guard let s = UInt32(exactly: seed) else {
            r.error(path.appending("seed"), "seed \(seed) is outside 0...4294967295")
            return nil
        }
        return s
    }

    /// The JSON form.
    package var json: JSONValue {
        var o: [String: JSONValue] = [
            "kind": .string(kind.rawValue), "contextKind": .string(contextKind), "bucketBy": .string(bucketBy),
            "variations": .array(variations.map { ["variation": .string($0.variation), "weight": .number(Double($0.weight))] }),
        ]
        o.set("seed", seed.map { .number(Double($0)) })
        return .object(o)
    }
}
