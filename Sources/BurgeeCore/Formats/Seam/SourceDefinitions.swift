/// The definitions a ``Snapshot`` was compiled from, as their format has them: what change
/// detection compares item by item (the program cannot be compared across snapshots).
package struct SourceDefinitions: Sendable {
    /// The format of the definitions.
    package let format: DefinitionsFormat
    /// Every flag defined, malformed ones included, by key.
    package let flags: [String: SourceItem]
    /// Every segment defined, by key.
    package let segments: [String: SourceItem]

    /// Items of `format`.
    package init(format: DefinitionsFormat, flags: [String: SourceItem], segments: [String: SourceItem]) {
        self.format = format
        self.flags = flags
        self.segments = segments
    }

    /// Items of `format`, each the JSON object it arrived in.
    package init(format: DefinitionsFormat, flags: [String: JSONValue], segments: [String: JSONValue]) {
        self.init(format: format, flags: flags.mapValues { SourceItem($0) }, segments: segments.mapValues { SourceItem($0) })
    }

    /// These items with flag `key` replaced by `item`, or removed (`nil`).
    package func replacing(flag key: String, with item: SourceItem?) -> SourceDefinitions {
        var flags = self.flags
        flags[key] = item
        return SourceDefinitions(format: format, flags: flags, segments: segments)
    }

    /// These items with segment `key` replaced by `item`, or removed (`nil`).
    package func replacing(segment key: String, with item: SourceItem?) -> SourceDefinitions {
        var segments = self.segments
        segments[key] = item
        return SourceDefinitions(format: format, flags: flags, segments: segments)
    }

    /// The keys of every flag defined, malformed ones included.
    package var flagKeys: Set<String> { Set(flags.keys) }

    /// The keys of every segment defined.
    package var segmentKeys: Set<String> { Set(segments.keys) }

    /// Whether flag `key` is defined identically in `self` and `other` (both undefined included);
    /// items of different formats are never identical.
    package func sameFlag(_ key: String, as other: SourceDefinitions) -> Bool {
        format == other.format ? flags[key] == other.flags[key] : flags[key] == nil && other.flags[key] == nil
    }

    /// Whether segment `key` is defined identically in `self` and `other` (both undefined included);
    /// items of different formats are never identical.
    package func sameSegment(_ key: String, as other: SourceDefinitions) -> Bool {
        format == other.format ? segments[key] == other.segments[key] : segments[key] == nil && other.segments[key] == nil
    }
}

/// One flag or segment as its format's model has it, compared by value.
package struct SourceItem: Sendable, Equatable {
    private let value: any Equatable & Sendable

    /// An item.
    package init(_ value: some Equatable & Sendable) {
        self.value = value
    }

    /// Items are equal when their values are of the same type and equal.
    package static func == (a: SourceItem, b: SourceItem) -> Bool {
        a.value.isEqual(to: b.value)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to `self`.
    fileprivate func isEqual(to other: any Equatable) -> Bool {
        (other as? Self) == self
    }
}
