extension Snapshot {
    /// Compiles LaunchDarkly definitions (see ``LaunchDarklyLowering`` for the semantics).
    ///
    /// The snapshot has ``version`` 0 (LaunchDarkly's data has no
    /// document version; each flag and segment has its own). Tombstones are not compiled: their
    /// flags and segments are absent.
    /// Big segments' members are looked up in `memberships`; without one they are never found.
    package convenience init(launchDarkly document: LaunchDarklyDocument, flagSets: Set<String>? = nil,
                             memberships: (any SegmentMembershipSource)? = nil) {
        var draft = LaunchDarklyLowering.lower(document)
        draft.segmentMemberships = memberships
        self.init(launchDarkly: document, program: ProgramLinker.link(draft, flagSets: flagSets), source: nil)
    }

    /// The snapshot of `document` compiled into `program`; `source` when given must be
    /// `document`'s live items.
    convenience init(launchDarkly document: LaunchDarklyDocument, program: Program, source: SourceDefinitions?) {
        let source = source ?? SourceDefinitions(format: .launchDarkly, flags: document.liveFlags.mapValues(\.json),
                                                 segments: document.liveSegments.mapValues(\.json))
        self.init(version: 0, source: source, program: program)
    }

    /// Reads and compiles LaunchDarkly's flag data (or a stream `put`).
    /// - Throws: ``DefinitionsError/notOfFormat(_:_:)`` when it is not LaunchDarkly's shape.
    package convenience init(launchDarklyJSON json: JSONValue) throws(DefinitionsError) {
        try self.init(launchDarkly: LaunchDarklyDocument(json: json))
    }
}

// MARK: LaunchDarkly's view of an evaluation, for any format

extension Snapshot {
    /// Whether an evaluation counts as an experiment in LaunchDarkly's sense (its server SDKs'
    /// `IsExperiment`): the reason is `inExperiment`, or it is `FALLTHROUGH` of a flag with
    /// `trackEventsFallthrough`, or `RULE_MATCH` of a rule with `trackEvents`. Such evaluations
    /// always send events with their reasons (`trackEvents` and `trackReason` in a bootstrap).
    package func isLaunchDarklyExperiment(at position: FlagPosition, _ reason: EvaluationReason) -> Bool {
        if reason.inExperiment { return true }
        switch reason.kind {
        case .fallthrough: return info(at: position).trackEventsFallthrough
        case .ruleMatch: return reason.ruleIndex.map { trackedRules(at: position).contains($0) } ?? false
        default: return false
        }
    }
}
