extension Snapshot {
    /// Compiles Split definitions (see ``SplitLowering`` for the semantics).
    ///
    /// The snapshot's ``version`` is the flags' change number (`ff.t`). Deleted (not `ACTIVE`)
    /// flags and rule-based segments are not compiled: they are absent.
    package convenience init(split document: SplitDocument, flagSets: Set<String>? = nil) {
        let program = ProgramLinker.link(SplitLowering.lower(document), flagSets: flagSets)
        let flags = document.liveFlags.mapValues(\.json)
        var segments: [String: JSONValue] = document.liveRuleBasedSegments.mapValues(\.json)
        let names = SplitSegmentNames(ruleBased: Set(segments.keys))
        for (name, keys) in document.segments {
            segments[names.standard(name)] = .array(keys.map(JSONValue.string))
        }
        self.init(version: document.changeNumber, source: SourceDefinitions(format: .split, flags: flags, segments: segments),
                  program: program)
    }

    /// Split's own answer for an evaluation (what `getTreatmentWithConfig` returns, with the
    /// impression's label and change number), for any flag of the snapshot.
    package func splitResult(for detail: EvaluationDetail, flag key: String) -> SplitResult {
        let position = self.position(ofFlag: key)
        let changeNumber = position.map { info(at: $0).version }
        if detail.reason.kind == .error {
            switch detail.reason.errorKind {
            case .flagNotFound?:
                return SplitResult(treatment: SplitResult.control, config: nil, label: SplitLabels.definitionNotFound, changeNumber: -1)
            case .invalidContext?, .clientNotReady?, nil:
                return SplitResult(treatment: SplitResult.control, config: nil, label: nil, changeNumber: nil)
            case .exception?:
                // Going round a cycle is Split's `exception`; a missing rule-based segment has no label.
                return SplitResult(treatment: SplitResult.control, config: nil, label: detail.reason.label, changeNumber: nil)
            case .malformedFlag?, .wrongType?:
                return SplitResult(treatment: SplitResult.control, config: nil, label: detail.reason.label, changeNumber: changeNumber)
            }
        }
        let treatment = detail.variationKey ?? SplitResult.control
        var config: String?
        if treatment != SplitResult.control, let position, let index = detail.variationIndex {
            let payloads = info(at: position).payloads
            if index < payloads.count { config = payloads[index]?.stringValue }
        }
        return SplitResult(treatment: treatment, config: config, label: detail.reason.label, changeNumber: changeNumber)
    }
}

/// What Split's SDKs answer for one evaluation: `getTreatmentWithConfig`'s treatment and
/// configuration, and the label and change number its impression carries.
package struct SplitResult: Sendable, Equatable {
    /// The treatment of an evaluation that failed.
    package static let control = "control"

    package var treatment: String
    /// The treatment's configuration, JSON text; `nil` when it has none.
    package var config: String?
    /// `nil` when the call never reached the evaluator (an invalid key, a failure).
    package var label: String?
    /// The flag's change number; -1 for a flag not found; `nil` when the call never reached the evaluator.
    package var changeNumber: Int64?

    /// `{"treatment","config","label","changeNumber"}`.
    package var json: JSONValue {
        ["treatment": .string(treatment), "config": config.map(JSONValue.string) ?? .null,
         "label": label.map(JSONValue.string) ?? .null, "changeNumber": changeNumber.map { .number(Double($0)) } ?? .null]
    }
}
