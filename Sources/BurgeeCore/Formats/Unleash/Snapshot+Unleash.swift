extension Snapshot {
    /// Compiles Unleash definitions (see ``UnleashLowering`` for how features become flags).
    ///
    /// ``version`` is the document's `version`.
    /// Problems of the document itself (an unreadable delta event, a `segments` member that is
    /// not an array) are not flag problems: ``Definitions/documentProblems`` has them.
    package convenience init(unleash document: UnleashDocument, options: UnleashLoweringOptions = UnleashLoweringOptions(),
                             flagSets: Set<String>? = nil) {
        self.init(unleash: document, program: ProgramLinker.link(UnleashLowering.lower(document, options: options), flagSets: flagSets),
                  source: nil)
    }

    /// The snapshot of `document` compiled into `program`; `source`, when given, is the
    /// document's items, kept from the previous snapshot.
    convenience init(unleash document: UnleashDocument, program: Program, source: SourceDefinitions?) {
        self.init(version: document.version ?? 0, source: source ?? .unleash(document), program: program,
                  dependencies: program.dependencies)
    }

    /// What Unleash's `getVariant` returns for an evaluation of `key` with this snapshot:
    /// variations 2… are variants (`enabled: true`, their payload); variation 1 (on, no variant)
    /// is `{"name":"disabled","enabled":false,"feature_enabled":true}`; anything else (off, an
    /// error, an unknown flag) is the same with `feature_enabled: false`.
    public func unleashVariant(for detail: EvaluationDetail, flag key: String) -> UnleashVariantResult {
        guard let index = program.flagIndex(of: key), let variation = detail.variationIndex, detail.value == .bool(true) else {
            return .disabled(featureEnabled: false)
        }
        return unleashVariant(flag: index, variation: variation, name: detail.variationKey)
    }

    /// ``unleashVariant(for:flag:)`` for an outcome of this snapshot: no detail, no second lookup.
    package func unleashVariant(for outcome: EvaluationOutcome) -> UnleashVariantResult {
        guard let variation = outcome.variationIndex, case .bool(true) = program.values[outcome.slot] else {
            return .disabled(featureEnabled: false)
        }
        return unleashVariant(flag: outcome.flag, variation: variation, name: program.variationKeys[outcome.slot])
    }

    private func unleashVariant(flag index: Int, variation: Int, name: String?) -> UnleashVariantResult {
        guard variation >= 1 else { return .disabled(featureEnabled: false) }
        guard variation >= 2 else { return .disabled(featureEnabled: true) }
        let payloads = program.flagInfo[index].payloads
        return UnleashVariantResult(name: name ?? "", enabled: true, featureEnabled: true,
                                    payload: payloads.indices.contains(variation) ? payloads[variation] : nil)
    }

    /// Unleash's `isEnabled` for an evaluation: whether it served `true`.
    public func unleashIsEnabled(_ detail: EvaluationDetail) -> Bool {
        detail.value == .bool(true) && detail.variationIndex != nil
    }
}

extension SourceDefinitions {
    /// The items of an Unleash document: its features by name, its segments by id.
    static func unleash(_ document: UnleashDocument) -> SourceDefinitions {
        var flags: [String: JSONValue] = [:]
        for feature in document.features { flags[feature.name] = feature.json }
        var segments: [String: JSONValue] = [:]
        for segment in document.segments { segments[String(segment.id)] = segment.json }
        return SourceDefinitions(format: .unleash, flags: flags, segments: segments)
    }
}
