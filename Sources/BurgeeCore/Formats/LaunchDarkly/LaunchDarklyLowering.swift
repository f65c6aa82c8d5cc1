/// Lowers a ``LaunchDarklyDocument`` into a ``ProgramDraft`` with the semantics of LaunchDarkly's
/// server SDKs (docs/launchdarkly.md; go-server-sdk-evaluation, the Relay Proxy's evaluator, where SDKs
/// differ):
///
/// - variations are indices, named `"0"`, `"1"`, … (LaunchDarkly's have no keys);
/// - `contextTargets` are walked in order, a user-kind entry without values standing for the
///   `targets` entry of the same variation; without `contextTargets`, `targets` in order;
/// - a clause without `contextKind` names a plain attribute of the user kind; with one, an
///   attribute reference; unknown operators never match (before `negate`); `segmentMatch` on a
///   missing segment never matches;
/// - rollouts and experiments use ``BucketingFamily/launchDarkly(flagKey:salt:seed:)``;
///   experiments bucket by `key`; `untracked` variations are never `inExperiment`;
/// - what LaunchDarkly's SDKs report as `MALFORMED_FLAG` only when evaluation reaches it (a
///   variation index out of range, a rollout without variations, no fallthrough, an invalid
///   attribute reference) yields `ERROR/MALFORMED_FLAG` when reached, and is a warning here.
///
/// Tombstones (`deleted: true`) are left out: absent flags and segments.
enum LaunchDarklyLowering {
    /// The user kind, where old-style data (no `contextKind`) applies.
    static let userKind = "user"

    static func lower(_ document: LaunchDarklyDocument) -> ProgramDraft {
        let segments = document.liveSegments.keys.sorted().map { lower(segment: document.segments[$0]!) }
        let flags = document.liveFlags.keys.sorted().map { lower(flag: document.flags[$0]!) }
        var draft = ProgramDraft(flags: flags, segments: segments)
        draft.prerequisiteCyclesFoundWhenEvaluated = true
        draft.segmentCyclesFoundWhenEvaluated = true
        return draft
    }

    // MARK: Flags

    static func lower(flag: LaunchDarklyFlag) -> FlagDraft {
        var r = ModelReader(subject: .flag(flag.key))
        for problem in flag.problems {
            if problem.severity == .error { r.error(problem.path, problem.message) } else { r.warning(problem.path, problem.message) }
        }
        let count = flag.variations.count
        let lowering = FlagLowering(flagKey: flag.key, salt: flag.salt, variationCount: count)

        var offVariation: Int?
        if let off = flag.offVariation {
            offVariation = lowering.index(off, at: flag.path.appending("offVariation"), &r) ?? -1
        }
        let prerequisites = flag.prerequisites.map { prerequisite in
            PrerequisiteDraft(flagKey: prerequisite.key,
                              variation: .index(Int(exactly: prerequisite.variation).flatMap { Int32(exactly: $0) }.map(Int.init) ?? -1),
                              path: prerequisite.path)
        }

        var rules: [RuleDraft] = []
        for target in orderedTargets(flag) {
            let serve = lowering.serve(variation: target.variation, at: target.path.appending("variation"), &r)
            rules.append(RuleDraft(kind: .target,
                                   condition: .contextKey(ContextKeyTest(contextKind: target.kind, keys: target.values)),
                                   serve: serve))
        }
        for (i, rule) in flag.rules.enumerated() {
            let condition = lower(clauses: rule.clauses, usePath: rule.path.appending("clauses"), &r)
            let serve = lowering.serve(rule.serve, &r)
            let id = rule.id.flatMap { $0.isEmpty ? nil : $0 }
            rules.append(RuleDraft(kind: .rule(index: i, id: id), condition: condition, serve: serve, trackEvents: rule.trackEvents))
        }
        let fallthroughServe: ServeDraft
        if let f = flag.`fallthrough` {
            fallthroughServe = lowering.serve(f, &r)
        } else {
            if flag.on { r.warning(flag.path.appending("fallthrough"), "no fallthrough: falling through is MALFORMED_FLAG") }
            fallthroughServe = .malformed
        }

        var info = FlagInfo(version: flag.version, trackEvents: flag.trackEvents, sets: [], metadata: [:],
                            variables: Array(repeating: [:], count: count))
        info.trackEventsFallthrough = flag.trackEventsFallthrough
        info.debugEventsUntilDate = flag.debugEventsUntilDate
        info.excludeFromSummaries = flag.excludeFromSummaries
        info.samplingRatio = flag.samplingRatio
        info.clientSideAvailability = flag.clientSideAvailability
        // A flag that could not be read is malformed whatever it serves: only its reading problems count.
        let problems = flag.problems.contains { $0.severity == .error } ? flag.problems : r.problems
        return FlagDraft(key: flag.key, path: flag.path, problems: problems, enabled: flag.on,
                         variations: flag.variations.enumerated().map { VariationDraft(key: String($0.offset), value: $0.element.withNumbersAsDoubles) },
                         offVariation: offVariation, prerequisites: prerequisites, rules: rules,
                         fallthrough: fallthroughServe, info: info)
    }

