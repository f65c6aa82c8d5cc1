/// A dialect whose documents change one flag or segment at a time, as a stream's patch changes
/// them: each item read and lowered alone, as reading and lowering the whole document would.
///
/// A client holding such definitions applies a patch to the one item (``PatchableDefinitions``):
/// the item is lowered again and, where the other flags see it unchanged, laid out again in the
/// program last linked (``ProgramDrafts``), instead of the whole document read and compiled.
protocol ItemwiseDialect: CompilingDialect {
    /// Every item of `document` lowered, listed in key order, as
    /// ``compile(_:flagSets:options:)`` lowers them with `options`.
    func lower(_ document: Document, options: CompileOptions) -> ProgramDraft

    /// The flag and segment objects of the document JSON `json` (as read, or as
    /// ``cachedJSON(items:of:)`` wrote it), by key.
    func items(of json: JSONValue) -> DocumentItems

    /// The JSON a cache stores for a document of `items` with the rest of `document` (its
    /// version, what its items share); read back, it is the same document.
    func cachedJSON(items: DocumentItems, of document: Document) -> JSONValue

    /// The items and version of `json`, a whole document, when reading it whole makes `document`
    /// with these items and this version (`nil`: a format without one) and nothing else changed;
    /// `nil` when it has to be read whole: a document of another shape, or one reading refuses.
    func wholeItems(of json: JSONValue, replacing document: Document) -> (items: DocumentItems, version: Int64?)?

    /// Reads `json` as flag `key` of `document`, replacing the one held, or removes it (`nil`);
    /// returns the flag lowered with `options` and as a source item, `nil` when there is no flag
    /// to evaluate.
    func replace(flag key: String, with json: JSONValue?, in document: inout Document, options: CompileOptions)
        -> (draft: FlagDraft, source: SourceItem)?

    /// Reads `json` as segment `key` of `document`, replacing the one held, or removes it (`nil`);
    /// returns the segment lowered (`nil` for a format that writes its segments into the flags
    /// using them) and as a source item, `nil` when there is no segment.
    func replace(segment key: String, with json: JSONValue?, in document: inout Document, options: CompileOptions)
        -> (draft: SegmentDraft?, source: SourceItem)?

    /// The flags of `document` whose lowering reads item `key` of `kind` (a segment written into
    /// its rules, a parent whose strategies it repeats), besides the item itself: they are lowered
    /// again when it changes. None for a format that links what items use instead.
    func flags(reading kind: DefinitionItemKind, _ key: String, in document: Document) -> [String]

    /// Flag `key` of `document` lowered again with `options`, and as a source item; `nil` when
    /// there is no flag to evaluate.
    func lower(flag key: String, in document: Document, options: CompileOptions) -> (draft: FlagDraft, source: SourceItem)?

    /// Whether an item's JSON carries its version, which a patch's version then replaces.
    var itemsCarryVersions: Bool { get }

    /// The version of item `key` of `kind` held in `document` (a tombstone's included); `nil`
    /// when it holds none.
    func version(of kind: DefinitionItemKind, _ key: String, in document: Document) -> Int64?

    /// Sets the version of the whole document, for a format that has one.
    func advance(_ document: inout Document, to version: Int64)

    /// The snapshot of `document` compiled into `program` (linked with `flagSets` selected);
    /// `source`, when given, is the document's items, kept from the previous snapshot.
    func snapshot(of document: Document, program: Program, flagSets: Set<String>?, source: SourceDefinitions?) -> Snapshot
}

extension ItemwiseDialect {
    /// No document version.
    func advance(_ document: inout Document, to version: Int64) {}

    /// Items are linked, not written into the flags using them.
    func flags(reading kind: DefinitionItemKind, _ key: String, in document: Document) -> [String] { [] }

    /// Items carry their versions.
    var itemsCarryVersions: Bool { true }

    /// Reads `json` with `read` as item `key` of `items`, replacing the one held, or removes it
    /// (`nil`); returns `lowered` of the item read (`nil`: nothing to evaluate, as a tombstone).
    func replace<Item, Draft>(_ key: String, with json: JSONValue?, in items: inout [String: Item],
                              read: (JSONValue) -> Item, lowered: (Item, JSONValue) -> (draft: Draft, source: SourceItem)?)
        -> (draft: Draft, source: SourceItem)?
    {
        guard let json else {
            items[key] = nil
            return nil
        }
        let item = read(json)
        items[key] = item
        return lowered(item, json)
    }
}

