/// A native document's flags and segments as lowered, kept between compiles, so that a change to
/// one item lowers that item again instead of the whole document, and a changed flag is laid out
/// again in the program last linked rather than the whole program linked anew
/// (``ProgramLinker/relink(_:_:flagAt:was:)``).
///
/// The drafts are listed in key order, as ``NativeLowering`` lists them, so that the program is
/// the one a whole compile of the changed document makes.
package struct NativeDrafts: Sendable {
    private var draft: ProgramDraft
    /// The snapshot compiled from the drafts as they were before ``change`` (without a flag-set
    /// selection): its program is patched, its source items are kept but for those touched since.
    private var linked: Snapshot?
    private var change = Change.none
    /// The flags and segments changed since ``linked``.
    private var touched: (flags: [String], segments: [String]) = ([], [])

    /// What changed since the program was linked.
    private enum Change {
        case none
        /// One flag replaced, at its position; it was `old`.
        case flag(index: Int, old: FlagDraft)
        /// More, or something the program cannot be patched for.
        case other
    }

    /// Lowers every item of `document`, whose program (linked without a flag-set selection) is
    /// `linked` when known.
    package init(_ document: DefinitionsDocument, linked: Snapshot? = nil) {
        draft = NativeLowering.lower(document)
        self.linked = linked
    }

    /// Lowers flag `key` again as `definition`, or removes it (`nil`).
    package mutating func update(flag key: String, to definition: FlagDefinition?) {
        let (index, old) = Self.replace(key, in: &draft.flags, keyOf: \.key, with: definition.map(NativeLowering.lower(flag:)))
        touched.flags.append(key)
        if case .none = change, let index, let old, definition != nil {
            change = .flag(index: index, old: old)
        } else {
            change = .other
        }
    }

    /// Lowers segment `key` again as `definition`, or removes it (`nil`).
    package mutating func update(segment key: String, to definition: SegmentDefinition?) {
        _ = Self.replace(key, in: &draft.segments, keyOf: \.key, with: definition.map(NativeLowering.lower(segment:)))
        touched.segments.append(key)
        change = .other
    }

    /// The snapshot of `document`, which these drafts must be the lowering of.
    package mutating func compile(_ document: DefinitionsDocument, flagSets: Set<String>?) -> Snapshot {
        var program: Program?
        var source: SourceDefinitions?
        if flagSets == nil, let linked {
            switch change {
            case .none: program = linked.program
            case .flag(let index, let old): program = ProgramLinker.relink(linked.program, draft, flagAt: index, was: old)
            case .other: break
            }
            var items = linked.source
            for key in touched.flags { items = items.replacing(flag: key, with: document.flags[key].map { SourceItem($0) }) }
            for key in touched.segments {
                items = items.replacing(segment: key, with: document.segments[key].map { SourceItem($0) })
            }
            source = items
        }
        let snapshot = Snapshot(compiling: document, program: program ?? ProgramLinker.link(draft, flagSets: flagSets),
                                flagSets: flagSets, source: source)
        linked = flagSets == nil ? snapshot : nil
        change = .none
        touched = ([], [])
        return snapshot
    }

    /// Replaces, inserts or removes the item `key` of `items`, sorted by key; returns the
    /// position of an item replaced or removed, and that item.
    private static func replace<Item>(_ key: String, in items: inout [Item], keyOf: (Item) -> String,
                                      with item: Item?) -> (Int?, Item?) {
        var low = 0
        var high = items.count
        while low < high {
            let middle = (low + high) / 2
            if keyOf(items[middle]) < key { low = middle + 1 } else { high = middle }
        }
        let found = low < items.count && keyOf(items[low]) == key
        let old = found ? items[low] : nil
        switch (found, item) {
        case (true, let item?): items[low] = item
        case (true, nil): items.remove(at: low)
        case (false, let item?): items.insert(item, at: low)
        case (false, nil): break
        }
        return (found ? low : nil, old)
    }
}
