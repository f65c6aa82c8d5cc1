/// Lowers a ``SplitDocument`` into a ``ProgramDraft`` with the semantics of Split's SDKs, Python's
/// where they disagree (docs/split.md):
///
/// - a flag's variations are its treatments: `defaultTreatment` first, then its partitions'
///   treatments in order; `control` is never a variation a condition serves (serving it is
///   `ERROR/MALFORMED_FLAG` with the condition's label, Split's `control`);
/// - a killed flag serves `defaultTreatment` (`OFF`, `killed`); prerequisites each evaluate a flag
///   and accept its treatments (`control` accepting a flag that serves none);
/// - conditions are rules in order, named by their labels; before the first `ROLLOUT` condition,
///   a traffic allocation under 100 is a rule that ends the evaluation with `defaultTreatment`
///   for keys outside it (`FALLTHROUGH`, `not in split`); no condition: `defaultTreatment`
///   (`FALLTHROUGH`, `default rule`);
/// - partitions are a rollout over 1...100 of the flag's hash (``BucketingFamily/split(seed:murmur:)``)
///   of the bucketing key, else the matching key; a bucket they do not cover serves `control`;
/// - matchers as ``SplitMatcherLowering`` says; standard segments hold keys, rule-based segments
///   exclude keys and segments, then let in keys any of their conditions match.
enum SplitLowering {
    static let kind = Context.splitKind

    static func lower(_ document: SplitDocument) -> ProgramDraft {
        let flags = document.liveFlags
        let ruleBased = document.liveRuleBasedSegments
        let names = SplitSegmentNames(ruleBased: Set(ruleBased.keys))
        let matchers = SplitMatcherLowering(names: names, ruleBased: ruleBased)
        var segments = document.segments.keys.sorted().map { name in
            SegmentDraft(key: names.standard(name), path: JSONPointer.root.appending("segments").appending(name),
                         entries: [SegmentEntry(condition: .contextKey(ContextKeyTest(contextKind: kind, keys: document.segments[name]!)),
                                                includes: true, decision: .included)])
        }
        segments += ruleBased.keys.sorted().map { matchers.lower(ruleBased: ruleBased[$0]!) }
        let drafts = flags.keys.sorted().map { lower(flag: flags[$0]!, matchers, flags: flags) }
        var draft = ProgramDraft(flags: drafts, segments: segments)
        // Split's SDKs follow dependencies until the language stops them: going round a cycle
        // fails that evaluation (an exception), and only that one.
        draft.prerequisiteCyclesFoundWhenEvaluated = true
        draft.segmentCyclesFoundWhenEvaluated = true
        draft.cycleError = .exception
        return draft
    }

    /// Where a flag's rollouts read their key: the bucketing key, else the matching key.
    static let bucketingKey = AttributeReference(literal: Context.splitBucketingKey)

    /// A flag's treatments as its variations: the default first, then those its partitions serve
    /// (`control` only as the default).
    static func treatments(of flag: SplitFlag) -> [String] {
        var treatments = [flag.defaultTreatment]
        for condition in flag.conditions {
            for partition in condition.partitions where partition.treatment != "control" && !treatments.contains(partition.treatment) {
                treatments.append(partition.treatment)
            }
        }
        return treatments
    }