extension ItemwiseDialect where Self: ReadingDialect {
    /// The definitions `document`, ready to patch: every itemwise dialect's documents are.
    func patchable(_ document: Document) -> (any PatchableDefinitions)? {
        ItemwiseDefinitions(dialect: self, document: document)
    }
}

/// Definitions whose items change one at a time; from the first change on, with their lowering
/// kept for the next compile.
package protocol PatchableDefinitions: Sendable {
    /// The definitions as they are now.
    var definitions: Definitions { get }

    /// The version of item `key` of `kind` held (a tombstone's included); `nil` when none is held.
    func version(of kind: DefinitionItemKind, _ key: String) -> Int64?

    /// Reads `json` as item `key` of `kind`, replacing the one held, or removes it (`nil`).
    mutating func replace(_ kind: DefinitionItemKind, _ key: String, with json: JSONValue?)

    /// Sets the version of the whole document, for a format that has one.
    mutating func advance(to version: Int64)

    /// Whether an item's JSON carries its version, which a patch's version then replaces.
    var itemsCarryVersions: Bool { get }

    /// The items and version of `json`, a whole document, when its items can replace those held
    /// one by one (see ``ItemwiseDialect/wholeItems(of:replacing:)``); `nil` when it has to be
    /// read whole.
    func wholeItems(of json: JSONValue) -> (items: DocumentItems, version: Int64?)?

    /// The snapshot of the definitions: compiled whole before the first change, then from the
    /// lowering kept (see ``ProgramDrafts``).
    mutating func compile(flagSets: Set<String>?, options: CompileOptions) -> Snapshot

    /// The JSON a cache stores for a document of `items`.
    func cachedJSON(items: DocumentItems) -> JSONValue
}

/// A document of an ``ItemwiseDialect`` and, once changed, its items as lowered.
struct ItemwiseDefinitions<Dialect: ItemwiseDialect & ReadingDialect>: PatchableDefinitions {
    let dialect: Dialect
    private var document: Dialect.Document
    /// The items as lowered, from the first change on.
    private var drafts: ProgramDrafts?
    /// The snapshot last compiled whole without a flag-set selection, from which the first
    /// change's drafts start; `nil` once there are drafts, which keep it.
    private var linked: Snapshot?
    /// The options of the last whole compile, which changed items are lowered with: a client
    /// compiles with the same options every time.
    private var options = CompileOptions()

    init(dialect: Dialect, document: Dialect.Document) {
        self.dialect = dialect
        self.document = document
    }

    var definitions: Definitions { Definitions(model: ReadDocument(dialect: dialect, model: document, json: .null)) }

    func version(of kind: DefinitionItemKind, _ key: String) -> Int64? {
        dialect.version(of: kind, key, in: document)
    }

    mutating func replace(_ kind: DefinitionItemKind, _ key: String, with json: JSONValue?) {
        if drafts == nil {
            drafts = ProgramDrafts(dialect.lower(document, options: options), linked: linked)
            linked = nil
        }
        switch kind {
        case .flag: drafts!.update(flag: key, to: dialect.replace(flag: key, with: json, in: &document, options: options))
        case .segment: drafts!.update(segment: key, to: dialect.replace(segment: key, with: json, in: &document, options: options))
        }
        for reader in dialect.flags(reading: kind, key, in: document) where kind == .segment || reader != key {
            drafts!.update(flag: reader, to: dialect.lower(flag: reader, in: document, options: options))
        }
    }

    var itemsCarryVersions: Bool { dialect.itemsCarryVersions }

    mutating func advance(to version: Int64) {
        dialect.advance(&document, to: version)
    }

    func wholeItems(of json: JSONValue) -> (items: DocumentItems, version: Int64?)? {
        dialect.wholeItems(of: json, replacing: document)
    }

    mutating func compile(flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        guard drafts != nil else {
            self.options = options
            let snapshot = dialect.compile(document, flagSets: flagSets, options: options)
            linked = flagSets == nil ? snapshot : nil
            return snapshot
        }
        let document = document
        return drafts!.compile(flagSets: flagSets) { [dialect] program, source in
            dialect.snapshot(of: document, program: program, flagSets: flagSets, source: source)
        }
    }

    func cachedJSON(items: DocumentItems) -> JSONValue {
        dialect.cachedJSON(items: items, of: document)
    }
}
