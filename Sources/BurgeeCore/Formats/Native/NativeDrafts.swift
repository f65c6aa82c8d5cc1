/// A native document's flags and segments as lowered, kept between compiles, so that a change to
/// one item lowers that item again instead of the whole document.
///
/// The drafts are listed in key order, as ``NativeLowering`` lists them, so that the program
/// linked from them is the one a whole compile of the changed document makes.
package struct NativeDrafts: Sendable {
    private var draft: ProgramDraft

    /// Lowers every item of `document`.
    package init(_ document: DefinitionsDocument) {
        draft = NativeLowering.lower(document)
    }

    /// Lowers flag `key` again as `definition`, or removes it (`nil`).
    package mutating func update(flag key: String, to definition: FlagDefinition?) {
        Self.replace(key, in: &draft.flags, keyOf: \.key, with: definition.map(NativeLowering.lower(flag:)))
    }

    /// Lowers segment `key` again as `definition`, or removes it (`nil`).
    package mutating func update(segment key: String, to definition: SegmentDefinition?) {
        Self.replace(key, in: &draft.segments, keyOf: \.key, with: definition.map(NativeLowering.lower(segment:)))
    }

    /// The snapshot of `document`, which these drafts must be the lowering of.
    package func compile(_ document: DefinitionsDocument, flagSets: Set<String>?) -> Snapshot {
        Snapshot(compiling: document, lowered: draft, flagSets: flagSets)
    }

    /// Replaces, inserts or removes the item `key` of `items`, sorted by key.
    private static func replace<Item>(_ key: String, in items: inout [Item], keyOf: (Item) -> String, with item: Item?) {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if keyOf(items[middle]) < key { low = middle + 1 } else { high = middle }
        }
        let found = low < items.count && keyOf(items[low]) == key
        switch (found, item) {
        case (true, let item?): items[low] = item
        case (true, nil): items.remove(at: low)
        case (false, let item?): items.insert(item, at: low)
        case (false, nil): break
        }
    }
}
