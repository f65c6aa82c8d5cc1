/// A rule-based segment (`rbs.d[]` of `/splitChanges`, spec 1.3): keys and segments excluded,
/// then conditions, any of which lets a key in.
package struct SplitRuleBasedSegment: Sendable, Equatable {
    /// An excluded segment: a standard one (members synced from `/segmentChanges`) or another
    /// rule-based one.
    package struct Excluded: Sendable, Equatable {
        package var name: String
        package var isRuleBased: Bool
    }

    package var name: String
    package var changeNumber: Int64
    package var isActive: Bool
    package var excludedKeys: [String]
    package var excludedSegments: [Excluded]
    package var conditions: [SplitCondition]
    package var json: JSONValue
    package var path: JSONPointer

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let m = try r.object(json)
        self.json = json
        path = r.path
        name = try r.at("name").string(try r.required(m, "name"))
        _ = try r.required(m, "trafficTypeName")
        changeNumber = try r.at("changeNumber").integer(try r.required(m, "changeNumber"))
        isActive = try r.required(m, "status") == .string("ACTIVE")
        // As for flags, an unknown matcher type replaces the conditions: here by one that every
        // key matches.
        conditions = try SplitCondition.list(try r.required(m, "conditions"), r.at("conditions")).conditions
        var keys: [String] = []
        var segments: [Excluded] = []
        if case .object(let excluded)? = m["excluded"] {
            let er = r.at("excluded")
            if let list = excluded["keys"], !list.isNull {
                keys = try er.at("keys").array(list).compactMap(\.stringValue)
            }
            if let list = excluded["segments"], !list.isNull {
                let sr = er.at("segments")
                for (i, item) in try sr.array(list).enumerated() {
                    let ir = sr.at(i)
                    let s = try ir.object(item)
                    let name = try ir.at("name").string(try ir.required(s, "name"))
                    let type = try ir.required(s, "type")
                    segments.append(Excluded(name: name, isRuleBased: type == .string("rule-based")))
                }
            }
        }
        excludedKeys = keys
        excludedSegments = segments
    }

    package static func == (a: SplitRuleBasedSegment, b: SplitRuleBasedSegment) -> Bool {
        a.json == b.json && a.path == b.path
    }
}
