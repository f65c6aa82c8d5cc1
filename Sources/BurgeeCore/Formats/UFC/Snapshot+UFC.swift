extension Snapshot {
    /// Compiles a UFC document, Datadog's or Eppo's (see ``UFCLowering`` for the semantics). The
    /// snapshot has no version: UFC documents carry none.
    package convenience init(ufc document: UFCDocument, flagSets: Set<String>? = nil, options: CompileOptions = CompileOptions(now: nil)) {
        let program = ProgramLinker.link(UFCLowering.lower(document, options: options), flagSets: flagSets)
        // The document is kept for Eppo's details calls, with the compile time as when it was fetched.
        self.init(version: 0, source: SourceDefinitions(format: document.vendor.format, flags: document.flagsJSON, segments: [:]),
                  program: program, model: UFCModel(document: document, compiledAt: program.clock.now()))
    }

    /// What the UFC rule at `index` of the flag at `position` keeps for results (see
    /// ``UFCLowering``); `nil` when there is none.
    package func ufcRulePayload(at position: FlagPosition, rule index: Int?) -> [String: JSONValue]? {
        guard let index else { return nil }
        let payloads = info(at: position).rulePayloads
        guard index >= 0, index < payloads.count, case .object(let payload) = payloads[index] else { return nil }
        return payload
    }
}
