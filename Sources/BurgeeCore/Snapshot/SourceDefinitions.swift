/// The definitions a ``Snapshot`` was compiled from, as their format has them: what change
/// detection compares item by item (the program cannot be compared across snapshots).
package enum SourceDefinitions: Sendable {
    /// A native document.
    case native(DefinitionsDocument)
    /// Another format's flags and segments, each as the JSON object it arrived in, by key.
    case items(DefinitionsFormat, flags: [String: JSONValue], segments: [String: JSONValue])

    /// The keys of every flag defined, malformed ones included.
    package var flagKeys: Set<String> {
        switch self {
        case .native(let document): Set(document.flags.keys)
        case .items(_, let flags, _): Set(flags.keys)
        }
    }

    /// The keys of every segment defined.
    package var segmentKeys: Set<String> {
        switch self {
        case .native(let document): Set(document.segments.keys)
        case .items(_, _, let segments): Set(segments.keys)
        }
    }

    /// Whether flag `key` is defined identically in `self` and `other` (both undefined included).
    package func sameFlag(_ key: String, as other: SourceDefinitions) -> Bool {
        switch (self, other) {
        case (.native(let a), .native(let b)): a.flags[key] == b.flags[key]
        case (.items(let f, let a, _), .items(let g, let b, _)): f == g && a[key] == b[key]
        default: !flagKeys.contains(key) && !other.flagKeys.contains(key)
        }
    }

    /// Whether segment `key` is defined identically in `self` and `other` (both undefined included).
    package func sameSegment(_ key: String, as other: SourceDefinitions) -> Bool {
        switch (self, other) {
        case (.native(let a), .native(let b)): a.segments[key] == b.segments[key]
        case (.items(let f, _, let a), .items(let g, _, let b)): f == g && a[key] == b[key]
        default: !segmentKeys.contains(key) && !other.segmentKeys.contains(key)
        }
    }
}
