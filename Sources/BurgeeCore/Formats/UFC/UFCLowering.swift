/// Lowers a ``UFCDocument`` into a ``ProgramDraft`` with the semantics of the vendor's engine
/// (docs/datadog.md, "Evaluation, step by step"):
///
/// - a flag's variations are its variations, by their inner `key`; `enabled: false` is off and
///   serves the default; its `variationType` is declared, so a typed request for another type
///   is `ERROR/WRONG_TYPE`;
/// - each split of each allocation, in order, is a rule `RULE_MATCH` (index in that order, id the
///   allocation's key) whose condition is the allocation's date window (both bounds inclusive, on
///   the evaluation clock), any of its rules (all of a rule's conditions), and every significant
///   shard of the split; no rule matching serves the default (`FALLTHROUGH`);
/// - a split reaching a significant shard without a targeting key fails (`ERROR/EXCEPTION`,
///   Datadog's `TARGETING_KEY_MISSING`);
/// - a flag Datadog rejects serves the default with no error, as Datadog's own fixtures expect
///   (a warning says why); a flag Eppo rejects is malformed (`ERROR/MALFORMED_FLAG`, Eppo's
///   `UNEXPECTED_CONFIGURATION_ERROR`), as is an Eppo split whose variation it cannot serve.
///
/// Each rule's payload (``FlagInfo/rulePayloads``) keeps what the vendor's result names:
/// `allocation`, `reason` (``UFCAllocation/servedReason``), `doLog`, `serialId`, `extraLogging`.
enum UFCLowering {
    static let kind = Context.ufcKind
    static let targetingKey = AttributeReference(literal: Context.ufcTargetingKey)
    /// The member holding a subject's attributes.
    static let attributes = AttributeReference(literal: Context.ufcAttributes)
    /// A member no subject has: a test on it reads the evaluation clock.
    static let clock = AttributeReference(literal: "now")

    static func lower(_ document: UFCDocument, options: CompileOptions) -> ProgramDraft {
        let drafts = document.flags.keys.sorted().map { key in
            lower(document.flags[key]!, key: key, document.vendor)
        }
        return ProgramDraft(flags: drafts, clock: options.now.map(EvaluationClock.fixed) ?? .system)
    }

    static func lower(_ entry: UFCFlagEntry, key: String, _ vendor: UFCVendor) -> FlagDraft {
        let path = JSONPointer.root.appending("flags").appending(key)
        let info = FlagInfo(version: 0, trackEvents: false, sets: [], metadata: [:], variables: [])
        switch entry {
        case .rejected(let problem, let enabled):
            var draft = FlagDraft(key: key, path: path, enabled: vendor == .eppo || enabled, variations: [], offVariation: nil,
                                  fallthrough: ServeDraft.none, info: info)
            switch vendor {
            case .datadog:
                draft.problems.append(DefinitionProblem(.warning, .flag(key), at: problem.path,
                    "Datadog's evaluator rejects this flag (\(problem.message)); it serves the default with reason DEFAULT "
                    + "(DISABLED when it is disabled), as Datadog's own test data expects"))
            case .eppo:
                draft.problems.append(DefinitionProblem(.error, .flag(key), at: problem.path, problem.message))
            }
            return draft
        case .flag(let flag):
            return lower(flag, vendor)
        }
    }

    static func lower(_ flag: UFCFlag, _ vendor: UFCVendor) -> FlagDraft {
        var rules: [RuleDraft] = []
        var payloads: [JSONValue] = []
        var reasons: [String] = []
        var exposures: [RuleExposure] = []
        var problems: [DefinitionProblem] = []
        for allocation in flag.allocations {
            var gate: [Condition] = []
            if let start = allocation.startAt { gate.append(.not(clockTest(.before, start))) }
            if let end = allocation.endAt { gate.append(.not(clockTest(.after, end))) }
            if !allocation.rules.isEmpty {
                gate.append(.any(allocation.rules.map { rule in .all(rule.map { condition($0, &problems, flag) }) }))
            }
            for split in allocation.splits {
                var parts = gate
                let significant = split.shards.filter(\.isSignificant)
                if !significant.isEmpty {
                    // The key is needed only to hash: without one, reaching this split fails.
                    parts.append(.any([.test(AttributeTest(contextKind: kind, attribute: targetingKey, op: .present, negate: false,
                                                           absent: .isFalse, lowercaseInput: false,
                                                           label: TestLabel(text: "targeting key present"))), .exception]))
                    parts += significant.map(shardTest)
                }
                rules.append(RuleDraft(kind: .rule(index: rules.count, id: allocation.key), condition: .all(parts),
                                       serve: serve(split, flag)))
                let serialId: JSONValue = split.serialId.map { .number(Double($0)) } ?? .null
                var payload: [String: JSONValue] = ["allocation": .string(allocation.key), "reason": .string(allocation.servedReason),
                                                    "doLog": .bool(allocation.doLog), "serialId": serialId]
                if vendor == .eppo { payload["extraLogging"] = .object(split.extraLogging.mapValues(JSONValue.string)) }
                payloads.append(.object(payload))
                exposures.append(RuleExposure(logged: allocation.doLog, key: allocation.key, serialId: serialId))
                reasons.append(allocation.servedReason)
            }
        }
        var info = FlagInfo(version: 0, trackEvents: false, sets: [], metadata: [:], variables: [])
        info.rulePayloads = payloads
        info.ruleExposures = exposures
        info.openFeatureRuleReasons = reasons
        var draft = FlagDraft(key: flag.key, path: flag.path, problems: problems, enabled: flag.enabled,
                              variations: flag.variations.map { VariationDraft(key: $0.key, value: $0.value) },
                              offVariation: nil, rules: rules, fallthrough: ServeDraft.none, info: info)
        draft.declaredType = flag.variationType.valueType
        return draft
    }

