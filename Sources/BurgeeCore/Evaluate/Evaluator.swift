/// Runs the flag logic of design §4 and §5 against one context.
///
/// Generic over its tracer so that `explain` reuses exactly this code; with ``SilentTracer`` the
/// specialised evaluator allocates nothing.
struct Evaluator<Tracer: EvaluationTracer> {
    // Unowned: the caller holds the snapshot for the whole evaluation, and skipping the
    // retain/release pair is measurable on the hot path (docs/performance.md).
    unowned(unsafe) let snapshot: Snapshot
    let context: Context
    var tracer: Tracer

    /// Evaluates a flag for a valid context.
    mutating func evaluate(_ flag: CompiledFlag) -> FlagOutcome {
        guard let logic = flag.logic else {
            return FlagOutcome(variation: nil, reason: .error(.malformedFlag))
        }
        tracer.enterFlag(flag)
        let outcome = evaluate(logic)
        tracer.exitFlag(flag, outcome)
        return outcome
    }

    private mutating func evaluate(_ logic: FlagLogic) -> FlagOutcome {
        guard logic.enabled else { return FlagOutcome(variation: logic.offVariation, reason: .off) }

        for prerequisite in logic.prerequisites {
            var passed = false
            if let index = prerequisite.flagIndex {
                let other = snapshot.flags[index]
                // A disabled prerequisite fails whatever its off variation is.
                if let otherLogic = other.logic, otherLogic.enabled {
                    passed = evaluate(other).variation == prerequisite.variation
                }
            }
            tracer.prerequisite(prerequisite, passed: passed)
            if !passed {
                return FlagOutcome(variation: logic.offVariation,
                                   reason: EvaluationReason(kind: .prerequisiteFailed, prerequisiteKey: prerequisite.key))
            }
        }

        for target in logic.targets {
            guard let single = context.context(ofKind: target.contextKind) else {
                tracer.target(target, key: nil, matched: false)
                continue
            }
            let matched = target.keys.contains(ExactString(single.key))
            tracer.target(target, key: single.key, matched: matched)
            if matched { return FlagOutcome(variation: target.variation, reason: .targetMatch) }
        }

        for index in logic.rules.indices {
            let rule = logic.rules[index]
            tracer.enterRule(index: index, id: rule.id)
            let matched = matchesAll(rule.clauses)
            tracer.exitRule(matched: matched)
            if matched {
                return serve(rule.serve, EvaluationReason(kind: .ruleMatch, ruleIndex: index, ruleId: rule.id))
            }
        }
        return serve(logic.fallthrough, EvaluationReason(kind: .fallthrough))
    }

    private mutating func serve(_ serve: CompiledServe, _ reason: EvaluationReason) -> FlagOutcome {
        switch serve {
        case .variation(let variation):
            return FlagOutcome(variation: variation, reason: reason)
        case .rollout(let rollout):
            let single = context.context(ofKind: rollout.contextKind)
            let value = single?.value(of: rollout.bucketBy)
            let bucket = rollout.bucketing.bucket(of: value)
            tracer.bucket(contextKind: rollout.contextKind, attribute: rollout.bucketBy, value: value,
                          bucket: bucket, scale: rollout.bucketing.scale)
            var reason = reason
            reason.fromRollout = true
            reason.inExperiment = rollout.isExperiment && single != nil
            return FlagOutcome(variation: rollout.variation(forBucket: bucket), reason: reason)
        }
    }

    private mutating func matchesAll(_ clauses: [CompiledClause]) -> Bool {
        for clause in clauses where !matches(clause) { return false }
        return true
    }

    private mutating func matches(_ clause: CompiledClause) -> Bool {
        switch clause.test {
        case .segmentMatch(let segments):
            var found = false
            for index in segments where segmentContains(snapshot.segments[index]) {
                found = true
                break
            }
            let result = found != clause.negate
            tracer.clause(clause, seen: nil, matched: result)
            return result

        case .attribute(let attribute, let op):
            if attribute.isKind {
                // A clause on `kind` looks at every kind of the context, whatever its contextKind.
                var found = false
                for single in context.contexts where matches(op, .string(single.kind), lowercase: clause.lowercaseInput) {
                    found = true
                    break
                }
                let result = found != clause.negate
                let contexts = context.contexts
                tracer.clause(clause, seen: .array(contexts.map { .string($0.kind) }), matched: result)
                return result
            }
            // An absent context kind or attribute is false, and negate does not apply.
            guard let single = context.context(ofKind: clause.contextKind), let value = single.value(of: attribute) else {
                tracer.clause(clause, seen: nil, matched: false)
                return false
            }
            var found = false
            if case .array(let elements) = value {
                for element in elements where matches(op, element, lowercase: clause.lowercaseInput) {
                    found = true
                    break
                }
            } else {
                found = matches(op, value, lowercase: clause.lowercaseInput)
            }
            let result = found != clause.negate
            tracer.clause(clause, seen: value, matched: result)
            return result
        }
    }

    @inline(__always)
    private func matches(_ op: CompiledOperator, _ value: JSONValue, lowercase: Bool) -> Bool {
        if lowercase, case .string(let s) = value {
            return op.matches(.string(s.lowercased()))
        }
        return op.matches(value)
    }

    private mutating func segmentContains(_ segment: CompiledSegment) -> Bool {
        tracer.enterSegment(segment)
        let (included, why) = decide(segment)
        tracer.exitSegment(segment, included: included, why: why)
        return included
    }

    private mutating func decide(_ segment: CompiledSegment) -> (Bool, SegmentDecision) {
        let user = context.context(ofKind: "user")
        if let user, !segment.included.isEmpty, segment.included.contains(ExactString(user.key)) {
            return (true, .included)
        }
        for list in segment.includedContexts {
            if let single = context.context(ofKind: list.contextKind), list.keys.contains(ExactString(single.key)) {
                return (true, .includedContexts)
            }
        }
        if let user, !segment.excluded.isEmpty, segment.excluded.contains(ExactString(user.key)) {
            return (false, .excluded)
        }
        for list in segment.excludedContexts {
            if let single = context.context(ofKind: list.contextKind), list.keys.contains(ExactString(single.key)) {
                return (false, .excludedContexts)
            }
        }
        var decision = SegmentDecision.noMatch
        for index in segment.rules.indices {
            let rule = segment.rules[index]
            tracer.enterRule(index: index, id: rule.id)
            let matched = matchesAll(rule.clauses)
            tracer.exitRule(matched: matched)
            guard matched else { continue }
            guard let rollout = rule.rollout else { return (true, .rule(index)) }
            let value = context.context(ofKind: rollout.contextKind)?.value(of: rollout.bucketBy)
            let bucket = rollout.bucketing.bucket(of: value)
            tracer.bucket(contextKind: rollout.contextKind, attribute: rollout.bucketBy, value: value,
                          bucket: bucket, scale: rollout.bucketing.scale)
            if bucket < rollout.weight { return (true, .rule(index)) }
            decision = .outsideRollout(index)
        }
        return (false, decision)
    }
}
