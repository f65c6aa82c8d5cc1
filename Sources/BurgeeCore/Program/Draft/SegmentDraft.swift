/// A segment as a format lowered it: an ordered list of entries, the first that applies decides.
package struct SegmentDraft: Sendable {
    package var key: String
    package var path: JSONPointer
    package var problems: [DefinitionProblem]
    package var entries: [SegmentEntry]
    /// For a LaunchDarkly unbounded (big) segment, whose members live in a big segment store that
    /// Burgee does not read: how it is consulted. `nil` for an ordinary segment.
    package var unbounded: UnboundedSegment?

    package init(key: String, path: JSONPointer, problems: [DefinitionProblem] = [], entries: [SegmentEntry],
                 unbounded: UnboundedSegment? = nil) {
        self.key = key
        self.path = path
        self.problems = problems
        self.entries = entries
        self.unbounded = unbounded
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
    /// Whether a context without a context of `contextKind` is outside (LaunchDarkly) rather than
    /// bucketed in the family's zero bucket (native).
    package var requiresContextKind: Bool

    package init(bucketing: BucketingFamily, contextKind: String, bucketBy: AttributeReference, pick: WeightedPick,
                 requiresContextKind: Bool = false) {
        self.bucketing = bucketing
        self.contextKind = contextKind
        self.bucketBy = bucketBy
        self.pick = pick
        self.requiresContextKind = requiresContextKind
    }
}

/// How a LaunchDarkly unbounded (big) segment is consulted, as LaunchDarkly's server SDKs do:
/// without a `generation` it contains no one (`bigSegmentsStatus: NOT_CONFIGURED`); a context
/// without a context of `contextKind` is not in it; for any other the program's
/// ``SegmentMembershipSource`` is asked about that context's key (none: `NOT_CONFIGURED`), and
/// when it lists the key under the segment's reference that decides, else only the segment's
/// rules can let it in (its lists are never read).
package struct UnboundedSegment: Sendable {
    package var contextKind: String
    package var generation: Int64?

    package init(contextKind: String, generation: Int64?) {
        self.contextKind = contextKind
        self.generation = generation
    }
}

/// Why a segment did or did not contain the context.
package enum SegmentDecision: Sendable {
    case included, includedContexts, excluded, excludedContexts, rule(Int), outsideRollout(Int), noMatch
    /// An unbounded (big) segment whose membership could not be read.
    case bigSegmentNotConfigured
    /// An unbounded (big) segment whose store lists the context's key as included.
    case bigSegmentIncluded
    /// An unbounded (big) segment whose store lists the context's key as excluded.
    case bigSegmentExcluded
}
