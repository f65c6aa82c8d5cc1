extension Snapshot {
    /// Compiles a Kameleoon configuration (see ``KameleoonLowering`` for the semantics). The
    /// snapshot's ``version`` is the configuration's `dateModified`; ``model`` keeps the document
    /// for the visitor replay and Kameleoon's own results.
    package convenience init(kameleoon document: KameleoonDocument, flagSets: Set<String>? = nil, options: CompileOptions = CompileOptions()) {
        var draft = KameleoonLowering.lower(document)
        if let now = options.now { draft.clock = .fixed(now) }
        let program = ProgramLinker.link(draft, flagSets: flagSets)
        var flags: [String: JSONValue] = [:]
        for flag in document.flags { flags[flag.featureKey] = flag.json }
        var segments: [String: JSONValue] = [:]
        for (id, segment) in document.segments { segments[String(id)] = segment.json }
        self.init(version: document.dateModified, source: SourceDefinitions(format: .kameleoon, flags: flags, segments: segments),
                  program: program, model: document)
    }

    /// The Kameleoon document the snapshot was compiled from, if it was.
    package var kameleoonDocument: KameleoonDocument? { model as? KameleoonDocument }

    /// The evaluation clock, in Unix milliseconds.
    package var nowMilliseconds: Int64 { program.clock.now().unixMilliseconds }
}
