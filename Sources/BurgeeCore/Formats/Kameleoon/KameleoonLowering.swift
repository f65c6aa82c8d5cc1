/// Lowers Kameleoon feature flags into the program (docs/kameleoon.md).
///
/// A visitor is a context of kind ``Context/kameleoonKind`` keyed by its visitor code; its data
/// is one attribute, `visitor`, that the targeting conditions read. Each flag becomes, in order:
/// the holdout (consent blocking at it, then an exit to the default variation for visitors in
/// it), the mutually exclusive group (an exit for visitors whose slot is another flag's), then per
/// rule: consent blocking for experiments, the served variation, and for targeted delivery an exit
/// to the default for the targeted visitors the exposition leaves out. Every hash is Kameleoon's
/// SHA-256 fraction of the code for hash (``BucketingFamily/kameleoon(container:respool:)``).
enum KameleoonLowering {
    static let kind = Context.kameleoonKind
    /// The label of the outcomes that consent blocks.
    static let consentLabel = "consent"
    static let holdoutLabel = "holdout"
    static let groupLabel = "mutually exclusive group"
    static let exposureLabel = "not exposed"
    /// The holdout variation key whose visitors get the default variation.
    static let inHoldout = "in-holdout"

    static func lower(_ document: KameleoonDocument) -> ProgramDraft {
        var draft = ProgramDraft()
        let index = flagIndex(document)
        draft.flags = document.flags.map { lower($0, document, index) }
        return draft
    }

    /// The document's flags as `TARGET_FEATURE_FLAG` conditions look them up.
    static func flagIndex(_ document: KameleoonDocument) -> KameleoonFlagIndex {
        KameleoonFlagIndex(document.flags.map { flag in
            KameleoonFlagIndex.Flag(id: flag.id, rules: flag.rules.map { rule in
                KameleoonFlagIndex.Rule(id: rule.id, experimentId: rule.experiment.id, variations: rule.experiment.variations.map {
                    KameleoonFlagIndex.Variation(id: $0.variationId, key: $0.variationKey)
                })
            })
        })
    }