    /// The split's variation; for Eppo, a variation it cannot serve fails when served.
    static func serve(_ split: UFCSplit, _ flag: UFCFlag) -> ServeDraft {
        guard let index = flag.variationIndex(split.variationKey), flag.variations[index].problem == nil else { return .malformed }
        return .variation(index)
    }

    /// `now` before or after an instant, the evaluation clock standing in for an attribute no
    /// subject has.
    static func clockTest(_ direction: DateOperator.Direction, _ instant: Timestamp) -> Condition {
        .test(AttributeTest(contextKind: kind, attribute: clock, op: .date(direction, [instant]), negate: false, absent: .isFalse,
                            lowercaseInput: false, label: TestLabel(text: "now \(direction == .before ? "before" : "after") \(instant)"),
                            absentReadsClock: true))
    }

    /// The shard's number of the targeting key in one of its ranges.
    static func shardTest(_ shard: UFCShard) -> Condition {
        let ranges = shard.ranges.map { (start: UInt64($0.start), end: UInt64($0.end)) }
        return .percentage(PercentageTest(bucketing: .ufcShard(salt: shard.salt), contextKind: kind,
                                          input: BucketInput(attributes: [targetingKey], random: false),
                                          pick: WeightedPick(ranges: ranges, scale: UInt64(shard.totalShards)),
                                          label: TestLabel { [salt = shard.salt, total = shard.totalShards, ranges] in
                                              "shard of \"\(salt)-<key>\" mod \(total) in "
                                                  + ranges.map { "\($0.start)..<\($0.end)" }.joined(separator: ", ")
                                          }))
    }

    /// A condition on an attribute under `attributes`. An absent or `null` attribute makes every
    /// test false but `IS_NULL`.
    static func condition(_ c: UFCCondition, _ problems: inout [DefinitionProblem], _ flag: UFCFlag) -> Condition {
        guard let attribute = AttributeReference(JSONPointer(tokens: [Context.ufcAttributes, c.attribute]).description) else {
            // The empty name, which no reference holds: read as an absent attribute.
            if case .isNull(true) = c.test { return .always }
            return .any([])
        }
        func test(_ op: Operator, negate: Bool = false) -> Condition {
            .test(AttributeTest(contextKind: kind, attribute: attribute, op: op, negate: negate, absent: .isFalse,
                                lowercaseInput: false, label: TestLabel { [name = c.attribute, written = c.written] in
                                    "\(name) \(written.op) \(written.value.serialized())"
                                },
                                wholeValue: true))
        }
        switch c.test {
        case .oneOf(let strings, let negated):
            return test(.scalarText(.oneOf(ScalarTextOperator.Members(strings))), negate: negated)
        case .matches(let regex, let negated):
            return test(.scalarText(.matches([regex])), negate: negated)
        case .isNull(let isNull):
            let present = test(.present)
            return isNull ? .not(present) : present
        case .number(let comparison, let operand):
            return test(.numberText(comparison, [operand]))
        case .version(let comparison, let operand, let countsBuild):
            return test(.fullSemVer(FullSemVerOperator.Test(comparison, operand, countsBuild: countsBuild)))
        case .extendedVersion(let comparison, let operand):
            return test(.extendedVersion(ExtendedVersionOperator.Test(comparison, operand)))
        case .never(let why):
            problems.append(DefinitionProblem(.warning, .flag(flag.key), at: c.path, "\(why): Eppo evaluates the condition as false"))
            return .any([])
        }
    }
}
