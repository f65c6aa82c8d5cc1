import BurgeeCore

/// The definitions the client holds. For a format whose items change one at a time
/// (``ItemwiseDialect``) also the raw JSON of each item (so that patched definitions
/// are cached as the source sent them, malformed items included), and the versions of deleted
/// items, against which later patches are checked; patches apply to such formats only.
struct CurrentDefinitions: Sendable {
    /// The definitions as read, until the first patch (then ``patchable`` holds them alone, so
    /// that a patch does not copy the document).
    private var read: Definitions?
    /// The definitions ready to patch, for a format whose items change one at a time.
    private var patchable: (any PatchableDefinitions)?
    /// The items as they arrived, for a format whose items change one at a time.
    private var items: DocumentItems?
    private var tombstones: [DefinitionItemKind: [String: Int64]] = [:]

    /// Reads a whole document of `format`, or of the format detected; throws where
    /// ``Definitions/init(json:format:)`` does.
    init(json: JSONValue, format: DefinitionsFormat?) throws(DefinitionsError) {
        self.init(definitions: try Definitions(json: json, format: format))
    }

    /// Holds definitions read or built in code.
    init(definitions: Definitions) {
        read = definitions
        patchable = definitions.patchable
        items = patchable == nil ? nil : definitions.items
    }

    /// The definitions held.
    var definitions: Definitions { read ?? patchable!.definitions }

    /// The version of the item held, or at which it was deleted; `nil` for an unknown item, or
    /// definitions that take no patches.
    func version(of kind: DefinitionItemKind, _ key: String) -> Int64? {
        patchable?.version(of: kind, key) ?? tombstones[kind]?[key]
    }

    /// Whether patches apply to the definitions held (their format changes item by item).
    var isPatchable: Bool { patchable != nil }

    /// Applies `patch` unless the version held is not older or the definitions take only whole
    /// documents; returns whether it applied.
    mutating func apply(_ patch: DefinitionsPatch) -> Bool {
        guard isPatchable else { return false }
        if let held = version(of: patch.kind, patch.key), held >= patch.version { return false }
        read = nil
        switch patch.operation {
        case .upsert(var json):
            if patchable!.itemsCarryVersions, case .object(var o) = json {
                o["version"] = .number(Double(patch.version))
                json = .object(o)
            }
            items?[patch.kind, default: [:]][patch.key] = json
            tombstones[patch.kind]?[patch.key] = nil
            patchable!.replace(patch.kind, patch.key, with: json)
        case .delete:
            items?[patch.kind]?[patch.key] = nil
            tombstones[patch.kind, default: [:]][patch.key] = patch.version
            patchable!.replace(patch.kind, patch.key, with: nil)
        }
        if let documentVersion = patch.documentVersion, documentVersion > definitions.version {
            patchable!.advance(to: documentVersion)
        }
        return true
    }

    /// Takes `json`, a whole document, as changes to the items it changes, adds or drops, when the
    /// definitions held change item by item, are of `format` (given, or detected in `json`) and
    /// `json` has their shape (``PatchableDefinitions/wholeItems(of:)``): those items are replaced
    /// as patches replace them (whatever their versions) and the document's version is set, so
    /// that what did not change is not read and lowered again. Returns the keys of the items
    /// changed; `nil`, changing nothing, when `json` has to be read whole, or changes more than
    /// half of the items (a whole compile is as fast then).
    mutating func replaceItems(withWhole json: JSONValue, format: DefinitionsFormat?) -> (flags: [String], segments: [String])? {
        // A format given is not checked against the shape here: `wholeItems` reads only its own.
        guard let patchable, let held = items, let given = format ?? (try? DefinitionsReader.format(of: json, given: nil)),
              given == patchable.definitions.format, let whole = patchable.wholeItems(of: json)
        else { return nil }
        var changed: [DefinitionItemKind: [String]] = [:]
        var changes = 0, count = 0
        for kind in DefinitionItemKind.allCases {
            let old = held[kind] ?? [:], new = whole.items[kind] ?? [:]
            var keys: [String] = []
            for (key, value) in new where old[key] != value { keys.append(key) }
            for key in old.keys where new[key] == nil { keys.append(key) }
            changed[kind] = keys.sorted()
            changes += keys.count
            count += max(old.count, new.count)
        }
        guard changes * 2 <= count else { return nil }
        tombstones = [:]
        items = whole.items
        let version = whole.version ?? definitions.version
        guard changes > 0 || version != definitions.version else { return ([], []) }
        read = nil
        for kind in DefinitionItemKind.allCases {
            for key in changed[kind] ?? [] { self.patchable!.replace(kind, key, with: whole.items[kind]?[key]) }
        }
        if version != definitions.version { self.patchable!.advance(to: version) }
        return (changed[.flag] ?? [], changed[.segment] ?? [])
    }

    /// The snapshot of the definitions held: from the lowering kept once patched, else compiled whole.
    mutating func compile(flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        if patchable != nil { return patchable!.compile(flagSets: flagSets, options: options) }
        return Snapshot(compiling: read!, flagSets: flagSets, options: options)
    }

    /// The definitions as JSON; patchable formats' items as the source sent them.
    var json: JSONValue {
        guard let patchable, let items else { return definitions.json }
        return patchable.cachedJSON(items: items)
    }
}