    static func lower(_ flag: KameleoonFlag, _ document: KameleoonDocument, _ index: KameleoonFlagIndex) -> FlagDraft {
        let path = JSONPointer.root.appending("featureFlags").appending(document.flags.firstIndex { $0.featureKey == flag.featureKey } ?? 0)
        let variations = KameleoonVariations(flag)
        let defaultIndex = variations.index(of: flag.defaultVariationKey)
        let input = bucketInput(flag, document)
        let budget = InliningBudget()
        var rules: [RuleDraft] = []

        if let holdout = document.holdout {
            if document.settings.consentRequired, document.settings.fullyBlocks {
                rules.append(RuleDraft(kind: .off(label: consentLabel), condition: consentWithheld, serve: .none))
            }
            let family = BucketingFamily.kameleoon(container: holdout.id, respool: nil)
            let parts = picked(holdout, where: { $0.variationKey == inHoldout }, family, input)
            if !parts.isEmpty {
                rules.append(RuleDraft(kind: .exit(label: holdoutLabel), condition: .any(parts), serve: .variation(defaultIndex)))
            }
        }

        if let group = flag.mutuallyExclusiveGroup, !group.isEmpty {
            let members = document.group(group)
            if let slot = members.firstIndex(where: { $0.featureKey == flag.featureKey }) {
                let family = BucketingFamily.kameleoonGroup(group)
                let test = PercentageTest(bucketing: family, contextKind: kind, input: input,
                                          pick: WeightedPick(slot: slot, of: members.count),
                                          label: TestLabel(text: "slot \(slot) of \(members.count) in group '\(group)'"))
                rules.append(RuleDraft(kind: .exit(label: groupLabel), condition: .not(.percentage(test)), serve: .variation(defaultIndex)))
            }
        }

        for (k, rule) in flag.rules.enumerated() {
            let targeted = targeting(rule, document, index, budget)
            let exposed = Condition.percentage(atMost(rule.exposition, BucketingFamily.kameleoon(container: rule.id, respool: rule.respoolTime),
                                                      input, label: "exposition \(JSONValue.number(rule.exposition).serialized())"))
            let ruleKind = RuleDraft.Kind.rule(index: k, id: String(rule.id))
            if document.settings.consentRequired, rule.kind == .experimentation {
                let blocked = Condition.all([targeted, exposed, consentWithheld])
                rules.append(document.settings.fullyBlocks
                    ? RuleDraft(kind: .off(label: consentLabel), condition: blocked, serve: .none)
                    : RuleDraft(kind: .exit(label: consentLabel), condition: blocked, serve: .variation(defaultIndex)))
            }
            // Contextual bandit scores from the Data API choose first; the choice is made before the
            // rules (`KameleoonVisitor.prepared(for:document:now:)`), by entry.
            let pick = AttributeReference(literal: contextualPickAttribute(rule: k))
            for (i, entry) in rule.experiment.variations.enumerated() {
                let chosen = Condition.test(AttributeTest(
                    contextKind: Self.kind, attribute: pick, op: .equality(ValueSet([.number(Double(i))], lowercased: false)),
                    negate: false, absent: .isFalse, lowercaseInput: false,
                    label: TestLabel(text: "contextual bandit picks '\(entry.variationKey)'")))
                rules.append(RuleDraft(kind: ruleKind, condition: .all([chosen, targeted, exposed]),
                                       serve: .variation(variations.index(of: entry.variationKey))))
            }
            if rule.kind == .targetedDelivery {
                if let first = rule.experiment.variations.first {
                    rules.append(RuleDraft(kind: ruleKind, condition: .all([targeted, exposed]), serve: .variation(variations.index(of: first.variationKey))))
                }
                // Targeted but not exposed (or nothing to serve): the default, and no later rule.
                rules.append(RuleDraft(kind: .exit(label: exposureLabel), condition: targeted, serve: .variation(defaultIndex)))
                continue
            }
            let sums = rule.experiment.runningSums
            guard let reach = sums.max() else { continue }
            let family = BucketingFamily.kameleoon(container: rule.experiment.id, respool: rule.respoolTime)
            // A visitor beyond every running sum is served nothing here and goes on to the next rule.
            let covered = Condition.percentage(atMost(reach, family, input, label: "variations up to \(JSONValue.number(reach).serialized())"))
            var rollout = RolloutDraft(bucketing: family, contextKind: Self.kind, bucketBy: input.attributes[0],
                                       variations: rule.experiment.variations.map { variations.index(of: $0.variationKey) },
                                       weights: rule.experiment.variations.map { $0.exposition.bitPattern }, isExperiment: false)
            rollout.fallback = BucketInput(attributes: Array(input.attributes.dropFirst()), random: false)
            rules.append(RuleDraft(kind: ruleKind, condition: .all([targeted, exposed, covered]), serve: .rollout(rollout)))
        }

        var info = FlagInfo(version: 0, trackEvents: false, sets: [], metadata: ["id": .number(Double(flag.id))],
                            variables: variations.variables)
        info.payloads = variations.payloads
        var draft = FlagDraft(key: flag.featureKey, path: path, enabled: flag.environmentEnabled,
                              variations: variations.drafts, offVariation: nil, rules: rules,
                              fallthrough: .variation(defaultIndex), info: info)
        if budget.exhausted {
            draft.problems.append(DefinitionProblem(.warning, .flag(flag.featureKey), at: path.appending("rules"),
                "its segments name segments more than \(InliningBudget.limit) conditions deep: an evaluation that reaches "
                + "beyond is an error (EXCEPTION)"))
        }
        return draft
    }

    /// The attribute holding which entry of rule `rule`'s variations contextual bandit scores chose.
    static func contextualPickAttribute(rule: Int) -> String { "cbs.\(rule)" }

    /// Consent explicitly withheld (`setLegalConsent(false)`); never set is not withheld.
    static let consentWithheld = Condition.test(AttributeTest(
        contextKind: kind, attribute: AttributeReference(literal: Context.kameleoonConsent),
        op: .equality(ValueSet([.bool(false)], lowercased: false)), negate: false, absent: .isFalse,
        lowercaseInput: false, label: TestLabel(text: "consent withheld")))

