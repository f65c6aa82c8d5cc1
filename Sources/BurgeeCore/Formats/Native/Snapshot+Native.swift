extension Snapshot {
    /// Compiles a native document.
    package convenience init(compiling document: DefinitionsDocument) {
        self.init(compiling: document, program: ProgramLinker.link(NativeLowering.lower(document)), flagSets: nil)
    }

    /// Compiles only the flags that belong to at least one of `flagSets`.
    ///
    /// Flags outside the sets are neither known nor evaluable, except that the flags a selected
    /// flag names as prerequisites (transitively) are compiled too, hidden, so that prerequisites
    /// keep working. The source items are those of the compiled flags.
    package convenience init(compiling document: DefinitionsDocument, flagSets: Set<String>) {
        self.init(compiling: document, program: ProgramLinker.link(NativeLowering.lower(document), flagSets: flagSets),
                  flagSets: flagSets)
    }

    /// The snapshot of `document` compiled into `program`, linked with `flagSets` selected (see
    /// ``ProgramDrafts``); `source` when given must be `document`'s items.
    convenience init(compiling document: DefinitionsDocument, program: Program, flagSets: Set<String>?,
                     source: SourceDefinitions? = nil) {
        var compiled = document
        if source == nil, flagSets != nil {
            let kept = Set(program.flagKeys)
            compiled.flags = document.flags.filter { kept.contains($0.key) }
        }
        self.init(version: document.version, source: source ?? .native(compiled), program: program)
    }

    /// Parses, reads and compiles a document from JSON bytes.
    public convenience init(jsonBytes: [UInt8], limits: JSONLimits = .default) throws(DefinitionsError) {
        try self.init(compiling: DefinitionsDocument(jsonBytes: jsonBytes, limits: limits))
    }
}
