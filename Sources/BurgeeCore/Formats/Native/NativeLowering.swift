/// Lowers a native v1 `DefinitionsDocument` into a ``ProgramDraft``: variation keys become
/// indices, clauses become attribute tests, targets become key tests, rollouts take the native
/// bucketing family. Cross-references (prerequisite flags, segments) stay keys for the linker.
enum NativeLowering {
    static func lower(_ document: DefinitionsDocument) -> ProgramDraft {
        let segments = document.segments.keys.sorted().map { lower(segment: document.segments[$0]!) }
        let flags = document.flags.keys.sorted().map { lower(flag: document.flags[$0]!) }
        return ProgramDraft(flags: flags, segments: segments)
    }

    // MARK: Flags

    static func lower(flag: FlagDefinition) -> FlagDraft {
        let path = JSONPointer.root.appending("flags").appending(flag.key)
        var r = ModelReader(subject: .flag(flag.key))
        for p in flag.problems { r.error(p.path, p.message) }

        var variationIndex: [String: Int] = [:]
        for (i, variation) in flag.variations.enumerated() {
            let p = path.appending("variations").appending(i)
            if variationIndex[variation.key] != nil {
                r.error(p.appending("key"), "variation key '\(variation.key)' is used twice")
            } else {
                variationIndex[variation.key] = i
            }
            if !flag.type.accepts(variation.value) {
                r.error(p.appending("value"), "value is \(variation.value.typeName), not of the flag's type \(flag.type.rawValue)")
            }
        }
        let offVariation = flag.offVariation.flatMap { resolve($0, variationIndex, at: path.appending("offVariation"), &r) }

        let prerequisites = flag.prerequisites.enumerated().map { i, prerequisite in
            PrerequisiteDraft(flagKey: prerequisite.flag, variation: .key(prerequisite.variation),
                              path: path.appending("prerequisites").appending(i))
        }

        var rules: [RuleDraft] = []
        for (i, target) in flag.targets.enumerated() {
            let p = path.appending("targets").appending(i)
            if let v = resolve(target.variation, variationIndex, at: p.appending("variation"), &r) {
                rules.append(RuleDraft(kind: .target, condition: .contextKey(ContextKeyTest(contextKind: target.contextKind, keys: target.values)),
                                       serve: .variation(v)))
            }
        }
        let salt = flag.salt ?? flag.key
        for (i, rule) in flag.rules.enumerated() {
            let p = path.appending("rules").appending(i)
            let condition = lower(clauses: rule.clauses, at: p, &r)
            if let serve = lower(serve: rule.serve, salt: salt, at: p, variationIndex, &r) {
                rules.append(RuleDraft(kind: .rule(index: i, id: rule.id), condition: condition, serve: serve,
                                       trackEvents: rule.trackEvents))
            }
        }
        let fallthroughServe = flag.fallthrough.flatMap {
            lower(serve: $0, salt: salt, at: path.appending("fallthrough"), variationIndex, &r)
        }
        let info = FlagInfo(version: flag.version, trackEvents: flag.trackEvents, sets: flag.sets, metadata: flag.metadata,
                            variables: flag.variations.map(\.variables))
        var draft = FlagDraft(key: flag.key, path: path, problems: r.problems, enabled: flag.enabled,
                              variations: flag.variations.map { VariationDraft(key: $0.key, value: $0.value) },
                              offVariation: offVariation, prerequisites: prerequisites, rules: rules,
                              fallthrough: fallthroughServe, info: info)
        draft.unreadable = flag.isMalformed
        return draft
    }

    /// The index of variation `key`, or an error at `path`.
    private static func resolve(_ key: String, _ index: [String: Int], at path: JSONPointer, _ r: inout ModelReader) -> Int? {
        if let i = index[key] { return i }
        r.error(path, "no variation '\(key)'")
        return nil
    }

    private static func lower(serve: ServeDefinition, salt: String, at path: JSONPointer,
                              _ variationIndex: [String: Int], _ r: inout ModelReader) -> ServeDraft? {
        switch serve {
        case .variation(let key):
            return resolve(key, variationIndex, at: path.appending("variation"), &r).map(ServeDraft.variation)
        case .rollout(let rollout):
            let p = path.appending("rollout")
            var indices: [Int] = []
            var weights: [UInt64] = []
            var sum: Int64 = 0
            var ok = true
            for (i, weighted) in rollout.variations.enumerated() {
                let wp = p.appending("variations").appending(i)
                if weighted.weight < 0 {
                    r.error(wp.appending("weight"), "weight \(weighted.weight) is negative")
                    ok = false
                }
                sum = sum.addingReportingOverflow(max(0, weighted.weight)).partialValue
                guard let v = resolve(weighted.variation, variationIndex, at: wp.appending("variation"), &r) else {
                    ok = false
                    continue
                }
                indices.append(v)
                weights.append(UInt64(max(0, weighted.weight)))
            }
            if sum != nativeScale {
                r.error(p.appending("variations"), "weights sum to \(sum), not \(nativeScale)")
                ok = false
            }
            guard let bucketBy = AttributeReference(rollout.bucketBy) else {
                r.error(p.appending("bucketBy"), "invalid attribute reference '\(rollout.bucketBy)'")
                return nil
            }
            guard ok else { return nil }
            let isExperiment = rollout.kind == .experiment
            return .rollout(RolloutDraft(bucketing: .native(salt: salt, seed: rollout.seed), contextKind: rollout.contextKind,
                                         bucketBy: isExperiment ? .key : bucketBy, variations: indices, weights: weights,
                                         isExperiment: isExperiment))
        }
    }

