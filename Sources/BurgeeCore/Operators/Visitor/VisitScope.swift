/// Which assignments, personalizations and conversions a Kameleoon condition counts
/// (`visitScope`, `visitCount`): those at or after a threshold time read from the visitor's visits.
struct VisitScope: Sendable {
    /// `CURRENT_VISIT` rather than `VISITOR`.
    let currentVisit: Bool
    /// How many visits `VISITOR` reaches back, the current one included.
    let visitCount: Int

    /// Reads `visitScope` (any case; anything else is the default) and `visitCount` (a positive
    /// integer, else 25).
    init(condition: [String: JSONValue], currentVisitByDefault: Bool) {
        switch condition["visitScope"].map({ PythonText.str($0).uppercased() }) {
        case "CURRENT_VISIT"?: currentVisit = true
        case "VISITOR"?: currentVisit = false
        default: currentVisit = currentVisitByDefault
        }
        switch condition["visitCount"] {
        case .number(let n)?:
            if let i = JSONValue.exactInt64(n), i > 0, i <= Int64(Int32.max) { visitCount = Int(i) } else { visitCount = 25 }
        case .bool(true)?: visitCount = 1
        default: visitCount = 25
        }
    }

    /// The earliest time that counts: 0 without visit history; the current visit's start for
    /// `CURRENT_VISIT`, a count below 2 or no previous visit; else the start of previous visit
    /// `min(visitCount − 2, previous − 1)` (newest first).
    func threshold(_ visitor: [String: JSONValue]) -> Double {
        guard case .array(let previous)? = visitor["previousVisits"] else { return 0 }
        let start = visitor["visitStart"]?.numberValue ?? 0
        if currentVisit || visitCount < 2 || previous.isEmpty { return start }
        let index = max(0, min(visitCount - 2, previous.count - 1))
        return previous[index].numberValue ?? 0
    }
}