    /// The targets in the order LaunchDarkly's evaluator checks them (docs/launchdarkly.md).
    static func orderedTargets(_ flag: LaunchDarklyFlag) -> [LaunchDarklyTarget] {
        guard !flag.contextTargets.isEmpty else { return flag.targets }
        var ordered: [LaunchDarklyTarget] = []
        for target in flag.contextTargets {
            if target.kind == userKind && target.values.isEmpty {
                // A placeholder for the user-kind list of the same variation in `targets`.
                if let users = flag.targets.first(where: { $0.variation == target.variation }) {
                    var user = users
                    user.contextKind = userKind
                    ordered.append(user)
                }
            } else {
                ordered.append(target)
            }
        }
        return ordered
    }

    /// What lowering a flag's serves needs.
    struct FlagLowering {
        let flagKey: String
        let salt: String
        let variationCount: Int

        /// A variation index in range, or `nil` with a warning.
        func index(_ i: Int64, at path: JSONPointer, _ r: inout ModelReader) -> Int? {
            if i >= 0 && i < Int64(variationCount) { return Int(i) }
            r.warning(path, "variation \(i) is out of range (the flag has \(variationCount)): serving it is MALFORMED_FLAG")
            return nil
        }

        func serve(variation: Int64, at path: JSONPointer, _ r: inout ModelReader) -> ServeDraft {
            index(variation, at: path, &r).map(ServeDraft.variation) ?? .malformed
        }

        func serve(_ serve: LaunchDarklyServe, _ r: inout ModelReader) -> ServeDraft {
            if let variation = serve.variation {
                return self.serve(variation: variation, at: serve.path.appending("variation"), &r)
            }
            guard let rollout = serve.rollout, !rollout.variations.isEmpty else {
                r.warning(serve.path, "neither a variation nor a rollout with variations: serving it is MALFORMED_FLAG")
                return .malformed
            }
            let p = rollout.path
            var bucketBy = AttributeReference.key
            if !rollout.isExperiment, let name = rollout.bucketBy, !name.isEmpty {
                guard let reference = LaunchDarklyLowering.reference(name, contextKind: rollout.contextKind) else {
                    r.warning(p.appending("bucketBy"), "invalid attribute reference '\(name)': serving the rollout is MALFORMED_FLAG")
                    return .malformed
                }
                bucketBy = reference
            }
            var indices: [Int] = []
            var weights: [UInt64] = []
            for (i, weighted) in rollout.variations.enumerated() {
                let wp = p.appending("variations").appending(i)
                indices.append(index(weighted.variation, at: wp.appending("variation"), &r) ?? -1)
                if weighted.weight < 0 {
                    r.warning(wp.appending("weight"), "weight \(weighted.weight) is negative; it counts as 0")
                }
                weights.append(UInt64(max(0, weighted.weight)))
            }
            var draft = RolloutDraft(bucketing: .launchDarkly(flagKey: flagKey, salt: salt, seed: rollout.seed),
                                     contextKind: LaunchDarklyLowering.kind(rollout.contextKind), bucketBy: bucketBy,
                                     variations: indices, weights: weights, isExperiment: rollout.isExperiment)
            draft.untracked = rollout.variations.map(\.untracked)
            return .rollout(draft)
        }
    }

    // MARK: Segments

