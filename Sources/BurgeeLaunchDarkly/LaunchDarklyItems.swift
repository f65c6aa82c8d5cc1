import Burgee
import BurgeeCore

/// The flags and segments a LaunchDarkly stream has delivered, each as the JSON object it came
/// in, and the tombstones (`{"key","version","deleted":true}`) of deleted ones.
///
/// A patch or delete applies only over a lower version than the one held, so that events
/// arriving out of order (or an old patch after a delete) cannot bring back an older item.
struct LaunchDarklyItems: Sendable, Equatable {
    private(set) var items: [LaunchDarklyItemKind: [String: JSONValue]]

    /// The items of a whole data set, as a `put` or `latest-all` holds them.
    init(flags: [String: JSONValue], segments: [String: JSONValue]) {
        items = [.flags: flags, .segments: segments]
    }

    /// The version held for `key`, live or deleted; `nil` for an unknown key.
    func version(of kind: LaunchDarklyItemKind, _ key: String) -> Int64? {
        items[kind]?[key].map(LaunchDarklyDataSet.version(of:))
    }

    /// Adds or replaces an item unless the version held is not lower; whether it applied.
    mutating func upsert(_ kind: LaunchDarklyItemKind, _ key: String, _ item: JSONValue) -> Bool {
        if let held = version(of: kind, key), held >= LaunchDarklyDataSet.version(of: item) { return false }
        items[kind, default: [:]][key] = item
        return true
    }

    /// Replaces an item by its tombstone unless the version held is not lower; whether it applied.
    mutating func delete(_ kind: LaunchDarklyItemKind, _ key: String, version: Int64) -> Bool {
        if let held = self.version(of: kind, key), held >= version { return false }
        items[kind, default: [:]][key] = .object(["key": .string(key), "version": .number(Double(version)), "deleted": true])
        return true
    }

    /// The live items as a LaunchDarkly document, `{"flags":{…},"segments":{…}}`, tombstones left out.
    var document: JSONValue {
        var members: [String: JSONValue] = [:]
        for kind in LaunchDarklyItemKind.allCases {
            members[kind.rawValue] = .object((items[kind] ?? [:]).filter { !Self.isDeleted($0.value) })
        }
        return .object(members)
    }

    private static func isDeleted(_ item: JSONValue) -> Bool {
        item.objectValue?["deleted"]?.boolValue == true
    }
}
