/// flagd's documents change flag by flag: flags use no segment and no other flag, so a flag reads
/// only itself and what the document shares (`$evaluators` for its `$ref`s, `metadata`). A watched
/// file of several that changes, merged with the others, replaces only the flags that differ; a
/// document whose shared members changed is read whole.
extension FlagdDialect: ItemwiseDialect {
    func lower(_ document: FlagdDocument, options: CompileOptions) -> ProgramDraft {
        FlagdLowering.lower(document, options: lowering(options))
    }

    /// The flags of the document.
    func items(of json: JSONValue) -> DocumentItems {
        guard case .object(let flags)? = json.objectValue?["flags"] else { return [:] }
        return [.flag: flags]
    }

    /// The document's shared members as written, with `items`' flags.
    func cachedJSON(items: DocumentItems, of document: FlagdDocument) -> JSONValue {
        var members = document.shared
        members["flags"] = .object(items[.flag] ?? [:])
        return .object(members)
    }

    /// A document whose members but `flags` (`$evaluators`, `metadata`, `$schema`, …) are those
    /// held: its flags read alone are what reading it whole makes of them. No document version.
    func wholeItems(of json: JSONValue, replacing document: FlagdDocument) -> (items: DocumentItems, version: Int64?)? {
        guard case .object(var members) = json, case .object(let flags)? = members.removeValue(forKey: "flags"),
              members == document.shared
        else { return nil }
        return ([.flag: flags], nil)
    }

    func replace(flag key: String, with json: JSONValue?, in document: inout FlagdDocument, options: CompileOptions)
        -> (draft: FlagDraft, source: SourceItem)?
    {
        let (index, found) = document.index(ofFlag: key)
        guard let json else {
            if found { document.flags.remove(at: index) }
            return nil
        }
        let flag = document.flag(key, json: json)
        if found { document.flags[index] = flag } else { document.flags.insert(flag, at: index) }
        return lowered(flag, in: document, options: options)
    }

    /// flagd has no segments.
    func replace(segment key: String, with json: JSONValue?, in document: inout FlagdDocument, options: CompileOptions)
        -> (draft: SegmentDraft?, source: SourceItem)?
    {
        nil
    }

    func lower(flag key: String, in document: FlagdDocument, options: CompileOptions) -> (draft: FlagDraft, source: SourceItem)? {
        document.flag(key).map { lowered($0, in: document, options: options) }
    }

    /// flagd's flags carry no version.
    var itemsCarryVersions: Bool { false }

    func version(of kind: DefinitionItemKind, _ key: String, in document: FlagdDocument) -> Int64? { nil }

    func snapshot(of document: FlagdDocument, program: Program, flagSets: Set<String>?, source: SourceDefinitions?) -> Snapshot {
        Snapshot(flagd: document, program: program, source: source)
    }

    private func lowered(_ flag: FlagdFlag, in document: FlagdDocument, options: CompileOptions) -> (draft: FlagDraft, source: SourceItem) {
        (FlagdLowering.lower(flag: flag, in: document, options: lowering(options)), SourceItem(document.sourceJSON(of: flag)))
    }
}
