import Burgee
import BurgeeCore

/// The two kinds of item LaunchDarkly's server-side data holds, named as in its documents and
/// stream paths (`/flags/KEY`, `/segments/KEY`).
enum LaunchDarklyItemKind: String, Sendable, Hashable, CaseIterable {
    case flags
    case segments

    /// The kind of item a patch to the client names.
    var itemKind: DefinitionItemKind {
        switch self {
        case .flags: .flag
        case .segments: .segment
        }
    }

    /// The kind and key a stream path names; `nil` for any other path (an event to ignore).
    static func item(at path: String) -> (kind: LaunchDarklyItemKind, key: String)? {
        for kind in allCases {
            let prefix = "/" + kind.rawValue + "/"
            if path.hasPrefix(prefix) { return (kind, String(path.dropFirst(prefix.count))) }
        }
        return nil
    }
}
