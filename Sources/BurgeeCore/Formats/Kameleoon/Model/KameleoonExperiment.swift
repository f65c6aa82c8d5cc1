/// An experiment as a rule or the holdout carries it: its id (the container the variation hash
/// uses) and its variations with their expositions, in pick order.
package struct KameleoonExperiment: Sendable, Equatable {
    package var id: Int64
    package var variations: [KameleoonExposedVariation]

    package init(id: Int64, variations: [KameleoonExposedVariation]) {
        self.id = id
        self.variations = variations
    }

    /// The running sums of the expositions, added in order in Double as Kameleoon's SDKs add
    /// them: variation `i` is picked for the first sum `>= hash`.
    package var runningSums: [Double] {
        var total = 0.0
        return variations.map { total += $0.exposition; return total }
    }

    init(json members: [String: JSONValue], _ r: RefusingReader) throws(DefinitionsError) {
        let id = try members["experimentId"].map { v throws(DefinitionsError) in try r.at("experimentId").integer(v) } ?? 0
        var variations: [KameleoonExposedVariation] = []
        if let list = members["variationByExposition"], !list.isNull {
            let items = try r.at("variationByExposition").array(list)
            for (i, item) in items.enumerated() {
                variations.append(try KameleoonExposedVariation(json: item, r.at("variationByExposition").at(i)))
            }
        }
        self.init(id: id, variations: variations)
    }
}

/// One entry of `variationByExposition`: a variation key, its id and its share of visitors.
package struct KameleoonExposedVariation: Sendable, Equatable {
    package var variationKey: String
    /// `nil` when absent: such a variation is served but never saved as an assignment.
    package var variationId: Int64?
    package var exposition: Double

    package init(variationKey: String, variationId: Int64?, exposition: Double) {
        self.variationKey = variationKey
        self.variationId = variationId
        self.exposition = exposition
    }

    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        let key = try o["variationKey"].map { v throws(DefinitionsError) in try r.at("variationKey").string(v) } ?? ""
        var id: Int64?
        if let v = o["variationId"], !v.isNull { id = try r.at("variationId").integer(v) }
        let exposition = try o["exposition"].map { v throws(DefinitionsError) in try r.at("exposition").number(v) } ?? 0
        self.init(variationKey: key, variationId: id, exposition: exposition)
    }
}
