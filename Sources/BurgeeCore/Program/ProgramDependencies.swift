/// Which segments and flags each flag and segment of a program uses directly, by key.
///
/// Change detection follows these edges across two programs (keys, not indices, because indices
/// differ between programs); the evaluator never reads them.
package struct ProgramDependencies: Sendable {
    /// Segments that a flag's rules match, by flag key.
    package private(set) var flagSegments = ShardedDictionary<String, [String]>()
    /// Flags that a flag names as prerequisites or in its conditions, by flag key.
    package private(set) var flagPrerequisites = ShardedDictionary<String, [String]>()
    /// Segments that a segment's rules match, by segment key.
    package private(set) var segmentSegments = ShardedDictionary<String, [String]>()

    /// The flags that use each segment (``flagSegments`` reversed), by segment key.
    package private(set) var segmentUsers = ShardedDictionary<String, [String]>()
    /// The flags that use each flag (``flagPrerequisites`` reversed), by flag key.
    package private(set) var flagUsers = ShardedDictionary<String, [String]>()
    /// The segments that use each segment (``segmentSegments`` reversed), by segment key.
    package private(set) var nestingSegments = ShardedDictionary<String, [String]>()

    package init() {}

    /// The dependencies of the linked drafts.
    init(flags: [FlagDraft], segments: [SegmentDraft]) {
        for flag in flags { update(flag) }
        for segment in segments {
            var used: [String] = []
            for entry in segment.entries {
                ProgramLinker.forEachSegmentTest(entry.condition) { used += $0.segmentKeys }
            }
            Self.replace(segment.key, uses: used, in: &segmentSegments, users: &nestingSegments)
        }
    }

    /// Records what `flag` uses, in place of what the flag of its key used.
    mutating func update(_ flag: FlagDraft) {
        var used = flag.inlined.segments
        for rule in flag.rules {
            ProgramLinker.forEachSegmentTest(rule.condition) { used += $0.segmentKeys }
        }
        Self.replace(flag.key, uses: used, in: &flagSegments, users: &segmentUsers)
        Self.replace(flag.key, uses: flag.inlined.flags + ProgramLinker.flagsUsed(flag), in: &flagPrerequisites, users: &flagUsers)
    }

    /// Sets what `key` uses, and keeps the reverse index in step: change detection follows users
    /// from what changed, so that a patch costs what it reaches, not a pass over every edge.
    private static func replace(_ key: String, uses used: [String], in graph: inout ShardedDictionary<String, [String]>,
                                users: inout ShardedDictionary<String, [String]>) {
        for item in unique(graph[key] ?? []) {
            // Taken out first, so that it is changed in place, not copied.
            guard var list = users[item] else { continue }
            users[item] = nil
            list.removeAll { $0 == key }
            users[item] = list.isEmpty ? nil : list
        }
        graph[key] = used.isEmpty ? nil : used
        for item in unique(used) { users[item, default: []].append(key) }
    }

    /// `items` without repetitions; most lists hold one item, which needs no set.
    private static func unique(_ items: [String]) -> [String] {
        items.count < 2 ? items : Array(Set(items))
    }
}
