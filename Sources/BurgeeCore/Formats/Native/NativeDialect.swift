extension DefinitionsFormat {
    /// Burgee's own definitions format, version 1 (`docs/definitions-format.md`).
    public static let native = DefinitionsFormat(
        name: "native", displayName: "native Burgee",
        expectedShape: #"an object with "formatVersion": 1, "flags" and "segments""#)
}

/// Burgee's own format: recognised by `formatVersion`, read by `DefinitionsDocument`, lowered by
/// ``NativeLowering``, patched item by item (a stream's `patch` and `delete`); contexts are
/// Burgee's context JSON.
struct NativeDialect: DefinitionsDialect, ItemwiseDialect {
    var format: DefinitionsFormat { .native }

    var principalMarker: String { #""formatVersion""# }

    var flagsMember: FlagsMember { .unmarked }

    func markers(in members: [String: JSONValue]) -> [String] {
        members["formatVersion"] != nil ? [#""formatVersion""#] : []
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> DefinitionsDocument {
        try DefinitionsDocument(json: json)
    }

    func version(of document: DefinitionsDocument) -> Int64 { document.version }

    func cachedJSON(of document: DefinitionsDocument, read json: JSONValue) -> JSONValue { document.json }

    func compile(_ document: DefinitionsDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        if let flagSets { Snapshot(compiling: document, flagSets: flagSets) } else { Snapshot(compiling: document) }
    }

    var commandLineHelp: CommandLineHelp {
        CommandLineHelp(evaluation: """
            For native Burgee definitions, contexts are Burgee's context JSON: a single context \
            {"kind"?, "key", "name"?, …} (of kind "user" when "kind" is absent; every other member is an \
            attribute) or a multi-context {"kind":"multi", "<kind>":{"key", …}, …}, and variations are \
            named by their keys.
            """)
    }

    // MARK: Item by item

    func lower(_ document: DefinitionsDocument, options: CompileOptions) -> ProgramDraft {
        NativeLowering.lower(document)
    }

    func items(of json: JSONValue) -> DocumentItems {
        var items: DocumentItems = [:]
        for kind in DefinitionItemKind.allCases {
            if case .object(let members)? = json.objectValue?[kind.member] { items[kind] = members }
        }
        return items
    }

    func cachedJSON(items: DocumentItems, of document: DefinitionsDocument) -> JSONValue {
        .object([
            "formatVersion": .number(Double(DefinitionsDocument.formatVersion)),
            "version": .number(Double(version(of: document))),
            "flags": .object(items[.flag] ?? [:]),
            "segments": .object(items[.segment] ?? [:]),
        ])
    }

    /// A document of format version 1 whose version, flags and segments reading accepts: it
    /// reads nothing else.
    func wholeItems(of json: JSONValue, replacing document: DefinitionsDocument) -> (items: DocumentItems, version: Int64?)? {
        guard case .object(let members) = json, members["formatVersion"] == .number(Double(DefinitionsDocument.formatVersion))
        else { return nil }
        var version: Int64 = 0
        if let v = members["version"], !v.isNull {
            guard let i = v.int64Value else { return nil }
            version = i
        }
        var items: DocumentItems = [:]
        for kind in DefinitionItemKind.allCases {
            switch members[kind.member] {
            case nil, .null?: items[kind] = [:]
            case .object(let objects)?: items[kind] = objects
            default: return nil
            }
        }
        return (items, version)
    }

    func replace(flag key: String, with json: JSONValue?, in document: inout DefinitionsDocument, options: CompileOptions)
        -> (draft: FlagDraft, source: SourceItem)?
    {
        replace(key, with: json, in: &document.flags,
                read: { FlagDefinition(key: key, json: $0, at: JSONPointer.root.appending("flags").appending(key)) },
                lowered: { flag, _ in (NativeLowering.lower(flag: flag), SourceItem(flag)) })
    }

    func replace(segment key: String, with json: JSONValue?, in document: inout DefinitionsDocument, options: CompileOptions)
        -> (draft: SegmentDraft?, source: SourceItem)?
    {
        replace(key, with: json, in: &document.segments,
                read: { SegmentDefinition(key: key, json: $0, at: JSONPointer.root.appending("segments").appending(key)) },
                lowered: { segment, _ in (Optional(NativeLowering.lower(segment: segment)), SourceItem(segment)) })
    }

    func lower(flag key: String, in document: DefinitionsDocument, options: CompileOptions) -> (draft: FlagDraft, source: SourceItem)? {
        document.flags[key].map { (NativeLowering.lower(flag: $0), SourceItem($0)) }
    }

    func version(of kind: DefinitionItemKind, _ key: String, in document: DefinitionsDocument) -> Int64? {
        switch kind {
        case .flag: document.flags[key]?.version
        case .segment: document.segments[key]?.version
        }
    }

    func advance(_ document: inout DefinitionsDocument, to version: Int64) {
        document.version = version
    }

    func snapshot(of document: DefinitionsDocument, program: Program, flagSets: Set<String>?,
                  source: SourceDefinitions?) -> Snapshot {
        Snapshot(compiling: document, program: program, flagSets: flagSets, source: source)
    }
}

extension SourceDefinitions {
    /// The items of a native document: its flag and segment definitions.
    package static func native(_ document: DefinitionsDocument) -> SourceDefinitions {
        SourceDefinitions(format: .native, flags: document.flags.mapValues { SourceItem($0) },
                          segments: document.segments.mapValues { SourceItem($0) })
    }
}