    /// The native bucketing scale: rollout weights sum to it.
    static let nativeScale: Int64 = 100_000

    // MARK: Segments

    static func lower(segment: SegmentDefinition) -> SegmentDraft {
        let path = JSONPointer.root.appending("segments").appending(segment.key)
        var r = ModelReader(subject: .segment(segment.key))
        for p in segment.problems { r.error(p.path, p.message) }
        var entries: [SegmentEntry] = []
        if !segment.included.isEmpty {
            entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: "user", keys: segment.included)),
                                        includes: true, decision: .included))
        }
        for list in segment.includedContexts {
            entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: list.contextKind, keys: list.values)),
                                        includes: true, decision: .includedContexts))
        }
        if !segment.excluded.isEmpty {
            entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: "user", keys: segment.excluded)),
                                        includes: false, decision: .excluded))
        }
        for list in segment.excludedContexts {
            entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: list.contextKind, keys: list.values)),
                                        includes: false, decision: .excludedContexts))
        }
        for (i, rule) in segment.rules.enumerated() {
            let rulePath = path.appending("rules").appending(i)
            let condition = lower(clauses: rule.clauses, at: rulePath, usePath: path.appending("rules"), &r)
            var rollout: SegmentRollout?
            if let ro = rule.rollout {
                let p = rulePath.appending("rollout")
                if !(0...nativeScale).contains(ro.weight) {
                    r.error(p.appending("weight"), "weight \(ro.weight) is outside 0...100000")
                }
                if let bucketBy = AttributeReference(ro.bucketBy) {
                    let weight = UInt64(min(max(ro.weight, 0), nativeScale))
                    let family = BucketingFamily.native(salt: segment.key, seed: ro.seed)
                    rollout = SegmentRollout(bucketing: family, contextKind: ro.contextKind, bucketBy: bucketBy,
                                             pick: WeightedPick(family: family, weights: [weight, UInt64(nativeScale) - weight]))
                } else {
                    r.error(p.appending("bucketBy"), "invalid attribute reference '\(ro.bucketBy)'")
                }
            }
            entries.append(SegmentEntry(condition: condition, includes: true, rollout: rollout, decision: .rule(i), ruleId: rule.id))
        }
        return SegmentDraft(key: segment.key, path: path, problems: r.problems, entries: entries)
    }

    // MARK: Clauses

    /// The clauses of a rule at `path`, ANDed. `usePath` is where using a malformed segment is
    /// reported (the rule's clauses in a flag, the segment's rules in a segment).
    static func lower(clauses: [ClauseDefinition], at path: JSONPointer, usePath: JSONPointer? = nil,
                      _ r: inout ModelReader) -> Condition {
        var parts: [Condition] = []
        for (j, clause) in clauses.enumerated() {
            if let condition = lower(clause: clause, at: path.appending("clauses").appending(j),
                                     usePath: usePath ?? path.appending("clauses"), &r) {
                parts.append(condition)
            }
        }
        return parts.isEmpty ? .always : .all(parts)
    }

    static func lower(clause: ClauseDefinition, at path: JSONPointer, usePath: JSONPointer, _ r: inout ModelReader) -> Condition? {
        guard let spelling = NativeOperators.table[clause.op] else {
            r.error(path.appending("op"), "unknown operator '\(clause.op)'")
            return nil
        }
        let valuesPath = path.appending("values")
        let label = TestLabel { Self.label(clause) }
        if spelling.family == .segmentMatch {
            var keys: [String] = []
            var ok = true
            for (i, value) in clause.values.enumerated() {
                guard case .string(let key) = value else {
                    r.error(valuesPath.appending(i), "segmentMatch takes segment keys, found \(value.typeName)")
                    ok = false
                    continue
                }
                keys.append(key)
            }
            guard ok else { return nil }
            return .segmentMatch(SegmentTest(segmentKeys: keys, negate: clause.negate, path: valuesPath, usePath: usePath,
                                             label: label))
        }
        guard let attributeText = clause.attribute else {
            r.error(path.appending("attribute"), "operator '\(clause.op)' needs an 'attribute'")
            return nil
        }
        guard let attribute = AttributeReference(attributeText) else {
            r.error(path.appending("attribute"), "invalid attribute reference '\(attributeText)'")
            return nil
        }
        let lowercase = clause.caseInsensitive && spelling.honoursCaseInsensitive
        let compiled = spelling.family.parse(clause.values, lowercase: lowercase, at: valuesPath, &r)
        return .test(AttributeTest(contextKind: clause.contextKind, attribute: attribute, op: compiled,
                                   negate: clause.negate != spelling.negated, absent: spelling.absent,
                                   lowercaseInput: lowercase && compiled.lowercasesInput, label: label))
    }

    /// The clause as `explain` shows it.
    static func label(_ d: ClauseDefinition) -> String {
        var text = ""
        if let attribute = d.attribute { text += "\(d.contextKind).\(attribute) " }
        if d.negate { text += "not " }
        text += d.op
        if d.caseInsensitive { text += " (case-insensitive)" }
        text += " \(JSONValue.array(d.values).serialized())"
        return text
    }
}
