extension DefinitionsFormat {
    /// LaunchDarkly's server-side flag data (`{"flags":{…},"segments":{…}}`) and its stream `put`.
    public static let launchDarkly = DefinitionsFormat(
        name: "launchdarkly", displayName: "LaunchDarkly",
        expectedShape: #"an object with "flags" whose flags have "on" and "variations" arrays, and "segments"; or a stream put {"path":"/","data":{"flags":…,"segments":…}}"#)
}

/// LaunchDarkly's format: recognised by flags with an `on` boolean or a stream `put`, read by
/// ``LaunchDarklyDocument``, lowered by ``LaunchDarklyLowering``, patched item by item (the
/// stream's `patch` and `delete`); contexts are LaunchDarkly's (a pre-2022 user object included),
/// checked before the flag is looked up.
struct LaunchDarklyDialect: DefinitionsDialect, ItemwiseDialect {
    var format: DefinitionsFormat { .launchDarkly }

    var principalMarker: String { #""flags""# }

    var flagsMember: FlagsMember { .marked(#""on""#) }

    func hasFlagShape(_ flag: [String: JSONValue]) -> Bool {
        flag["on"]?.boolValue != nil
    }

    /// A stream `put`: `data` holding `flags` or `segments`, with `path` absent or `"/"`.
    func markers(in members: [String: JSONValue]) -> [String] {
        if case .object(let data)? = members["data"], data["flags"] != nil || data["segments"] != nil,
           members["path"] == nil || members["path"] == .string("/") {
            return [#"a stream put ("data" with "flags" or "segments")"#]
        }
        return []
    }

    func read(_ json: JSONValue) throws(DefinitionsError) -> LaunchDarklyDocument {
        try LaunchDarklyDocument(json: json)
    }

    /// Flag data is written as a stream `put` (`{"path":"/","data":{…}}`), whose shape tells it
    /// even when it holds no flag; a document built from items is written from them.
    func cachedJSON(of document: LaunchDarklyDocument, read json: JSONValue) -> JSONValue {
        if json.isNull {
            return cachedJSON(items: [.flag: document.flags.mapValues(\.json), .segment: document.segments.mapValues(\.json)],
                              of: document)
        }
        if case .object(let members) = json, members["data"] != nil, members["flags"] == nil { return json }
        return ["path": "/", "data": json]
    }

    func compile(_ document: LaunchDarklyDocument, flagSets: Set<String>?, options: CompileOptions) -> Snapshot {
        Snapshot(launchDarkly: document, flagSets: flagSets, memberships: options.segmentMemberships)
    }

    // MARK: Item by item

    func lower(_ document: LaunchDarklyDocument, options: CompileOptions) -> ProgramDraft {
        var draft = LaunchDarklyLowering.lower(document)
        draft.segmentMemberships = options.segmentMemberships
        return draft
    }

    /// The items of the flag data, or of a stream `put`'s `data`.
    func items(of json: JSONValue) -> DocumentItems {
        guard var members = json.objectValue else { return [:] }
        if members["flags"] == nil, members["segments"] == nil, let data = members["data"]?.objectValue { members = data }
        var items: DocumentItems = [:]
        for kind in DefinitionItemKind.allCases {
            if case .object(let objects)? = members[kind.member] { items[kind] = objects }
        }
        return items
    }

    /// A stream `put`, tombstones kept (with their versions, for the patches after them).
    func cachedJSON(items: DocumentItems, of document: LaunchDarklyDocument) -> JSONValue {
        ["path": "/", "data": ["flags": .object(items[.flag] ?? [:]), "segments": .object(items[.segment] ?? [:])]]
    }

    /// A document of the same shape (flag data, or a stream `put`): the problems' paths start
    /// where the items sit. No document version.
    func wholeItems(of json: JSONValue, replacing document: LaunchDarklyDocument) -> (items: DocumentItems, version: Int64?)? {
        guard let whole = try? LaunchDarklyDocument.items(of: json), whole.base == document.base else { return nil }
        return (whole.items, nil)
    }

    /// A tombstone (`"deleted": true`) is held for its version, not evaluated.
    func replace(flag key: String, with json: JSONValue?, in document: inout LaunchDarklyDocument, options: CompileOptions)
        -> (draft: FlagDraft, source: SourceItem)?
    {
        let path = document.base.appending("flags").appending(key)
        return replace(key, with: json, in: &document.flags, read: { LaunchDarklyFlag(key: key, json: $0, at: path) },
                       lowered: { flag, json in flag.deleted ? nil : (LaunchDarklyLowering.lower(flag: flag), SourceItem(json)) })
    }

    /// A tombstone (`"deleted": true`) is held for its version, not evaluated.
    func replace(segment key: String, with json: JSONValue?, in document: inout LaunchDarklyDocument, options: CompileOptions)
        -> (draft: SegmentDraft?, source: SourceItem)?
    {
        let path = document.base.appending("segments").appending(key)
        return replace(key, with: json, in: &document.segments, read: { LaunchDarklySegment(key: key, json: $0, at: path) },
                       lowered: { segment, json in
                           segment.deleted ? nil : (Optional(LaunchDarklyLowering.lower(segment: segment)), SourceItem(json))
                       })
    }

    func lower(flag key: String, in document: LaunchDarklyDocument, options: CompileOptions) -> (draft: FlagDraft, source: SourceItem)? {
        guard let flag = document.flags[key], !flag.deleted else { return nil }
        return (LaunchDarklyLowering.lower(flag: flag), SourceItem(flag.json))
    }

    func version(of kind: DefinitionItemKind, _ key: String, in document: LaunchDarklyDocument) -> Int64? {
        switch kind {
        case .flag: document.flags[key]?.version
        case .segment: document.segments[key]?.version
        }
    }

    func snapshot(of document: LaunchDarklyDocument, program: Program, flagSets: Set<String>?,
                  source: SourceDefinitions?) -> Snapshot {
        Snapshot(launchDarkly: document, program: program, source: source)
    }

    /// LaunchDarkly's SDKs check the context before they look the flag up.
    var checksContextFirst: Bool { true }

    func context(json: JSONValue) -> Context { Context(launchDarklyJSON: json) }

    var commandLineHelp: CommandLineHelp {
        CommandLineHelp(
            evaluation: """
                For LaunchDarkly definitions, contexts are LaunchDarkly's (with "kind", or a pre-2022 user \
                object {"key", "name"?, "email"?, …, "custom":{…}}), variations are named by their index \
                ("0", "1", …), and reasons are in LaunchDarkly's shape, with "bigSegmentsStatus" when an \
                unbounded segment was consulted.
                """,
            explanation: "For LaunchDarkly definitions the context is LaunchDarkly's (a pre-2022 user object included).",
            validation: """
                For LaunchDarkly, what its SDKs report as MALFORMED_FLAG only when an evaluation reaches it \
                (a variation out of range, an invalid attribute reference) and unbounded (big) segments are warnings.
                """)
    }
}
