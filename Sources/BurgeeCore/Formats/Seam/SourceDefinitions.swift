/// The definitions a ``Snapshot`` was compiled from, as their format has them: what change
/// detection compares item by item (the program cannot be compared across snapshots).
package struct SourceDefinitions: Sendable {
    /// The format of the definitions.
    package let format: DefinitionsFormat
    /// Every flag defined, malformed ones included, by key.
    package let flags: SourceItems
    /// Every segment defined, by key.
    package let segments: SourceItems

    /// Items of `format`.
    package init(format: DefinitionsFormat, flags: [String: SourceItem], segments: [String: SourceItem]) {
        self.init(format: format, flags: SourceItems(flags), segments: SourceItems(segments))
    }

    private init(format: DefinitionsFormat, flags: SourceItems, segments: SourceItems) {
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
        SourceDefinitions(format: format, flags: flags.replacing(key, with: item), segments: segments)
    }

    /// These items with segment `key` replaced by `item`, or removed (`nil`).
    package func replacing(segment key: String, with item: SourceItem?) -> SourceDefinitions {
        SourceDefinitions(format: format, flags: flags, segments: segments.replacing(key, with: item))
    }

    /// The keys of every flag defined, malformed ones included.
    package var flagKeys: Set<String> { flags.keys }

    /// The keys of every segment defined.
    package var segmentKeys: Set<String> { segments.keys }

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

/// Items by key: the items as compiled whole, and the changes made by patches since, which are
/// merged in once they reach an eighth of them. A patch then copies its few changes, not every
/// item (a dictionary of ten thousand items copied and later freed at every patch).
package struct SourceItems: Sendable {
    private let base: [String: SourceItem]
    /// Items replaced (`.some`) or removed (`.none`) since `base`.
    private let changes: [String: SourceItem?]

    init(_ items: [String: SourceItem]) {
        base = items
        changes = [:]
    }

    private init(base: [String: SourceItem], changes: [String: SourceItem?]) {
        self.base = base
        self.changes = changes
    }

    /// The item of `key`, `nil` when none.
    package subscript(key: String) -> SourceItem? {
        if let changed = changes[key] { return changed }
        return base[key]
    }

    /// These items with `key` replaced by `item`, or removed (`nil`).
    func replacing(_ key: String, with item: SourceItem?) -> SourceItems {
        var changes = self.changes
        changes[key] = .some(item)
        guard changes.count > 64, changes.count > base.count / 8 else { return SourceItems(base: base, changes: changes) }
        var merged = base
        for (key, item) in changes { merged[key] = item }
        return SourceItems(merged)
    }

    /// The keys of every item.
    package var keys: Set<String> {
        var keys = Set(base.keys)
        for (key, item) in changes {
            if item == nil { keys.remove(key) } else { keys.insert(key) }
        }
        return keys
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
