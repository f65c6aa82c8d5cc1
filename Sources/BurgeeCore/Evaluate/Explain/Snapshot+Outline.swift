/// Flags and segments rendered back from the linked program into words, for a person (the flag
/// explorer): whatever format they came from, they read the same way.
///
/// Read from the program, not from the document, so that what is shown is what evaluates.
extension Snapshot {
    /// A flag's outline as JSON: `key`, `enabled`, `malformed`, `version`, `sets`, `variations`
    /// (`index`, `name`, `value`), `offVariation`, `prerequisites` (`flag`, `variations`),
    /// `rules` (`index`, `id`, `label`, `target`, `when`, `serve`), `fallthrough`, the `segments`
    /// and `flags` its rules use, the flags that use it (`usedBy`) and its `problems`. A serve is
    /// `{"variation": name}`, `{"rollout": {"by", "contextKind", "experiment", "shares": [{"variation", "share"}]}}`,
    /// `{"expression": source}` (with `rollout` when the expression splits by constant weights),
    /// `{"none": true}` or `{"malformed": true}`. `nil` for an unknown flag.
    package func outline(ofFlag key: String) -> JSONValue? {
        guard let index = program.flagIndex(of: key) else { return nil }
        return ProgramOutliner(program: program).flag(index)
    }

    /// A segment's outline as JSON: `key`, `malformed`, `entries` (`index`, `id`, `when`,
    /// `includes`, `rollout`), the flags and segments that use it, and its `problems`; `nil` for an
    /// unknown segment.
    package func outline(ofSegment key: String) -> JSONValue? {
        guard let index = program.segmentKeys.firstIndex(of: key) else { return nil }
        return ProgramOutliner(program: program).segment(index)
    }

    /// A flag's first rollout (the fallthrough's when it has one, else the first rule's, an
    /// expression's split by constant weights included), as a
    /// serve of ``outline(ofFlag:)``: the configured shares a drawn distribution is set beside;
    /// `.null` for a flag without a rollout, `nil` for an unknown flag.
    package func rolloutShares(ofFlag key: String) -> JSONValue? {
        guard let index = program.flagIndex(of: key) else { return nil }
        return ProgramOutliner(program: program).firstRollout(of: index)
    }
}

/// Walks one program's tables into JSON words.
struct ProgramOutliner {
    let program: Program

    func flag(_ index: Int) -> JSONValue {
        let code = program.flags[index]
        let info = program.flagInfo[index]
        let key = program.flagKeys[index]
        var variations: [JSONValue] = []
        for v in 0..<Int(code.variationCount) {
            let slot = Int(code.variationBase) + v
            variations.append(["index": .number(Double(v)), "name": .string(program.variationName(flag: index, v)),
                               "value": program.values[slot]])
        }
        var prerequisites: [JSONValue] = []
        for p in code.prerequisites.indices {
            prerequisites.append(["flag": .string(program.prerequisiteKeys[p]),
                                  "variations": .array(accepted(program.prerequisites[p]).map(JSONValue.string))])
        }
        var rules: [JSONValue] = []
        for r in code.rules.indices {
            let rule = program.rules[r]
            var o: [String: JSONValue] = ["target": .bool(rule.isTarget), "when": .string(words(rule.condition)),
                                          "serve": serve(rule.serve, flag: index)]
            if rule.ruleIndex >= 0 { o["index"] = .number(Double(rule.ruleIndex)) }
            if let id = program.ruleIds[r] { o["id"] = .string(id) }
            if Int(r) < program.ruleLabels.count, let label = program.ruleLabels[Int(r)] { o["label"] = .string(label) }
            if rule.isExit { o["exit"] = .bool(true) }
            rules.append(.object(o))
        }
        let usedBy = (program.dependencies.flagUsers[key] ?? []).sorted()
        var o: [String: JSONValue] = [
            "key": .string(key), "enabled": .bool(code.enabled), "malformed": .bool(code.malformed),
            "version": .number(Double(info.version)), "sets": .array(info.sets.map(JSONValue.string)),
            "variations": .array(variations), "prerequisites": .array(prerequisites), "rules": .array(rules),
            "fallthrough": serve(code.fallthrough, flag: index),
            "segments": .array(unique(program.dependencies.flagSegments[key] ?? []).map(JSONValue.string)),
            "flags": .array(unique(program.dependencies.flagPrerequisites[key] ?? []).map(JSONValue.string)),
            "usedBy": .array(usedBy.map(JSONValue.string)),
            "problems": .array(program.flagProblems[index].map { .string($0.description) }),
        ]
        o["offVariation"] = code.offVariation >= 0 ? .string(program.variationName(flag: index, Int(code.offVariation))) : .null
        return .object(o)
    }

    func segment(_ index: Int) -> JSONValue {
        let code = program.segments[index]
        let key = program.segmentKeys[index]
        var entries: [JSONValue] = []
        for (n, e) in code.entries.indices.enumerated() {
            let entry = program.segmentEntries[e]
            var o: [String: JSONValue] = ["index": .number(Double(n)), "when": .string(words(entry.condition)),
                                          "includes": .bool(entry.includes)]
            if Int(e) < program.segmentEntryRuleIds.count, let id = program.segmentEntryRuleIds[Int(e)] { o["id"] = .string(id) }
            if entry.rollout >= 0 {
                o["rollout"] = program.rollouts[entry.rollout].read { r in
                    ["by": .string(bucketedBy(r)), "inside": .number(r.pick.shares.first ?? 0)]
                }
            }
            entries.append(.object(o))
        }
        let flags = (program.dependencies.segmentUsers[key] ?? []).sorted()
        let segments = (program.dependencies.nestingSegments[key] ?? []).sorted()
        return [
            "key": .string(key), "malformed": .bool(code.malformed), "entries": .array(entries),
            "usedByFlags": .array(flags.map(JSONValue.string)), "usedBySegments": .array(segments.map(JSONValue.string)),
            "segments": .array(unique(program.dependencies.segmentSegments[key] ?? []).map(JSONValue.string)),
            "problems": .array(program.segmentProblems[index].map { .string($0.description) }),
        ]
    }

