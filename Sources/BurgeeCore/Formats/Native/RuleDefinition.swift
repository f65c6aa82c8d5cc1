/// A targeting rule of a flag: clauses ANDed, and what it serves when they all match.
package struct RuleDefinition: Sendable, Hashable {
    /// An optional stable identifier, reported in `RULE_MATCH` reasons.
    package var id: String?
    /// The clauses; a rule without clauses matches every context.
    package var clauses: [ClauseDefinition]
    /// What the rule serves.
    package var serve: ServeDefinition
    /// Whether every evaluation matched by this rule should send an exposure event.
    package var trackEvents: Bool

    /// A rule.
    package init(id: String? = nil, clauses: [ClauseDefinition], serve: ServeDefinition, trackEvents: Bool = false) {
        self.id = id
        self.clauses = clauses
        self.serve = serve
        self.trackEvents = trackEvents
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> RuleDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let id = r.optionalString(o, "id", at: path)
        let clauses = r.elements(o, "clauses", at: path, ClauseDefinition.read)
        let trackEvents = r.bool(o, "trackEvents", default: false, at: path)
        guard let serve = ServeDefinition.read(from: o, at: path, &r) else { return nil }
        return RuleDefinition(id: id, clauses: clauses, serve: serve, trackEvents: trackEvents)
    }

    /// The JSON form.
    package var json: JSONValue {
        var o = serve.jsonMembers
        o["clauses"] = .array(clauses.map(\.json))
        o.set("id", id.map(JSONValue.string))
        if trackEvents { o["trackEvents"] = true }
        return .object(o)
    }
}
