extension DefinitionsFormat {
    /// Burgee's own definitions format, version 1 (`docs/definitions-format.md`).
    public static let native = DefinitionsFormat(
        name: "native", displayName: "native Burgee",
        expectedShape: #"an object with "formatVersion": 1, "flags" and "segments""#)
}

/// Burgee's own format: recognised by `formatVersion`, read by `DefinitionsDocument`, lowered by
/// ``NativeLowering``; contexts are Burgee's context JSON.
struct NativeDialect: DefinitionsDialect {
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
}

extension SourceDefinitions {
    /// The items of a native document: its flag and segment definitions.
    package static func native(_ document: DefinitionsDocument) -> SourceDefinitions {
        SourceDefinitions(format: .native, flags: document.flags.mapValues { SourceItem($0) },
                          segments: document.segments.mapValues { SourceItem($0) })
    }
}
