/// One rule of a Kameleoon feature flag: who it targets, how many of them, and which variations.
package struct KameleoonRule: Sendable, Equatable {
    /// `TARGETED_DELIVERY` serves its first variation to everyone it exposes and stops the flag at
    /// the default for the others; `EXPERIMENTATION` splits visitors between variations and lets
    /// those it does not expose go on to the next rule.
    package enum Kind: String, Sendable, Equatable {
        case targetedDelivery = "TARGETED_DELIVERY"
        case experimentation = "EXPERIMENTATION"
        /// A type Kameleoon's SDKs do not know: evaluated as an experiment that consent never blocks.
        case other = ""
    }

    package var id: Int64
    package var kind: Kind
    /// The type as written.
    package var typeName: String
    /// The share of targeted visitors the rule exposes, `0...1`: in when `hash(rule id) <= exposition`.
    package var exposition: Double
    package var experiment: KameleoonExperiment
    /// Appended to the hashed text when set and non-zero, so that visitors are drawn afresh.
    package var respoolTime: Int64?
    /// `nil` (or 0): everyone is targeted.
    package var segmentId: Int64?

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        id = try r.at("id").integer(try r.required(o, "id"))
        typeName = o["type"]?.stringValue ?? ""
        kind = Kind(rawValue: typeName) ?? .other
        exposition = try o["exposition"].map { v throws(DefinitionsError) in v.isNull ? 0 : try r.at("exposition").number(v) } ?? 0
        experiment = try KameleoonExperiment(json: o, r)
        if let v = o["respoolTime"], !v.isNull { respoolTime = try r.at("respoolTime").integer(v) }
        if let v = o["segmentId"], !v.isNull { segmentId = try r.at("segmentId").integer(v) }
    }
}
