/// A segment as a format lowered it: an ordered list of entries, the first that applies decides.
package struct SegmentDraft: Sendable {
    package var key: String
    package var path: JSONPointer
    package var problems: [DefinitionProblem]
    package var entries: [SegmentEntry]

    package init(key: String, path: JSONPointer, problems: [DefinitionProblem] = [], entries: [SegmentEntry]) {
        self.key = key
        self.path = path
        self.problems = problems
        self.entries = entries
    }

    package var hasErrors: Bool { problems.contains { $0.severity == .error } }
}

/// One step of a segment's decision: when its condition holds (and the context falls inside its
/// rollout, if it has one), the context is in or out.
package struct SegmentEntry: Sendable {
    package var condition: Condition
    package var includes: Bool
    package var rollout: SegmentRollout?
    /// Why, for `explain`.
    package var decision: SegmentDecision
    /// The rule's id, for `explain`.
    package var ruleId: String?

    package init(condition: Condition, includes: Bool, rollout: SegmentRollout? = nil, decision: SegmentDecision,
                 ruleId: String? = nil) {
        self.condition = condition
        self.includes = includes
        self.rollout = rollout
        self.decision = decision
        self.ruleId = ruleId
    }
}

/// A segment rule's percentage: the context is inside when the pick over `[weight, rest]` is 0.
package struct SegmentRollout: Sendable {
    package var bucketing: BucketingFamily
    package var contextKind: String
    package var bucketBy: AttributeReference
    package var pick: WeightedPick

    package init(bucketing: BucketingFamily, contextKind: String, bucketBy: AttributeReference, pick: WeightedPick) {
        self.bucketing = bucketing
        self.contextKind = contextKind
        self.bucketBy = bucketBy
        self.pick = pick
    }
}

/// Why a segment did or did not contain the context.
package enum SegmentDecision: Sendable {
    case included, includedContexts, excluded, excludedContexts, rule(Int), outsideRollout(Int), noMatch
}