    static func lower(flag: SplitFlag, _ matchers: SplitMatcherLowering, flags: [String: SplitFlag]) -> FlagDraft {
        let treatments = treatments(of: flag)
        let defaultIndex = 0
        let family = BucketingFamily.split(seed: flag.seed, murmur: flag.usesMurmur)

        var rules: [RuleDraft] = []
        var reachedRollout = false
        for condition in flag.conditions {
            if condition.isRollout && !reachedRollout {
                reachedRollout = true
                if flag.trafficAllocation < 100 {
                    rules.append(RuleDraft(kind: .exit(label: SplitLabels.notInSplit), condition: outsideAllocation(flag),
                                           serve: .variation(defaultIndex)))
                }
            }
            let parts = condition.matchers.map { matchers.lower($0) }
            rules.append(RuleDraft(kind: .labelled(condition.label), condition: .all(parts),
                                   serve: serve(condition, treatments, family)))
        }

        let configs = treatments.map { flag.configurations[$0] }
        var info = FlagInfo(version: flag.changeNumber, trackEvents: false, sets: flag.sets,
                            metadata: ["trafficTypeName": .string(flag.trafficTypeName),
                                       "impressionsDisabled": .bool(flag.impressionsDisabled)],
                            variables: configs.map { config in
                                guard let config, case .object(let members)? = try? JSONParser().parse(Array(config.utf8)) else { return [:] }
                                return members
                            })
        info.payloads = configs.map { $0.map(JSONValue.string) }
        info.countsOnly = flag.impressionsDisabled
        var draft = FlagDraft(key: flag.name, path: flag.path, enabled: !flag.killed,
                              variations: treatments.map { VariationDraft(key: $0, value: .string($0)) },
                              offVariation: defaultIndex,
                              prerequisites: flag.prerequisites.enumerated().map { i, prerequisite in
                                  // With `control` as the default treatment, failing prerequisites leaves
                                  // Split's SDKs where passing them does: walking the conditions. The
                                  // prerequisites are still evaluated, and accept whatever they serve, so
                                  // that one whose evaluation fails (an exception) fails this flag too.
                                  let accepted = flag.defaultTreatment == "control"
                                      ? flags[prerequisite.flag].map(Self.treatments(of:)) ?? [] : prerequisite.treatments
                                  return PrerequisiteDraft(flagKey: prerequisite.flag,
                                                           variation: .anyOfKeys(accepted, acceptsNone: flag.defaultTreatment == "control"
                                                               || prerequisite.treatments.contains("control")),
                                                           path: flag.path.appending("prerequisites").appending(i))
                              },
                              rules: rules, fallthrough: .variation(defaultIndex), info: info)
        draft.outcomeLabels = OutcomeLabels(off: SplitLabels.killed, prerequisiteFailed: SplitLabels.prerequisitesNotMet,
                                            fallthrough: SplitLabels.defaultRule, cycle: SplitLabels.exception)
        if flag.hasUnsupportedMatcher {
            draft.problems.append(DefinitionProblem(.warning, .flag(flag.name), at: flag.path.appending("conditions"),
                "a matcher type Split's SDKs do not know: every key that reaches the conditions gets control "
                + "('\(SplitLabels.unsupportedMatcher)')"))
        }
        draft.problems += matchers.problems(of: flag)
        return draft
    }

    /// Keys outside the traffic allocation: bucket > allocation, with the allocation's own seed.
    /// Without that seed Split's SDKs fail when they hash, so the evaluation fails here too.
    static func outsideAllocation(_ flag: SplitFlag) -> Condition {
        guard let seed = flag.trafficAllocationSeed else { return .exception }
        let family = BucketingFamily.split(seed: seed, murmur: flag.usesMurmur)
        // Buckets are whole numbers: bucket > allocation is bucket > ⌊allocation⌋.
        let inside = UInt64(flag.trafficAllocation.rounded(.down))
        let test = PercentageTest(bucketing: family, contextKind: kind,
                                  input: BucketInput(attributes: [bucketingKey, .key], random: false),
                                  pick: WeightedPick(family: family, weights: [inside, 100 - inside]),
                                  label: TestLabel(text: "traffic allocation \(JSONValue.number(flag.trafficAllocation).serialized())%"))
        return .not(.percentage(test))
    }

    /// A condition's partitions: one of 100 is its treatment; otherwise a rollout whose running
    /// sums are Split's (a bucket is picked by the first sum at least it), and whatever they do
    /// not cover is `control`.
    static func serve(_ condition: SplitCondition, _ treatments: [String], _ family: BucketingFamily) -> ServeDraft {
        func index(_ treatment: String) -> Int {
            treatment == "control" ? -1 : treatments.firstIndex(of: treatment) ?? -1
        }
        let partitions = condition.partitions
        if partitions.isEmpty { return .malformed }
        if partitions.count == 1, partitions[0].size == 100 {
            let i = index(partitions[0].treatment)
            return i < 0 ? .malformed : .variation(i)
        }
        var variations: [Int] = []
        var weights: [UInt64] = []
        var sum: Double = 0
        var covered: UInt64 = 0
        for partition in partitions {
            sum += partition.size
            // A bucket b (1...100) is within the running sum s when s >= b, that is ⌊s⌋ >= b.
            let reach = UInt64(min(sum, 1_000).rounded(.down))
            variations.append(index(partition.treatment))
            weights.append(reach > covered ? reach - covered : 0)
            covered = max(covered, reach)
        }
        if covered < 100 {
            variations.append(-1)
            weights.append(100 - covered)
        }
        return .rollout(RolloutDraft(bucketing: family, contextKind: kind, bucketBy: bucketingKey, variations: variations,
                                     weights: weights, isExperiment: false,
                                     fallback: BucketInput(attributes: [.key], random: false)))
    }
}

/// The program's keys of Split's segments: a standard segment and a rule-based one may share a
/// name, so a standard segment whose name is also a rule-based segment's is keyed
/// `<name> (standard)`.
struct SplitSegmentNames {
    let ruleBased: Set<String>

    init(ruleBased: Set<String>) {
        self.ruleBased = ruleBased
    }

    func standard(_ name: String) -> String {
        ruleBased.contains(name) ? "\(name) (standard)" : name
    }

    func ruleBased(_ name: String) -> String { name }
}
