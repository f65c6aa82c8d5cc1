/// Links a ``ProgramDraft`` into a ``Program``, the same way for every format: resolves flag and
/// segment keys to indices, marks flags on prerequisite cycles and segments on segment cycles,
/// limits chain depths, spreads malformedness from segments to their users, and selects flag sets.
package enum ProgramLinker {
    /// Prerequisite chains longer than this make the flag at their head malformed, so that
    /// evaluation recursion stays shallow on any thread.
    package static let maxPrerequisiteDepth = 64
    /// Segments may match segments; nesting deeper than this makes the outer segment malformed.
    package static let maxSegmentDepth = 16

    /// The program of `draft`; with `flagSets`, only the flags of those sets plus, hidden, the
    /// flags they name as prerequisites (transitively).
    static func link(_ draft: ProgramDraft, flagSets: Set<String>? = nil) -> Program {
        var flags = draft.flags
        var hidden: Set<String> = []
        if let flagSets {
            (flags, hidden) = select(flags, flagSets)
        }
        var segments = draft.segments
        let segmentIndex = KeySet(segments.map(\.key))
        let segmentMalformed = checkSegments(&segments, segmentIndex,
                                             cyclesFoundWhenEvaluated: draft.segmentCyclesFoundWhenEvaluated)
        let flagIndex = KeySet(flags.map(\.key))
        checkFlags(&flags, flagIndex, segmentIndex, segmentMalformed,
                   cyclesFoundWhenEvaluated: draft.prerequisiteCyclesFoundWhenEvaluated)

        var builder = ProgramBuilder(segmentIndex: segmentIndex, flagIndex: flagIndex, flags: flags)
        for segment in segments {
            builder.add(segment, malformed: segmentMalformed[segmentIndex.position(of: segment.key)!])
        }
        for flag in flags {
            builder.add(flag, allFlags: flags)
        }
        return builder.build(flags: flags, segments: segments, hidden: hidden, clock: draft.clock,
                             memberships: draft.segmentMemberships, externalConditions: draft.externalConditions,
                             cycleError: draft.cycleError)
    }

    /// The flags of `sets`, and the prerequisites they need, which are returned as hidden.
    private static func select(_ flags: [FlagDraft], _ sets: Set<String>) -> ([FlagDraft], Set<String>) {
        let byKey = Dictionary(flags.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var selected = Set(flags.filter { !sets.isDisjoint(with: $0.info.sets) }.map(\.key))
        var hidden: Set<String> = []
        var pending = Array(selected)
        while let key = pending.popLast() {
            for name in byKey[key].map(flagsUsed) ?? [] {
                guard byKey[name] != nil, !selected.contains(name) else { continue }
                selected.insert(name)
                hidden.insert(name)
                pending.append(name)
            }
        }
        return (flags.filter { selected.contains($0.key) }, hidden)
    }

    // MARK: Segments

    /// Records unknown segment references, cycles, chains too deep and the use of malformed
    /// segments; returns which segments are malformed.
    private static func checkSegments(_ segments: inout [SegmentDraft], _ index: KeySet,
                                      cyclesFoundWhenEvaluated: Bool) -> [Bool] {
        var edges: [[Int]] = []
        for s in segments.indices {
            var references: [Int] = []
            for entry in segments[s].entries {
                forEachSegmentTest(entry.condition) { test in
                    for (i, key) in test.segmentKeys.enumerated() {
                        if let target = index.position(of: key) { references.append(target) } else if !test.unknownSegmentsMatchNothing {
                            segments[s].problems.append(DefinitionProblem(.error, .segment(segments[s].key),
                                at: test.path.appending(i), "no segment '\(key)'"))
                        }
                    }
                }
            }
            edges.append(references)
        }
        var malformed = segments.map(\.hasErrors)
        func fail(_ s: Int, _ message: String) {
            segments[s].problems.append(DefinitionProblem(.error, .segment(segments[s].key),
                                                          at: segments[s].path.appending("rules"), message))
            malformed[s] = true
        }
        let onCycles = GraphAnalysis.nodesOnCycles(edges)
        for node in onCycles.sorted() where !malformed[node] {
            if cyclesFoundWhenEvaluated {
                segments[node].problems.append(DefinitionProblem(.warning, .segment(segments[node].key),
                    at: segments[node].path.appending("rules"),
                    "is on a segment cycle: an evaluation that goes round it is MALFORMED_FLAG"))
            } else {
                fail(node, "is on a segment cycle")
            }
        }
        // Using a malformed segment spreads to every user, in one pass over the reverse graph.
        let before = malformed
        for node in GraphAnalysis.reaching(edges, from: malformed) where !before[node] {
            malformed[node] = true
        }
        for node in segments.indices where malformed[node] && !before[node] {
            let bad = edges[node].first { malformed[$0] }!
            malformed[node] = false
            fail(node, "uses malformed segment '\(segments[bad].key)'")
        }
        // Chains through a cycle are bounded when evaluating (the evaluator's segment depth).
        let depths = GraphAnalysis.chainDepths(edges) { !malformed[$0] && !onCycles.contains($0) }
        for node in segments.indices where !malformed[node] && depths[node] > maxSegmentDepth {
            fail(node, "segments nest \(depths[node]) deep; at most \(maxSegmentDepth) allowed")
        }
        return malformed
    }

    // MARK: Flags

    /// Records unknown segments, malformed segments used, prerequisite variations that do not
    /// exist, cycles and chains too deep.
    private static func checkFlags(_ flags: inout [FlagDraft], _ index: KeySet, _ segmentIndex: KeySet,
                                   _ segmentMalformed: [Bool], cyclesFoundWhenEvaluated: Bool) {
        // Found first, then recorded: recording while the array is read would copy it.
        let found = flags.map { referenceProblems(of: $0, flags, index, segmentIndex) { segmentMalformed[$0] } }
        for f in flags.indices where !found[f].isEmpty { flags[f].problems += found[f] }
        let edges = flags.map { ProgramLinker.edges(of: $0, index) }
        func fail(_ f: Int, _ message: String) {
            flags[f].problems.append(DefinitionProblem(.error, .flag(flags[f].key), at: flags[f].path.appending("prerequisites"), message))
        }
        let onCycles = GraphAnalysis.nodesOnCycles(edges)
        for node in onCycles.sorted() {
            if cyclesFoundWhenEvaluated {
                flags[node].problems.append(DefinitionProblem(.warning, .flag(flags[node].key),
                    at: flags[node].path.appending("prerequisites"),
                    "is on a prerequisite cycle: an evaluation that goes round it is MALFORMED_FLAG"))
            } else {
                fail(node, "is on a prerequisite cycle")
            }
        }
        // Chains through a cycle are bounded when evaluating (``Evaluator/maxPrerequisiteRecursion``).
        let usable = flags.indices.map { !flags[$0].hasErrors && flags[$0].fallthrough != nil && !onCycles.contains($0) }
        let depths = GraphAnalysis.chainDepths(edges) { usable[$0] }
        for node in flags.indices where usable[node] && depths[node] > maxPrerequisiteDepth {
            fail(node, "prerequisite chain is \(depths[node]) deep; at most \(maxPrerequisiteDepth) allowed")
        }
    }

    /// The problems of `flag`'s references: segments unknown or malformed, prerequisite
    /// variations that the flag named does not have.
    static func referenceProblems(of flag: FlagDraft, _ flags: [FlagDraft], _ index: KeySet, _ segmentIndex: KeySet,
                                  segmentMalformed: (Int) -> Bool) -> [DefinitionProblem] {
        var problems: [DefinitionProblem] = []
        let key = flag.key
        for rule in flag.rules {
            forEachSegmentTest(rule.condition) { test in
                for (i, segmentKey) in test.segmentKeys.enumerated() {
                    guard let target = segmentIndex.position(of: segmentKey) else {
                        if !test.unknownSegmentsMatchNothing {
                            problems.append(DefinitionProblem(.error, .flag(key), at: test.path.appending(i),
                                                              "no segment '\(segmentKey)'"))
                        }
                        continue
                    }
                    if segmentMalformed(target) {
                        problems.append(DefinitionProblem(.error, .flag(key), at: test.usePath,
                                                          "uses malformed segment '\(segmentKey)'"))
                    }
                }
            }
        }
        for prerequisite in flag.prerequisites {
            guard case .key(let variation) = prerequisite.variation, let target = index.position(of: prerequisite.flagKey) else {
                continue
            }
            let other = flags[target]
            if !other.variations.contains(where: { $0.key == variation }), !other.variations.isEmpty || !other.unreadable {
                problems.append(DefinitionProblem(.error, .flag(key), at: prerequisite.path.appending("variation"),
                                                  "flag '\(prerequisite.flagKey)' has no variation '\(variation)'"))
            }
        }
        return problems
    }

    /// The flags that `flag` evaluates, by index: a prerequisite that accepts nothing never
    /// evaluates its flag, so it is no edge; a flag condition is one, as it evaluates the other flag too.
    static func edges(of flag: FlagDraft, _ index: KeySet) -> [Int] {
        var targets = flag.prerequisites.compactMap { prerequisite -> Int? in
            if case .anyOf(let accepted) = prerequisite.variation, accepted.isEmpty { return nil }
            return index.position(of: prerequisite.flagKey)
        }
        for rule in flag.rules {
            forEachFlagTest(rule.condition) { test in
                if let target = index.position(of: test.flagKey) { targets.append(target) }
            }
        }
        return targets
    }

    /// Calls `body` for every segment test in `condition`.
    static func forEachSegmentTest(_ condition: Condition, _ body: (SegmentTest) -> Void) {
        switch condition {
        case .always, .test, .contextKey, .percentage, .expression, .malformed, .exception, .flagServes, .external: return
        case .segmentMatch(let test): body(test)
        case .not(let inner): forEachSegmentTest(inner, body)
        case .all(let parts), .any(let parts): for part in parts { forEachSegmentTest(part, body) }
        }
    }

    /// Calls `body` for every flag condition in `condition`.
    static func forEachFlagTest(_ condition: Condition, _ body: (FlagServesTest) -> Void) {
        switch condition {
        case .always, .test, .contextKey, .percentage, .expression, .malformed, .exception, .segmentMatch, .external: return
        case .flagServes(let test): body(test)
        case .not(let inner): forEachFlagTest(inner, body)
        case .all(let parts), .any(let parts): for part in parts { forEachFlagTest(part, body) }
        }
    }

    /// The keys of the flags that `flag` evaluates: its prerequisites, then the flags its rules' conditions name.
    static func flagsUsed(_ flag: FlagDraft) -> [String] {
        var keys = flag.prerequisites.map(\.flagKey)
        for rule in flag.rules {
            forEachFlagTest(rule.condition) { keys.append($0.flagKey) }
        }
        return keys
    }
}