    static func lower(segment: LaunchDarklySegment) -> SegmentDraft {
        var r = ModelReader(subject: .segment(segment.key))
        for problem in segment.problems {
            if problem.severity == .error { r.error(problem.path, problem.message) } else { r.warning(problem.path, problem.message) }
        }
        var entries: [SegmentEntry] = []
        var unbounded: UnboundedSegment?
        if segment.unbounded {
            unbounded = UnboundedSegment(contextKind: kind(segment.unboundedContextKind), generation: segment.generation)
            r.warning(segment.path.appending("unbounded"),
                      "an unbounded (big) segment: its members live in a big segment store; without one configured it "
                      + "contains only contexts its rules let in, and evaluations that consult it report "
                      + "bigSegmentsStatus NOT_CONFIGURED")
        } else {
            if !segment.included.isEmpty {
                entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: userKind, keys: segment.included)),
                                            includes: true, decision: .included))
            }
            for list in segment.includedContexts where !list.values.isEmpty {
                entries.append(SegmentEntry(condition: contextList(list), includes: true, decision: .includedContexts))
            }
            if !segment.excluded.isEmpty {
                entries.append(SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: userKind, keys: segment.excluded)),
                                            includes: false, decision: .excluded))
            }
            for list in segment.excludedContexts where !list.values.isEmpty {
                entries.append(SegmentEntry(condition: contextList(list), includes: false, decision: .excludedContexts))
            }
        }
        for (i, rule) in segment.rules.enumerated() {
            var condition = lower(clauses: rule.clauses, usePath: segment.path.appending("rules"), &r)
            var rollout: SegmentRollout?
            if let weight = rule.weight {
                var bucketBy = AttributeReference.key
                if let name = rule.bucketBy, !name.isEmpty {
                    if let reference = reference(name, contextKind: rule.rolloutContextKind) {
                        bucketBy = reference
                    } else {
                        r.warning(rule.path.appending("bucketBy"),
                                  "invalid attribute reference '\(name)': a context its clauses match is MALFORMED_FLAG")
                        condition = .all([condition, .malformed])
                    }
                }
                let family = BucketingFamily.launchDarkly(flagKey: segment.key, salt: segment.salt, seed: nil)
                let inside = UInt64(min(max(weight, 0), Int64(UInt32.max)))
                let scale: UInt64 = 100_000
                rollout = SegmentRollout(bucketing: family, contextKind: kind(rule.rolloutContextKind), bucketBy: bucketBy,
                                         pick: WeightedPick(family: family, weights: [inside, inside < scale ? scale - inside : 0]),
                                         requiresContextKind: true)
            }
            entries.append(SegmentEntry(condition: condition, includes: true, rollout: rollout, decision: .rule(i),
                                        ruleId: rule.id.flatMap { $0.isEmpty ? nil : $0 }))
        }
        let problems = segment.problems.contains { $0.severity == .error } ? segment.problems : r.problems
        return SegmentDraft(key: segment.key, path: segment.path, problems: problems, entries: entries, unbounded: unbounded)
    }

    /// A segment's `includedContexts` or `excludedContexts` list. LaunchDarkly's Go evaluator
    /// skips these lists for a context whose only kind is `user` (its service lists user keys in
    /// `included` and `excluded`), so a user-kind list also needs the context to have another kind.
    static func contextList(_ list: LaunchDarklySegmentTarget) -> Condition {
        let keys = Condition.contextKey(ContextKeyTest(contextKind: list.kind, keys: list.values))
        return list.kind == userKind ? .all([keys, hasKindOtherThanUser]) : keys
    }

    /// Whether any of the context's kinds is not `user`: a test on `kind` (which looks at every
    /// kind of the context) matching any kind name but `user`.
    static let hasKindOtherThanUser: Condition = {
        let pattern = "^([^u]|u$|u[^s]|us$|us[^e]|use$|use[^r]|user.)"
        guard let regex = try? PortableRegex(pattern: pattern), let kind = AttributeReference("kind") else { return .malformed }
        return .test(AttributeTest(contextKind: userKind, attribute: kind, op: .regex([regex]),
                                   negate: false, absent: .isFalse, lowercaseInput: false,
                                   label: TestLabel(text: "a kind other than user (a single user skips this list)")))
    }()

    // MARK: Clauses

    /// The clauses ANDed; none: always.
    static func lower(clauses: [LaunchDarklyClause], usePath: JSONPointer, _ r: inout ModelReader) -> Condition {
        let parts = clauses.map { lower(clause: $0, usePath: usePath, &r) }
        return parts.isEmpty ? .always : .all(parts)
    }

    static func lower(clause: LaunchDarklyClause, usePath: JSONPointer, _ r: inout ModelReader) -> Condition {
        let valuesPath = clause.path.appending("values")
        let label = TestLabel { Self.label(clause) }
        let spelling = LaunchDarklyOperators.table[clause.op]
        if spelling?.family == .segmentMatch {
            // Values that are not strings, and keys naming no segment, never match.
            let keys = clause.values.compactMap(\.stringValue)
            return .segmentMatch(SegmentTest(segmentKeys: keys, negate: clause.negate, path: valuesPath, usePath: usePath,
                                             label: label, unknownSegmentsMatchNothing: true))
        }
        guard let name = clause.attribute, !name.isEmpty else {
            r.warning(clause.path.appending("attribute"), "a clause needs an 'attribute': evaluating it is MALFORMED_FLAG")
            return .malformed
        }
        guard let attribute = reference(name, contextKind: clause.contextKind) else {
            r.warning(clause.path.appending("attribute"),
                      "invalid attribute reference '\(name)': evaluating the clause is MALFORMED_FLAG")
            return .malformed
        }
        let op: Operator
        switch spelling?.family {
        case .equality?:
            // Only booleans, numbers and strings can be equal (arrays, objects and null never are).
            op = EqualityOperator.parse(clause.values.filter(\.isPrimitive), lowercase: false)
        case .regex?:
            op = regex(clause.values, at: valuesPath, &r)
        case let family?:
            op = family.parse(clause.values, lowercase: false, at: valuesPath, &r)
        case nil:
            r.warning(clause.path.appending("op"), "unknown operator '\(clause.op)' never matches (negate still applies)")
            op = EqualityOperator.parse([], lowercase: false)
        }
        return .test(AttributeTest(contextKind: kind(clause.contextKind), attribute: attribute, op: op,
                                   negate: clause.negate != (spelling?.negated ?? false), absent: spelling?.absent ?? .isFalse,
                                   lowercaseInput: false, label: label))
    }

    /// `matches`: LaunchDarkly's patterns are RE2's (Go); the leading inline flags and POSIX
    /// classes RE2 shares with Rust's regex are translated as for Unleash, and the rest must be in
    /// RE2's dialect, as Go's `regexp` reads it (a pattern it refuses warns and never matches).
    static func regex(_ values: [JSONValue], at path: JSONPointer, _ r: inout ModelReader) -> Operator {
        var regexes: [PortableRegex] = []
        for (i, value) in values.enumerated() {
            guard case .string(let pattern) = value else {
                r.warning(path.appending(i), "\(value.serialized()) is not a string; it never matches")
                continue
            }
            // Go's `regexp` (RE2 syntax), which LaunchDarkly's reference evaluator uses.
            do { regexes.append(try PortableRegex(pattern: pattern, syntax: .re2)) } catch {
                r.warning(path.appending(i), RegexOperator.refusal(value, error))
            }
        }
        return .regex(regexes)
    }

    /// The context kind of a clause, rollout or target: the given one, or `user` when absent or empty.
    static func kind(_ contextKind: String?) -> String {
        contextKind.flatMap { $0.isEmpty ? nil : $0 } ?? userKind
    }

    /// An attribute as LaunchDarkly names it: without a context kind (old-style data) a plain
    /// name, never a path (`kind` still names the context kind); with one, a reference
    /// (`/address/city`); `nil` for an invalid reference.
    static func reference(_ name: String, contextKind: String?) -> AttributeReference? {
        guard let kind = contextKind, !kind.isEmpty else {
            return name == "kind" ? AttributeReference("kind") : AttributeReference(literal: name)
        }
        return AttributeReference(name)
    }

    /// The clause as `explain` shows it.
    static func label(_ c: LaunchDarklyClause) -> String {
        var text = ""
        if LaunchDarklyOperators.table[c.op]?.family != .segmentMatch { text += "\(kind(c.contextKind)).\(c.attribute ?? "?") " }
        if c.negate { text += "not " }
        text += c.op
        text += " \(JSONValue.array(c.values).serialized())"
        return text
    }
}

extension JSONValue {
    /// Whether this is a boolean, a number or a string.
    fileprivate var isPrimitive: Bool {
        switch self {
        case .bool, .number, .string: return true
        case .null, .array, .object: return false
        }
    }
}