    func firstRollout(of index: Int) -> JSONValue {
        let code = program.flags[index]
        for candidate in [code.fallthrough] + code.rules.indices.map({ program.rules[$0].serve }) {
            let outline = serve(candidate, flag: index)
            if outline.objectValue?["rollout"] != nil { return outline }
        }
        return .null
    }

    // MARK: Words

    private func serve(_ serve: ServeCode, flag: Int) -> JSONValue {
        switch serve.kind {
        case .variation:
            return ["variation": .string(program.variationName(flag: flag, Int(serve.index)))]
        case .rollout:
            return program.rollouts[serve.index].read { r in
                let shares = r.pick.shares
                var picks: [JSONValue] = []
                for (n, v) in r.variations.indices.enumerated() {
                    let share = n < shares.count ? shares[n] : 0
                    picks.append(["variation": .string(program.variationName(flag: flag, Int(program.rolloutVariations[v]))),
                                  "share": .number(share)])
                }
                return ["rollout": ["by": .string(bucketedBy(r)), "contextKind": .string(r.contextKind.name),
                                    "experiment": .bool(r.isExperiment), "shares": .array(picks)]]
            }
        case .expression:
            return program.expressions[serve.index].read { e in
                var o: [String: JSONValue] = ["expression": e.expression.source]
                if let fractional = e.expression.fractionalOutline {
                    o["rollout"] = ["by": .string(fractional.by), "contextKind": .null, "experiment": false,
                                    "shares": .array(fractional.shares.map { ["variation": .string($0.variant), "share": .number($0.share)] })]
                }
                return .object(o)
            }
        case .none: return ["none": true]
        case .malformed: return ["malformed": true]
        }
    }

    private func bucketedBy(_ rollout: RolloutCode) -> String {
        if rollout.randomOnly { return "random" }
        let first = "\(rollout.contextKind.name).\(rollout.bucketBy)"
        let rest = rollout.fallbacks.map(\.description) + (rollout.random ? ["random"] : [])
        return rest.isEmpty ? first : ([first] + rest).joined(separator: ", else ")
    }

    private func accepted(_ code: PrerequisiteCode) -> [String] {
        guard code.flag >= 0 else { return [code.acceptsNone ? "none" : "?"] }
        if code.acceptsAnyOf {
            return code.accepted.indices.map { program.variationName(flag: Int(code.flag), Int(program.prerequisiteVariations[$0])) }
        }
        return [program.variationName(flag: Int(code.flag), Int(code.variation))]
    }

    /// A condition tree as one line: `and`, `or` and `not` around the tests' own labels.
    func words(_ condition: Int32) -> String {
        let code = program.conditions[condition]
        func children() -> [String] {
            code.operands.indices.map { words(program.conditionChildren[$0]) }
        }
        switch code.kind {
        case .always: return "always"
        case .all:
            let parts = children()
            return parts.isEmpty ? "always" : parts.map { parts.count > 1 && $0.contains(" or ") ? "(\($0))" : $0 }.joined(separator: " and ")
        case .any:
            let parts = children()
            return parts.isEmpty ? "never" : parts.map { parts.count > 1 && $0.contains(" and ") ? "(\($0))" : $0 }.joined(separator: " or ")
        case .not:
            return "not (\(words(code.operands.start)))"
        case .test:
            return program.testLabels[Int(code.operands.start)].text
        case .segmentMatch:
            let test = program.segmentTests[code.operands.start]
            let keys = test.segments.indices.map { s in
                let segment = program.segmentReferences[s]
                return segment >= 0 ? "'\(program.segmentKeys[Int(segment)])'" : "(unknown segment)"
            }
            return "\(test.negate ? "not in" : "in") segment \(keys.joined(separator: " or "))"
        case .contextKey:
            let test = program.keyTests[code.operands.start]
            let kind = test.contextKind.read { $0.name }
            return "\(kind) key among \(test.count) listed"
        case .percentage:
            return program.rollouts[code.operands.start].read { r in
                let share = (r.pick.shares.first ?? 0) * 100
                return "\(Self.percent(share)) % of contexts by \(bucketedBy(r))"
            }
        case .expression:
            return program.expressionTests[code.operands.start].read { $0.source.serialized() } + " is truthy"
        case .flagServes:
            let test = program.flagTests[code.operands.start]
            let flag = test.flag >= 0 ? "'\(program.flagKeys[Int(test.flag)])'" : "(unknown flag)"
            let variations = accepted(test)
            guard !variations.isEmpty else { return "flag \(flag) serves a variation it does not have (never holds)" }
            return "flag \(flag) serves \(variations.map { "'\($0)'" }.joined(separator: " or "))"
        case .external:
            return "external condition \(code.operands.start + 1) holds (code the client registers)"
        case .exception: return "(cannot be evaluated: an error)"
        case .malformed: return "(malformed)"
        }
    }

    private func unique(_ keys: [String]) -> [String] {
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }
    }

    /// A percentage with at most two decimals, without trailing zeros.
    static func percent(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let whole = hundredths / 100, rest = hundredths % 100
        if rest == 0 { return String(whole) }
        return rest % 10 == 0 ? "\(whole).\(rest / 10)" : "\(whole).\(rest < 10 ? "0" : "")\(rest)"
    }
}
