/// What a rule or the fallthrough serves: one variation, or a rollout over several.
package enum ServeDefinition: Sendable, Hashable {
    /// A variation, by key.
    case variation(String)
    /// A percentage rollout.
    case rollout(RolloutDefinition)

    /// Reads `variation` or `rollout` from an object that holds exactly one of them.
    static func read(from o: [String: JSONValue], at path: JSONPointer, _ r: inout ModelReader) -> ServeDefinition? {
        let hasVariation = o["variation"].map { !$0.isNull } ?? false
        let hasRollout = o["rollout"].map { !$0.isNull } ?? false
        switch (hasVariation, hasRollout) {
        case (true, false):
            return r.optionalString(o, "variation", at: path).map(ServeDefinition.variation)
        case (false, true):
            return RolloutDefinition.read(o["rollout"]!, at: path.appending("rollout"), &r).map(ServeDefinition.rollout)
        case (true, true):
            r.error(path, "serves both 'variation' and 'rollout'; give one")
            return nil
        case (false, false):
            r.error(path, "serves nothing: give 'variation' or 'rollout'")
            return nil
        }
    }

    /// The members this adds to its rule or fallthrough object.
    var jsonMembers: [String: JSONValue] {
        switch self {
        case .variation(let key): return ["variation": .string(key)]
        case .rollout(let rollout): return ["rollout": rollout.json]
        }
    }
}
