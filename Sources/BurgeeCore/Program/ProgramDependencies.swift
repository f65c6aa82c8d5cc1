/// Which segments and flags each flag and segment of a program uses directly, by key.
///
/// Change detection follows these edges across two programs (keys, not indices, because indices
/// differ between programs); the evaluator never reads them.
package struct ProgramDependencies: Sendable {
    /// Segments that a flag's rules match, by flag key.
    package var flagSegments: [String: [String]] = [:]
    /// Flags that a flag names as prerequisites or in its conditions, by flag key.
    package var flagPrerequisites: [String: [String]] = [:]
    /// Segments that a segment's rules match, by segment key.
    package var segmentSegments: [String: [String]] = [:]

    package init() {}

    /// The dependencies of the linked drafts.
    init(flags: [FlagDraft], segments: [SegmentDraft]) {
        for flag in flags { update(flag) }
        for segment in segments {
            var used: [String] = []
            for entry in segment.entries {
                ProgramLinker.forEachSegmentTest(entry.condition) { used += $0.segmentKeys }
            }
            if !used.isEmpty { segmentSegments[segment.key] = used }
        }
    }

    /// Records what `flag` uses, in place of what the flag of its key used.
    mutating func update(_ flag: FlagDraft) {
        var used = flag.inlined.segments
        for rule in flag.rules {
            ProgramLinker.forEachSegmentTest(rule.condition) { used += $0.segmentKeys }
        }
        flagSegments[flag.key] = used.isEmpty ? nil : used
        let flags = flag.inlined.flags + ProgramLinker.flagsUsed(flag)
        flagPrerequisites[flag.key] = flags.isEmpty ? nil : flags
    }
}
