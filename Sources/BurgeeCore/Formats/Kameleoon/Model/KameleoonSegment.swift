/// A Kameleoon segment: the targeting tree rules refer to by `segmentId`.
package struct KameleoonSegment: Sendable {
    package var id: Int64
    /// `nil` when `conditionsData` is `null`: everyone is in.
    package var tree: KameleoonTargetingTree?
    /// Whether Kameleoon's Audiences Explorer tracks the visitors in it (`audienceTracking`;
    /// `evaluateAudiences` evaluates these).
    package var audienceTracking: Bool
    /// The segment as written.
    package var json: JSONValue

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        self.json = json
        id = try o["id"].map { v throws(DefinitionsError) in v.isNull ? -1 : try r.at("id").integer(v) } ?? -1
        audienceTracking = o["audienceTracking"]?.boolValue ?? false
        if let data = o["conditionsData"], !data.isNull {
            tree = try KameleoonTargetingTree(json: data, r.at("conditionsData"))
        }
    }
}
