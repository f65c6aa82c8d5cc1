extension Snapshot {
    /// Compiles flagd definitions (see ``FlagdLowering`` for how flags become the program).
    package convenience init(flagd document: FlagdDocument, options: FlagdLoweringOptions = FlagdLoweringOptions(),
                             flagSets: Set<String>? = nil) {
        let program = ProgramLinker.link(FlagdLowering.lower(document, options: options), flagSets: flagSets)
        self.init(flagd: document, program: program, source: nil)
    }

    /// The snapshot of `document` compiled into `program`; `source`, when given, is the
    /// document's items, kept from the previous snapshot.
    convenience init(flagd document: FlagdDocument, program: Program, source: SourceDefinitions?) {
        let source = source ?? SourceDefinitions(
            format: .flagd, flags: Dictionary(uniqueKeysWithValues: document.flags.map { ($0.key, document.sourceJSON(of: $0)) }),
            segments: [String: JSONValue]())
        self.init(version: 0, source: source, program: program)
    }

    /// Compiles definitions of any format as ``init(compiling:flagSets:)-(Definitions,_)`` does, flagd's with
    /// `flagd` (their `fractional` rule); other formats ignore it.
    public convenience init(compiling definitions: Definitions, flagSets: Set<String>? = nil,
                            flagd: FlagdLoweringOptions) {
        var options = CompileOptions()
        options.flagd = flagd
        self.init(compiling: definitions, flagSets: flagSets, options: options)
    }

    /// Reads and compiles flagd documents, merged in order (later keys win).
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when one is not flagd's shape.
    public convenience init(flagdJSON documents: [JSONValue], options: FlagdLoweringOptions = FlagdLoweringOptions())
        throws(DefinitionsError)
    {
        self.init(compiling: try Definitions(flagdDocuments: documents), flagd: options)
    }

    /// The flagd result (OpenFeature's reason, error code, variant and flag metadata) of an
    /// evaluation of `key` with this snapshot (see ``FlagdEvaluation``).
    public func flagdResult(for detail: EvaluationDetail, flag key: String) -> FlagdEvaluation {
        let index = program.flagIndex(of: key)
        let metadata = index.map { program.flagInfo[$0].metadata } ?? [:]
        let served = detail.variationIndex != nil
        let reason: String
        switch detail.reason.kind {
        case .error: reason = "ERROR"
        case .off, .prerequisiteFailed: reason = "DISABLED"
        case .targetMatch, .ruleMatch: reason = detail.reason.fromRollout ? "SPLIT" : "TARGETING_MATCH"
        case .fallthrough:
            reason = served ? (index.flatMap { program.flagInfo[$0].openFeatureFallthroughReason } ?? "DEFAULT") : "DEFAULT"
        }
        return FlagdEvaluation(value: served ? Optional(detail.value) : Optional<JSONValue>.none, variant: served ? detail.variationKey : nil, reason: reason,
                               errorCode: detail.reason.openFeatureErrorCode, flagMetadata: metadata)
    }
}
