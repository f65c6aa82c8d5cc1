import BurgeeCore

/// The definitions the client holds. For native definitions also the raw JSON of each item (so
/// that patched definitions are cached as the source sent them, malformed items included), and
/// the versions of deleted items, against which later patches are checked; patches apply to
/// native definitions only.
struct CurrentDefinitions: Sendable {
    private(set) var definitions: Definitions
    private var items: [DefinitionsPatch.Kind: [String: JSONValue]]
    private var tombstones: [DefinitionsPatch.Kind: [String: Int64]] = [:]
    /// The native items as lowered, made at the first patch and kept up to date by the next ones,
    /// so that a patch lowers only the item it changes.
    private var drafts: NativeDrafts?
    /// The snapshot last compiled from native definitions without a flag-set selection, from
    /// which the first patch's drafts start; `nil` once there are drafts, which keep it.
    private var compiled: Snapshot?

    /// Reads a whole document of `format`, or of the format detected; throws where
    /// ``Definitions/init(json:format:)`` does.
    init(json: JSONValue, format: DefinitionsFormat?) throws(DefinitionsError) {
        definitions = try Definitions(json: json, format: format)
        var items: [DefinitionsPatch.Kind: [String: JSONValue]] = [:]
        if definitions.format == .native, case .object(let o) = json {
            for kind in DefinitionsPatch.Kind.allCases {
                if case .object(let members)? = o[kind.member] { items[kind] = members }
            }
        }
        self.items = items
    }

    /// Holds definitions built in code.
    init(definitions: Definitions) {
        self.definitions = definitions
        if let document = definitions.document {
            items = [.flag: document.flags.mapValues(\.json), .segment: document.segments.mapValues(\.json)]
        } else {
            items = [:]
        }
    }

    /// The native document held, if the definitions are native.
    var document: DefinitionsDocument? { definitions.document }

    /// The version of the item held, or at which it was deleted.
    func version(of kind: DefinitionsPatch.Kind, _ key: String) -> Int64? {
        switch kind {
        case .flag: document?.flags[key]?.version ?? tombstones[kind]?[key]
        case .segment: document?.segments[key]?.version ?? tombstones[kind]?[key]
        }
    }

    /// Applies `patch` to native definitions unless the version held is not older; returns
    /// whether it applied.
    mutating func apply(_ patch: DefinitionsPatch) -> Bool {
        guard var document else { return false }
        if let held = version(of: patch.kind, patch.key), held >= patch.version { return false }
        var drafts = self.drafts ?? NativeDrafts(document, linked: compiled)
        self.drafts = nil
        switch patch.operation {
        case .upsert(var json):
            if case .object(var o) = json {
                o["version"] = .number(Double(patch.version))
                json = .object(o)
            }
            items[patch.kind, default: [:]][patch.key] = json
            tombstones[patch.kind]?[patch.key] = nil
            let path = JSONPointer.root.appending(patch.kind.member).appending(patch.key)
            switch patch.kind {
            case .flag:
                let flag = FlagDefinition(key: patch.key, json: json, at: path)
                document.flags[patch.key] = flag
                drafts.update(flag: patch.key, to: flag)
            case .segment:
                let segment = SegmentDefinition(key: patch.key, json: json, at: path)
                document.segments[patch.key] = segment
                drafts.update(segment: patch.key, to: segment)
            }
        case .delete:
            items[patch.kind]?[patch.key] = nil
            tombstones[patch.kind, default: [:]][patch.key] = patch.version
            switch patch.kind {
            case .flag:
                document.flags[patch.key] = nil
                drafts.update(flag: patch.key, to: nil)
            case .segment:
                document.segments[patch.key] = nil
                drafts.update(segment: patch.key, to: nil)
            }
        }
        if let documentVersion = patch.documentVersion, documentVersion > document.version {
            document.version = documentVersion
        }
        definitions = Definitions(document)
        self.drafts = drafts
        return true
    }

    /// The snapshot of the definitions held: from the drafts kept when patched, else compiled whole.
    mutating func compile(flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        let snapshot: Snapshot
        if drafts != nil, let document {
            snapshot = drafts!.compile(document, flagSets: flagSets)
        } else {
            snapshot = Snapshot(compiling: definitions, flagSets: flagSets, options: options)
        }
        compiled = drafts == nil && document != nil && flagSets == nil ? snapshot : nil
        return snapshot
    }

    /// The definitions as JSON; native items as the source sent them.
    var json: JSONValue {
        guard let document else { return definitions.json }
        return .object([
            "formatVersion": .number(Double(DefinitionsDocument.formatVersion)),
            "version": .number(Double(document.version)),
            "flags": .object(items[.flag] ?? [:]),
            "segments": .object(items[.segment] ?? [:]),
        ])
    }
}

extension DefinitionsPatch.Kind {
    /// The document member holding items of this kind.
    var member: String {
        switch self {
        case .flag: "flags"
        case .segment: "segments"
        }
    }
}
