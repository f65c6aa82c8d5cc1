/// A program before linking: what a format's lowering produces.
///
/// Flags, prerequisites and segments refer to each other by key here; ``ProgramLinker`` resolves
/// the keys to indices, finds cycles and chains that are too deep, and spreads malformedness, the
/// same way for every format.
package struct ProgramDraft: Sendable {
    /// The flags, in the order the program lists them (key order).
    package var flags: [FlagDraft]
    /// The segments, in key order.
    package var segments: [SegmentDraft]
    /// The clock that tests reading the evaluation time use (``AttributeTest/absentReadsClock``).
    package var clock: EvaluationClock
    /// Where unbounded segments' members are looked up (``UnboundedSegment``); `nil`: nowhere,
    /// as LaunchDarkly's SDKs without a big segment store.
    package var segmentMemberships: (any SegmentMembershipSource)?
    /// What decides the flags' external conditions (``Condition/external(_:)``, Unleash's custom
    /// strategies); `nil`: none holds.
    package var externalConditions: (any ExternalConditionSource)?
    /// Whether flags on a prerequisite cycle stay usable, the cycle being found when an evaluation
    /// goes round it (LaunchDarkly: the whole evaluation is then `ERROR/MALFORMED_FLAG`, and a
    /// flag whose evaluation never enters the cycle, say because a flag on it is off, evaluates
    /// normally), rather than being malformed when linked (native).
    package var prerequisiteCyclesFoundWhenEvaluated = false
    /// Whether segments on a segment cycle stay usable, the cycle being found when an evaluation
    /// goes round it (LaunchDarkly: that evaluation is `ERROR/MALFORMED_FLAG`, and one that never
    /// reaches the cycle, say because an earlier rule matches, evaluates normally), rather than
    /// being malformed when linked (native).
    package var segmentCyclesFoundWhenEvaluated = false
    /// The error of an evaluation that goes round a cycle found when evaluating: LaunchDarkly's
    /// `MALFORMED_FLAG`, or Split's `EXCEPTION` (its SDKs recurse until the language stops them).
    package var cycleError = EvaluationReason.ErrorKind.malformedFlag

    package init(flags: [FlagDraft] = [], segments: [SegmentDraft] = [], clock: EvaluationClock = .system) {
        self.flags = flags
        self.segments = segments
        self.clock = clock
    }
}
