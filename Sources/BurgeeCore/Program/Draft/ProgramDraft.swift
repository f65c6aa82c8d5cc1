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

    package init(flags: [FlagDraft] = [], segments: [SegmentDraft] = [], clock: EvaluationClock = .system) {
        self.flags = flags
        self.segments = segments
        self.clock = clock
    }
}
