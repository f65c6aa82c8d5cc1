import Burgee
import BurgeeCore

/// The flags and segments of a LaunchDarkly `put` (or `latest-all`), each as the JSON object it
/// came in, tombstones (`{"key","version","deleted":true}`) included.
struct LaunchDarklyItems: Sendable, Equatable {
    private(set) var items: [LaunchDarklyItemKind: [String: JSONValue]]

    /// The items of a whole data set.
    init(flags: [String: JSONValue], segments: [String: JSONValue]) {
        items = [.flags: flags, .segments: segments]
    }

    /// The items as a LaunchDarkly document, `{"flags":{…},"segments":{…}}`, tombstones kept:
    /// they are not evaluated, but their versions refuse the older patches that follow.
    var document: JSONValue {
        var members: [String: JSONValue] = [:]
        for kind in LaunchDarklyItemKind.allCases { members[kind.rawValue] = .object(items[kind] ?? [:]) }
        return .object(members)
    }
}
