import BurgeeCore

/// The items of a served Split document as `/splitChanges` and `/segmentChanges` hand them out:
/// flags and rule-based segments as the file writes them (one per name, a later one replacing
/// an earlier, in document order), and the standard segments' keys.
struct SplitServedItems: Sendable {
    /// Flags by name, in document order; deletions (status not `ACTIVE`) included.
    var flags: [(name: String, json: JSONValue)] = []
    /// Rule-based segments by name, in document order; deletions included.
    var ruleBasedSegments: [(name: String, json: JSONValue)] = []
    /// Standard segments' member keys, by name.
    var segments: [String: [String]] = [:]

    /// The items of `document`, a whole document the server accepted.
    init(_ document: JSONValue) {
        let members = document.objectValue ?? [:]
        let flagList = members["ff"]?.objectValue?["d"]?.arrayValue ?? members["splits"]?.arrayValue ?? []
        flags = Self.byName(flagList)
        ruleBasedSegments = Self.byName(members["rbs"]?.objectValue?["d"]?.arrayValue ?? [])
        // The format's reader accepted the document, so its segments read; it also resolves the
        // `/segmentChanges` bodies a file may give them as.
        segments = (try? SplitDocument(json: document))?.segments ?? [:]
    }

    /// Whether an item is active (a deletion otherwise, as Split's SDKs read `status`).
    static func isActive(_ item: JSONValue) -> Bool {
        (item.objectValue?["status"]?.stringValue ?? "ACTIVE") == "ACTIVE"
    }

    /// The flag sets a flag belongs to.
    static func flagSets(of flag: JSONValue) -> Set<String> {
        Set((flag.objectValue?["sets"]?.arrayValue ?? []).compactMap(\.stringValue))
    }

    /// `item` as a deletion: the same object with `status` `ARCHIVED` and the served change number,
    /// so that an SDK's parser, which needs a whole item, reads it.
    static func archived(_ item: JSONValue, changeNumber: Int64) -> JSONValue {
        guard case .object(var members) = item else { return item }
        members["status"] = "ARCHIVED"
        members["changeNumber"] = .number(Double(changeNumber))
        return .object(members)
    }

    private static func byName(_ items: [JSONValue]) -> [(name: String, json: JSONValue)] {
        var order: [String] = []
        var byName: [String: JSONValue] = [:]
        for item in items {
            guard let name = item.objectValue?["name"]?.stringValue else { continue }
            if byName.updateValue(item, forKey: name) == nil { order.append(name) }
        }
        return order.map { ($0, byName[$0]!) }
    }
}
