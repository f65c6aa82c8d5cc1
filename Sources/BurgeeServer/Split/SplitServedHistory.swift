import BurgeeCore

/// What a server in Split mode has handed out: every flag and rule-based segment (its last
/// served form) and every key of every standard segment, so that a client polling from an older
/// change number learns of what has gone since, as ARCHIVED items and removed keys. A client can
/// only hold what was served, so recording at serving time is enough; the items of the current
/// document are kept with their version, read once per change.
final class SplitServedHistory: FormatRecords.Record {
    private struct State: Sendable {
        var version: Int64?
        var items: SplitServedItems?
        var flags: [String: JSONValue] = [:]
        var ruleBasedSegments: [String: JSONValue] = [:]
        var segmentKeys: [String: Set<String>] = [:]
    }

    private let state = Locked(State())

    init(capacity: Int) {}

    /// The items of `served`, read once per document version.
    func items(of served: ServedDefinitions) -> SplitServedItems {
        let version = served.documentVersion
        if let cached = state.withLock({ $0.version == version ? $0.items : nil }) { return cached }
        let items = SplitServedItems(served.wholeDocument ?? [:])
        state.withLock { s in
            s.version = version
            s.items = items
        }
        return items
    }

    /// Records flags and rule-based segments about to be served; answers those served before and
    /// absent from `flags` (`ruleBasedSegments`), by name.
    func serve(flags: [(name: String, json: JSONValue)], ruleBasedSegments: [(name: String, json: JSONValue)])
        -> (flags: [String: JSONValue], ruleBasedSegments: [String: JSONValue])
    {
        state.withLock { s in
            for (name, json) in flags { s.flags[name] = json }
            for (name, json) in ruleBasedSegments { s.ruleBasedSegments[name] = json }
            let flagNames = Set(flags.map(\.name))
            let segmentNames = Set(ruleBasedSegments.map(\.name))
            return (s.flags.filter { !flagNames.contains($0.key) }, s.ruleBasedSegments.filter { !segmentNames.contains($0.key) })
        }
    }

    /// Records a segment's keys about to be served; answers the keys served before and absent now.
    func serve(segment name: String, keys: [String]) -> Set<String> {
        state.withLock { s in
            let current = Set(keys)
            s.segmentKeys[name, default: []].formUnion(current)
            return s.segmentKeys[name]!.subtracting(current)
        }
    }
}
