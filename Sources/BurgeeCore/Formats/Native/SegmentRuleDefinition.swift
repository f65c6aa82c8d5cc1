/// A rule of a segment: clauses ANDed, then an optional percentage of the matching contexts.
package struct SegmentRuleDefinition: Sendable, Hashable {
    /// The share of matching contexts let in, bucketed like a flag rollout with the segment key as salt.
    package struct Rollout: Sendable, Hashable {
        /// Contexts whose bucket is below this (out of 100000) are in.
        package var weight: Int64
        /// The attribute hashed.
        package var bucketBy: String
        /// The kind of context bucketed.
        package var contextKind: String
        /// The murmur3 seed.
        package var seed: UInt32?

        /// A segment rule rollout.
        package init(weight: Int64, bucketBy: String = "key", contextKind: String = "user", seed: UInt32? = nil) {
            self.weight = weight
            self.bucketBy = bucketBy
            self.contextKind = contextKind
            self.seed = seed
        }
    }

    /// An optional identifier.
    package var id: String?
    /// The clauses; none matches every context.
    package var clauses: [ClauseDefinition]
    /// An optional rollout.
    package var rollout: Rollout?

    /// A segment rule.
    package init(id: String? = nil, clauses: [ClauseDefinition], rollout: Rollout? = nil) {
        self.id = id
        self.clauses = clauses
        self.rollout = rollout
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> SegmentRuleDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let id = r.optionalString(o, "id", at: path)
        let clauses = r.elements(o, "clauses", at: path, ClauseDefinition.read)
        var rollout: Rollout?
        if let rv = o["rollout"], !rv.isNull {
            let p = path.appending("rollout")
            if let ro = r.object(rv, at: p) {
                if let weight = r.requiredInt(ro, "weight", at: p) {
                    rollout = Rollout(weight: weight,
                                      bucketBy: r.optionalString(ro, "bucketBy", at: p) ?? "key",
                                      contextKind: r.optionalString(ro, "contextKind", at: p) ?? "user",
                                      seed: RolloutDefinition.readSeed(ro, at: p, &r))
                }
            }
        }
        return SegmentRuleDefinition(id: id, clauses: clauses, rollout: rollout)
    }

    /// The JSON form.
    package var json: JSONValue {
        var o: [String: JSONValue] = ["clauses": .array(clauses.map(\.json))]
        o.set("id", id.map(JSONValue.string))
        if let rollout {
            var ro: [String: JSONValue] = ["weight": .number(Double(rollout.weight)), "bucketBy": .string(rollout.bucketBy),
                                           "contextKind": .string(rollout.contextKind)]
            ro.set("seed", rollout.seed.map { .number(Double($0)) })
            o["rollout"] = .object(ro)
        }
        return .object(o)
    }
}
