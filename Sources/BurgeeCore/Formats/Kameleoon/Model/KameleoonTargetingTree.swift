/// A segment's `conditionsData`: groups of conditions joined by operators at two levels, built
/// pairwise from the left as Kameleoon's SDKs build them (docs/kameleoon.md, "Targeting trees").
package struct KameleoonTargetingTree: Sendable {
    /// One first-level group: its conditions and the operators between them.
    package struct Group: Sendable {
        package var conditions: [KameleoonCondition]
        /// Between conditions `i` and `i + 1`: `true` OR, `false` AND, `nil` (a `null`) the right
        /// side alone decides. At least `conditions.count - 1` of them.
        package var orOperators: [Bool?]
    }

    package var groups: [Group?]
    /// Between groups; a list shorter than needed is not refused: a missing operator lets the
    /// right side decide.
    package var firstLevelOrOperators: [Bool?]

    /// Reads `conditionsData`; what Kameleoon's SDKs cannot build (no `firstLevel`, a group
    /// without `conditions`, too few `orOperators`) refuses the document.
    init(json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) {
        let o = try r.object(json)
        let firstLevel = try r.required(o, "firstLevel")
        groups = []
        firstLevelOrOperators = []
        guard case .array(let items) = firstLevel, !items.isEmpty else {
            if !firstLevel.isNull, firstLevel.arrayValue == nil { _ = try r.at("firstLevel").array(firstLevel) }
            return
        }
        for (i, item) in items.enumerated() {
            groups.append(try Self.group(item, r.at("firstLevel").at(i)))
        }
        if items.count > 1 {
            let operators = try r.required(o, "firstLevelOrOperators")
            firstLevelOrOperators = (operators.arrayValue ?? []).map(Self.operatorValue)
        }
    }

    private static func group(_ json: JSONValue, _ r: RefusingReader) throws(DefinitionsError) -> Group? {
        if json.isNull { return nil }
        let o = try r.object(json)
        let conditionsJSON = try r.required(o, "conditions")
        guard case .array(let items) = conditionsJSON, !items.isEmpty else {
            if !conditionsJSON.isNull, conditionsJSON.arrayValue == nil { _ = try r.at("conditions").array(conditionsJSON) }
            return nil
        }
        var conditions: [KameleoonCondition] = []
        for (i, item) in items.enumerated() {
            conditions.append(try KameleoonCondition(json: item, path: r.at("conditions").at(i).path))
        }
        var operators: [Bool?] = []
        if items.count > 1 {
            let list = try r.required(o, "orOperators")
            operators = (list.arrayValue ?? []).map(operatorValue)
            if operators.count < items.count - 1 {
                throw r.at("orOperators").refusal("\(items.count) conditions need \(items.count - 1) operators, found \(operators.count)")
            }
        }
        return Group(conditions: conditions, orOperators: operators)
    }

    /// `true`/`false` as written; `null` none; anything else by its truth.
    private static func operatorValue(_ json: JSONValue) -> Bool? {
        if case .bool(let b) = json { return b }
        if json.isNull { return nil }
        return RefusingReader.truth(json)
    }
}
