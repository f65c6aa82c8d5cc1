/// The tracer behind `explain`: turns each step into a line.
struct RecordingTracer: EvaluationTracer {
    let program: Program
    var steps: [EvaluationExplanation.Step] = []
    private var depth = 0
    private var currentFlag: [Int] = []

    init(program: Program) {
        self.program = program
    }

    private mutating func add(_ outcome: EvaluationExplanation.Outcome?, _ text: String) {
        steps.append(.init(depth: depth, outcome: outcome, text: text))
    }

    private static func verdict(_ passed: Bool) -> EvaluationExplanation.Outcome { passed ? .pass : .fail }

    mutating func enterFlag(_ flag: Int) {
        let code = program.flags[flag]
        add(nil, "flag '\(program.flagKeys[flag])' (version \(program.flagInfo[flag].version), \(code.enabled ? "enabled" : "disabled"))")
        currentFlag.append(flag)
        depth += 1
    }

    mutating func exitFlag(_ flag: Int, _ outcome: FlagOutcome) {
        let served = outcome.variation.map { "'\(program.variationName(flag: flag, $0))'" } ?? "the default"
        add(nil, "serves \(served): \(outcome.reason(in: program, flag: flag).jsonText)")
        depth -= 1
        currentFlag.removeLast()
    }

    mutating func prerequisite(_ prerequisite: Int32, passed: Bool) {
        let code = program.prerequisites[prerequisite]
        let key = program.prerequisiteKeys[prerequisite]
        let why: String
        var wanted = "?"
        if code.flag < 0 { why = " (no such flag)" } else {
            let other = program.flags[code.flag]
            wanted = program.variationName(flag: Int(code.flag), Int(code.variation))
            why = other.malformed ? " (malformed)" : other.enabled ? "" : " (disabled)"
        }
        add(Self.verdict(passed), "prerequisite '\(key)' must serve '\(wanted)'\(why)")
    }

    mutating func target(_ rule: Int32, key: String?, matched: Bool) {
        let code = program.rules[rule]
        let test = program.keyTests[program.conditions[code.condition].operands.start]
        let kind = test.contextKind.read { $0.name }
        let seen = key.map { "key '\($0)'" } ?? "no \(kind) context"
        let variation = currentFlag.last.map { program.variationName(flag: $0, Int(code.serve.index)) } ?? "?"
        add(Self.verdict(matched), "target \(kind) (\(test.count) keys) → '\(variation)': \(seen)")
    }

    mutating func enterFlagRule(_ rule: Int32) {
        let code = program.rules[rule]
        guard code.ruleIndex < 0 else { return enterRule(index: Int(code.ruleIndex), id: program.ruleIds[rule]) }
        let label = program.ruleLabels[Int(rule)].map { "'\($0)'" } ?? "without a label"
        add(nil, code.isExit ? "exit \(label)" : "condition \(label)")
        depth += 1
    }

    mutating func enterRule(index: Int, id: String?) {
        add(nil, "rule \(index)\(id.map { " '\($0)'" } ?? "")")
        depth += 1
    }

    mutating func enterSegmentRule(_ entry: Int32, index: Int) {
        enterRule(index: index, id: program.segmentEntryRuleIds[Int(entry)])
    }

    mutating func exitRule(matched: Bool) {
        depth -= 1
        steps[lastRuleIndex()].outcome = Self.verdict(matched)
    }

    private func lastRuleIndex() -> Int {
        steps.lastIndex { step in
            step.depth == depth && ["rule ", "condition ", "exit "].contains { step.text.hasPrefix($0) }
        } ?? steps.count - 1
    }

    mutating func clause(_ test: Int32, seen: @autoclosure () -> JSONValue?, matched: Bool) {
        let negateWhenAbsent = program.tests[test].read { $0.negateWhenAbsent }
        let absent = negateWhenAbsent ? "nothing (absent: the operator fails)" : "nothing (absent: false, negate not applied)"
        add(Self.verdict(matched), program.testLabels[Int(test)].text + ": seen " + (seen().map { $0.serialized() } ?? absent))
    }

    mutating func segmentClause(_ test: Int32, matched: Bool) {
        add(Self.verdict(matched), program.segmentTestLabels[Int(test)].text)
    }

    mutating func enterSegment(_ segment: Int32) {
        add(nil, "segment '\(program.segmentKeys[Int(segment)])'")
        depth += 1
    }

    mutating func exitSegment(_ segment: Int32, included: Bool, why: SegmentDecision) {
        let reason: String
        switch why {
        case .included: reason = "user key listed in 'included'"
        case .includedContexts: reason = "key listed in 'includedContexts'"
        case .excluded: reason = "user key listed in 'excluded'"
        case .excludedContexts: reason = "key listed in 'excludedContexts'"
        case .rule(let i): reason = "rule \(i) matched"
        case .outsideRollout(let i): reason = "rule \(i) matched but the bucket is outside its rollout"
        case .noMatch: reason = "no list or rule matched"
        case .bigSegmentNotConfigured: reason = "an unbounded (big) segment, whose members are not available (bigSegmentsStatus NOT_CONFIGURED)"
        case .bigSegmentIncluded: reason = "its big segment store lists the context's key as included"
        case .bigSegmentExcluded: reason = "its big segment store lists the context's key as excluded"
        }
        depth -= 1
        add(Self.verdict(included), "segment '\(program.segmentKeys[Int(segment)])' \(included ? "contains" : "does not contain") the context: \(reason)")
    }

    mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: Bucket, scale: UInt64) {
        let seen = value.map { $0.serialized() } ?? "nothing"
        add(nil, "bucket \(bucket) of \(scale) from \(contextKind).\(attribute) = \(seen)")
    }

    mutating func picked(_ rollout: RolloutCode, index: Int) {
        let range = rollout.pick.bounds(of: index).map { " in [\(Self.number($0.lower)), \(Self.number($0.upper)))" } ?? ""
        if rollout.variations.count > 0, let flag = currentFlag.last, index < Int(rollout.variations.count) {
            let variation = program.rolloutVariations[rollout.variations.start &+ Int32(index)]
            add(nil, "falls\(range) → '\(program.variationName(flag: flag, Int(variation)))'")
        } else if rollout.variations.count == 0 {
            add(nil, index == 0 ? "falls\(range): inside" : "falls outside\(rollout.pick.bounds(of: 0).map { " [\(Self.number($0.lower)), \(Self.number($0.upper)))" } ?? "")")
        }
    }

    /// A bound as text: integers without a fraction, fractions to eight decimals.
    private static func number(_ value: Double) -> String {
        if value.rounded() == value && abs(value) < 1e15 { return String(Int64(value)) }
        // Fractions summed in Float read as their Float text, not Double's digits of it.
        return String((value * 1e8).rounded() / 1e8)
    }
}
