/// The tracer behind `explain`: turns each step into a line.
struct RecordingTracer: EvaluationTracer {
    let snapshot: Snapshot
    var steps: [EvaluationExplanation.Step] = []
    private var depth = 0
    private var currentFlag: [CompiledFlag] = []

    init(snapshot: Snapshot) {
        self.snapshot = snapshot
    }

    private mutating func add(_ outcome: EvaluationExplanation.Outcome?, _ text: String) {
        steps.append(.init(depth: depth, outcome: outcome, text: text))
    }

    private static func verdict(_ passed: Bool) -> EvaluationExplanation.Outcome { passed ? .pass : .fail }

    mutating func enterFlag(_ flag: CompiledFlag) {
        let enabled = flag.logic?.enabled ?? false
        add(nil, "flag '\(flag.key)' (version \(flag.definition.version), \(enabled ? "enabled" : "disabled"))")
        currentFlag.append(flag)
        depth += 1
    }

    mutating func exitFlag(_ flag: CompiledFlag, _ outcome: FlagOutcome) {
        let served = outcome.variation.flatMap { v in flag.logic.map { "'\($0.variationKeys[v])'" } } ?? "the default"
        add(nil, "serves \(served): \(outcome.reason.jsonText)")
        depth -= 1
        currentFlag.removeLast()
    }

    mutating func prerequisite(_ prerequisite: FlagLogic.Prerequisite, passed: Bool) {
        let logic = prerequisite.flagIndex.flatMap { snapshot.flags[$0].logic }
        let wanted = logic?.variationKeys[prerequisite.variation] ?? "?"
        let why: String
        if prerequisite.flagIndex == nil { why = " (no such flag)" }
        else if let logic { why = logic.enabled ? "" : " (disabled)" }
        else { why = " (malformed)" }
        add(Self.verdict(passed), "prerequisite '\(prerequisite.key)' must serve '\(wanted)'\(why)")
    }

    mutating func target(_ target: FlagLogic.Target, key: String?, matched: Bool) {
        let seen = key.map { "key '\($0)'" } ?? "no \(target.contextKind) context"
        let variation = currentFlag.last?.logic?.variationKeys[target.variation] ?? "?"
        add(Self.verdict(matched), "target \(target.contextKind) (\(target.keys.count) keys) → '\(variation)': \(seen)")
    }

    mutating func enterRule(index: Int, id: String?) {
        add(nil, "rule \(index)\(id.map { " '\($0)'" } ?? "")")
        depth += 1
    }

    mutating func exitRule(matched: Bool) {
        depth -= 1
        steps[lastRuleIndex()].outcome = Self.verdict(matched)
    }

    private func lastRuleIndex() -> Int {
        steps.lastIndex { $0.depth == depth && $0.text.hasPrefix("rule ") } ?? steps.count - 1
    }

    mutating func clause(_ clause: CompiledClause, seen: @autoclosure () -> JSONValue?, matched: Bool) {
        let d = clause.definition
        var text = ""
        if let attribute = d.attribute { text += "\(d.contextKind).\(attribute) " }
        if d.negate { text += "not " }
        text += d.op
        if d.caseInsensitive { text += " (case-insensitive)" }
        text += " \(JSONValue.array(d.values).serialized())"
        if case .attribute = clause.test {
            text += ": seen " + (seen().map { $0.serialized() } ?? "nothing (absent: false, negate not applied)")
        }
        add(Self.verdict(matched), text)
    }

    mutating func enterSegment(_ segment: CompiledSegment) {
        add(nil, "segment '\(segment.key)'")
        depth += 1
    }

    mutating func exitSegment(_ segment: CompiledSegment, included: Bool, why: SegmentDecision) {
        let reason: String
        switch why {
        case .included: reason = "user key listed in 'included'"
        case .includedContexts: reason = "key listed in 'includedContexts'"
        case .excluded: reason = "user key listed in 'excluded'"
        case .excludedContexts: reason = "key listed in 'excludedContexts'"
        case .rule(let i): reason = "rule \(i) matched"
        case .outsideRollout(let i): reason = "rule \(i) matched but the bucket is outside its rollout"
        case .noMatch: reason = "no list or rule matched"
        }
        depth -= 1
        add(Self.verdict(included), "segment '\(segment.key)' \(included ? "contains" : "does not contain") the context: \(reason)")
    }

    mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: UInt32, scale: UInt32) {
        let seen = value.map { $0.serialized() } ?? "nothing"
        add(nil, "bucket \(bucket) of \(scale) from \(contextKind).\(attribute) = \(seen)")
    }
}
