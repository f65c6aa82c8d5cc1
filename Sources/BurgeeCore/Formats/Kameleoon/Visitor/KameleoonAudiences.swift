extension Snapshot {
    /// The segments with `audienceTracking` that `visitor` is in at `now`, in id order, as
    /// Kameleoon's `evaluateAudiences` checks them: each segment's targeting tree as a rule's is
    /// checked, but with no experiment (an `EXCLUSIVE_EXPERIMENT` condition is false); a segment
    /// without conditions holds everyone. Empty for a snapshot that is not Kameleoon's.
    ///
    /// Each call compiles the segments' conditions into a small program and evaluates them there,
    /// so that they mean exactly what they mean in rules.
    package func kameleoonAudienceSegments(for visitor: KameleoonVisitor, now: Int64) -> [Int64] {
        guard let document = kameleoonDocument else { return [] }
        let tracked = document.segments.values.filter(\.audienceTracking).sorted { $0.id < $1.id }
        guard !tracked.isEmpty else { return [] }
        let index = KameleoonLowering.flagIndex(document)
        let budget = KameleoonLowering.InliningBudget()
        let drafts = tracked.map { segment in
            let condition = segment.tree.map {
                KameleoonTreeLowering.condition($0, in: KameleoonLowering.scope(experimentId: nil, document, index, budget, depth: 0))
            } ?? .always
            return FlagDraft(key: String(segment.id), path: .root, enabled: true,
                             variations: [VariationDraft(key: "out", value: false), VariationDraft(key: "in", value: true)],
                             offVariation: 0, rules: [RuleDraft(kind: .rule(index: 0, id: nil), condition: condition, serve: .variation(1))],
                             fallthrough: .variation(0), info: FlagInfo(version: 0, trackEvents: false, sets: [], metadata: [:], variables: []))
        }
        let probes = Snapshot(version: 0, source: source,
                              program: ProgramLinker.link(ProgramDraft(flags: drafts.sorted { $0.key < $1.key }, clock: program.clock)))
        let context = Context(kameleoon: visitor, now: now)
        return tracked.map(\.id).filter { probes.evaluate(String($0), context: context, default: false).value == .bool(true) }
    }
}
