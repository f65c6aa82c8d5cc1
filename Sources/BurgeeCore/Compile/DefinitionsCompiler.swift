/// Compiles a ``DefinitionsDocument`` into an immutable ``Snapshot``.
///
/// Every problem is collected with its path. A flag or segment with an error is kept as malformed
/// while the rest of the document compiles; only a document that cannot be read at all is refused
/// (by ``DefinitionsDocument``).
public enum DefinitionsCompiler {
    /// Prerequisite chains longer than this make the flag at their head malformed, so that
    /// evaluation recursion stays shallow on any thread.
    public static let maxPrerequisiteDepth = 64
    /// Segments may match segments; nesting deeper than this makes the outer segment malformed.
    public static let maxSegmentDepth = 16

    /// Compiles `document`.
    public static func compile(_ document: DefinitionsDocument) -> Snapshot {
        Snapshot(compiling: document)
    }

    /// The compiled flags and segments, in key order.
    static func build(_ document: DefinitionsDocument) -> (flags: [CompiledFlag], segments: [CompiledSegment]) {
        let segmentKeys = document.segments.keys.sorted()
        let segmentIndex = Dictionary(uniqueKeysWithValues: segmentKeys.enumerated().map { ($1, $0) })
        let clauses = ClauseCompiler(segmentIndex: segmentIndex)
        let segments = compileSegments(segmentKeys.map { document.segments[$0]! }, clauses)

        let flagKeys = document.flags.keys.sorted()
        let flagIndex = Dictionary(uniqueKeysWithValues: flagKeys.enumerated().map { ($1, $0) })
        var drafts = flagKeys.map { key in
            FlagCompiler(document: document, flagIndex: flagIndex, segments: segments, clauses: clauses)
                .compile(document.flags[key]!)
        }

        // Flags on a prerequisite cycle, or heading a chain too deep, are malformed.
        let edges = drafts.map { $0.prerequisiteFlags }
        for node in GraphAnalysis.nodesOnCycles(edges) {
            drafts[node].fail(at: drafts[node].path.appending("prerequisites"), "is on a prerequisite cycle")
        }
        let depths = GraphAnalysis.chainDepths(edges) { drafts[$0].logic != nil }
        for node in drafts.indices where drafts[node].logic != nil && depths[node] > maxPrerequisiteDepth {
            drafts[node].fail(at: drafts[node].path.appending("prerequisites"),
                              "prerequisite chain is \(depths[node]) deep; at most \(maxPrerequisiteDepth) allowed")
        }

        let flags = drafts.map { CompiledFlag(key: $0.definition.key, definition: $0.definition, logic: $0.logic, problems: $0.reader.problems) }
        return (flags, segments)
    }

    /// Compiled segments; malformed ones (own errors, cycles, or using a malformed one) are marked.
    private static func compileSegments(_ definitions: [SegmentDefinition], _ clauses: ClauseCompiler) -> [CompiledSegment] {
        var readers: [ModelReader] = []
        var drafts: [(rules: [CompiledSegment.Rule], references: [Int])] = []
        for segment in definitions {
            var r = ModelReader(subject: .segment(segment.key))
            for p in segment.problems { r.error(p.path, p.message) }
            let path = JSONPointer.root.appending("segments").appending(segment.key)
            var rules: [CompiledSegment.Rule] = []
            var references: [Int] = []
            for (i, rule) in segment.rules.enumerated() {
                let rulePath = path.appending("rules").appending(i)
                let compiled = rule.clauses.enumerated().compactMap { j, clause in
                    clauses.compile(clause, at: rulePath.appending("clauses").appending(j), &r)
                }
                for clause in compiled { if case .segmentMatch(let refs) = clause.test { references += refs } }
                var rollout: CompiledSegment.Rule.RolloutSpec?
                if let ro = rule.rollout {
                    let p = rulePath.appending("rollout")
                    if !(0...100_000).contains(ro.weight) {
                        r.error(p.appending("weight"), "weight \(ro.weight) is outside 0...100000")
                    }
                    if let bucketBy = AttributeReference(ro.bucketBy) {
                        rollout = (ro.contextKind, bucketBy, Bucketing.native(salt: segment.key, seed: ro.seed),
                                   UInt32(clamping: ro.weight))
                    } else {
                        r.error(p.appending("bucketBy"), "invalid attribute reference '\(ro.bucketBy)'")
                    }
                }
                rules.append(.init(id: rule.id, clauses: compiled, rollout: rollout))
            }
            readers.append(r)
            drafts.append((rules, references))
        }

        var malformed = Set(readers.indices.filter { readers[$0].hasErrors })
        let edges = drafts.map(\.references)
        for node in GraphAnalysis.nodesOnCycles(edges) where !malformed.contains(node) {
            readers[node].error(JSONPointer.root.appending("segments").appending(definitions[node].key).appending("rules"),
                                "is on a segment cycle")
            malformed.insert(node)
        }
        // Using a malformed segment spreads, to a fixed point.
        var changed = true
        while changed {
            changed = false
            for node in edges.indices where !malformed.contains(node) {
                if let bad = edges[node].first(where: malformed.contains) {
                    readers[node].error(JSONPointer.root.appending("segments").appending(definitions[node].key).appending("rules"),
                                        "uses malformed segment '\(definitions[bad].key)'")
                    malformed.insert(node)
                    changed = true
                }
            }
        }
        let depths = GraphAnalysis.chainDepths(edges) { !malformed.contains($0) }
        for node in edges.indices where !malformed.contains(node) && depths[node] > maxSegmentDepth {
            readers[node].error(JSONPointer.root.appending("segments").appending(definitions[node].key).appending("rules"),
                                "segments nest \(depths[node]) deep; at most \(maxSegmentDepth) allowed")
            malformed.insert(node)
        }

        var compiled: [CompiledSegment] = []
        for (i, segment) in definitions.enumerated() {
            func keys(_ list: [String]) -> Set<ExactString> { Set(list.map(ExactString.init)) }
            compiled.append(CompiledSegment(
                key: segment.key, included: keys(segment.included), excluded: keys(segment.excluded),
                includedContexts: segment.includedContexts.map { .init(contextKind: $0.contextKind, keys: keys($0.values)) },
                excludedContexts: segment.excludedContexts.map { .init(contextKind: $0.contextKind, keys: keys($0.values)) },
                rules: drafts[i].rules, isMalformed: malformed.contains(i), problems: readers[i].problems))
        }
        return compiled
    }
}
