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
        if Self.depth(items.count, firstLevelOrOperators) > Self.maxDepth {
            throw r.at("firstLevel").refusal("\(items.count) groups nest deeper than Kameleoon's SDKs build a tree")
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
            if depth(items.count, operators) > maxDepth {
                throw r.at("conditions").refusal("\(items.count) conditions nest deeper than Kameleoon's SDKs build a tree")
            }
        }
        return Group(conditions: conditions, orOperators: operators)
    }

    /// The number of conditions in the tree.
    var conditionCount: Int { groups.reduce(0) { $0 + ($1?.conditions.count ?? 0) } }

    /// How deep a list is built, in calls: an OR takes one item before the rest, an AND two.
    /// Kameleoon's Python SDK builds trees recursively and fails on deeper ones (its recursion
    /// limit), so Burgee refuses them as well, rather than a stack running out.
    static func depth(_ count: Int, _ operators: [Bool?]) -> Int {
        var calls = 0, position = 0, used = 0
        while position < count {
            calls += 1
            guard position + 1 < count else { break }
            let op = used < operators.count ? operators[used] : nil
            used += 1
            if op == true {
                position += 1
            } else {
                position += 2
                used += position < count ? 1 : 0
            }
        }
        return calls
    }

    /// Deeper lists are refused (Python's default recursion limit is 1,000 frames, some of them
    /// already in use when the tree is built).
    static let maxDepth = 900

    /// `true`/`false` as written; `null` none; anything else by its truth.
    private static func operatorValue(_ json: JSONValue) -> Bool? {
        if case .bool(let b) = json { return b }
        if json.isNull { return nil }
        return RefusingReader.truth(json)
    }
}