    /// Where the code for hash comes from: the flag's bucketing custom data (its first value), else
    /// the visitor's mapping identifier, else the visitor code. Index 0 (or id 0) is no bucketing
    /// custom data, as Kameleoon's Python SDK reads it.
    static func bucketInput(_ flag: KameleoonFlag, _ document: KameleoonDocument) -> BucketInput {
        var attributes = [AttributeReference(literal: Context.kameleoonMappingIdentifier), .key]
        if let id = flag.bucketingCustomDataId, id != 0, let index = document.customDataIndex(id: id), index != 0 {
            attributes.insert(AttributeReference(literal: Context.kameleoonBucketingAttribute(index: index)), at: 0)
        }
        return BucketInput(attributes: attributes, random: false)
    }

    /// In when the hash is at most `limit`.
    static func atMost(_ limit: Double, _ family: BucketingFamily, _ input: BucketInput, label: String) -> PercentageTest {
        PercentageTest(bucketing: family, contextKind: kind, input: input,
                       pick: WeightedPick(family: family, weights: [limit.bitPattern, 2.0.bitPattern]), label: TestLabel(text: label))
    }

    /// The conditions under which the first running sum at least the hash is an entry `accepts`.
    static func picked(_ experiment: KameleoonExperiment, where accepts: (KameleoonExposedVariation) -> Bool,
                       _ family: BucketingFamily, _ input: BucketInput) -> [Condition] {
        let sums = experiment.runningSums
        var parts: [Condition] = []
        var highestBefore: Double?
        for (i, variation) in experiment.variations.enumerated() {
            defer { highestBefore = max(highestBefore ?? sums[i], sums[i]) }
            guard accepts(variation) else { continue }
            var part = [Condition.percentage(atMost(sums[i], family, input, label: "'\(variation.variationKey)' up to \(sums[i])"))]
            if let before = highestBefore {
                part.append(.not(.percentage(atMost(before, family, input, label: "an earlier variation up to \(before)"))))
            }
            parts.append(.all(part))
        }
        return parts
    }

    /// The rule's segment; none (no id, 0, an id no segment has, a segment without conditions)
    /// targets everyone.
    static func targeting(_ rule: KameleoonRule, _ document: KameleoonDocument, _ index: KameleoonFlagIndex,
                          _ budget: InliningBudget) -> Condition {
        guard let id = rule.segmentId, id != 0, let segment = document.segments[id], let tree = segment.tree else { return .always }
        return KameleoonTreeLowering.condition(tree, in: scope(experimentId: rule.experiment.id, document, index, budget, depth: 0))
    }

    /// How many conditions a flag's `SEGMENT` conditions may inline: segments naming segments can
    /// multiply (each of two conditions naming one that names two more…), which Kameleoon's SDKs
    /// only walk as far as an evaluation goes, but a compiler would copy in full.
    final class InliningBudget {
        static let limit = 100_000
        var remaining = limit
        var exhausted = false
    }

    /// What a condition needs to know beyond itself: the rule's experiment, the flags, Burgee's
    /// name and version (`SDK_LANGUAGE`), and the segments it may name.
    static func scope(experimentId: Int64?, _ document: KameleoonDocument, _ index: KameleoonFlagIndex, _ budget: InliningBudget,
                      depth: Int) -> KameleoonConditionScope {
        KameleoonConditionScope(experimentId: experimentId, flags: index, sdkVersion: SDKVersion.version, segment: { id in
            // A segment that refers to itself, however far round, is false rather than endless.
            guard depth < 32, let segment = document.segments[id] else { return nil }
            guard let tree = segment.tree else { return .always }
            budget.remaining -= tree.conditionCount
            guard budget.remaining >= 0 else {
                budget.exhausted = true
                return .exception
            }
            return KameleoonTreeLowering.condition(tree, in: scope(experimentId: experimentId, document, index, budget, depth: depth + 1))
        })
    }
}
