/// A document's flags and segments as lowered, kept between compiles, so that a change to one
/// item lowers that item again instead of the whole document, and a changed flag is laid out
/// again in the program last linked rather than the whole program linked anew
/// (``ProgramLinker/relink(_:_:flagAt:was:)``).
///
/// The drafts are listed in key order, as every format's lowering lists them, so that the program
/// is the one a whole compile of the changed document makes.
struct ProgramDrafts: Sendable {
    private var draft: ProgramDraft
    /// The snapshot compiled from the drafts as they were before ``change`` (without a flag-set
    /// selection): its program is patched, its source items are kept but for those touched since.
    private var linked: Snapshot?
    private var change = Change.none
    /// The flags and segments changed since ``linked``, with their source items (`nil`: removed),
    /// in the order of the changes.
    private var touched: (flags: [(String, SourceItem?)], segments: [(String, SourceItem?)]) = ([], [])

    /// What changed since the program was linked.
    private enum Change {
        case none
        /// One flag replaced, at its position; it was `old`.
        case flag(index: Int, old: FlagDraft)
        /// More, or something the program cannot be patched for.
        case other
    }

    /// The drafts of a whole document, whose program (linked without a flag-set selection) is
    /// `linked` when known.
    init(_ draft: ProgramDraft, linked: Snapshot? = nil) {
        self.draft = draft
        self.linked = linked
    }

    /// Replaces flag `key` by `item` (its draft and source item), or removes it (`nil`).
    mutating func update(flag key: String, to item: (draft: FlagDraft, source: SourceItem)?) {
        let (index, old) = Self.replace(key, in: &draft.flags, keyOf: \.key, with: item?.draft)
        touched.flags.append((key, item?.source))
        if case .none = change, let index, let old, item != nil {
            change = .flag(index: index, old: old)
        } else {
            change = .other
        }
    }

    /// Replaces segment `key` by `item` (its draft and source item), or removes it (`nil`). A
    /// segment without a draft (written into the flags using them) changes only the source items.
    mutating func update(segment key: String, to item: (draft: SegmentDraft?, source: SourceItem)?) {
        let (index, _) = Self.replace(key, in: &draft.segments, keyOf: \.key, with: item?.draft)
        touched.segments.append((key, item?.source))
        if index != nil || item?.draft != nil { change = .other }
    }

    /// The snapshot of the drafts, made by `snapshot` from their program and, when the previous
    /// snapshot's are kept, the source items (`nil`: the document's own).
    mutating func compile(flagSets: Set<String>?,
                                  snapshot: (Program, SourceDefinitions?) -> Snapshot) -> Snapshot {
        var program: Program?
        var source: SourceDefinitions?
        if flagSets == nil, let linked {
            switch change {
            case .none: program = linked.program
            case .flag(let index, let old): program = ProgramLinker.relink(linked.program, draft, flagAt: index, was: old)
            case .other: break
            }
            var items = linked.source
            for (key, item) in touched.flags { items = items.replacing(flag: key, with: item) }
            for (key, item) in touched.segments { items = items.replacing(segment: key, with: item) }
            source = items
        }
        let compiled = snapshot(program ?? ProgramLinker.link(draft, flagSets: flagSets), source)
        linked = flagSets == nil ? compiled : nil
        change = .none
        touched = ([], [])
        return compiled
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
