/// Lays checked drafts out in a ``Program``'s flat tables.
struct ProgramBuilder {
    let segmentIndex: KeySet
    let flagIndex: KeySet

    private var flags: [FlagCode] = []
    /// The index of the flag whose records are being laid out: its external conditions are the
    /// ones its ``Condition/external(_:)`` nodes name (-1 outside a flag).
    private var flagBeingLaidOut: Int32 = -1
    private var values = TableBuilder<JSONValue>()
    private var variationKeys = TableBuilder<String?>()
    private var prerequisites = TableBuilder<PrerequisiteCode>()
    private var prerequisiteKeys = TableBuilder<String>()
    private var prerequisiteVariations = TableBuilder<Int32>()
    private var rules = TableBuilder<RuleCode>()
    private var ruleIds = TableBuilder<String?>()
    private var ruleLabels = TableBuilder<String?>()
    private var flagLabels: [OutcomeLabels?] = []
    /// The labels of the program continued, in which a replaced flag's are set.
    private var continuedFlagLabels: ChunkedArray<OutcomeLabels?>?
    /// Whether any outcome has a label (``Program/hasLabels``).
    private var hasLabels = false
    /// Whether any variation's key is empty (``Program/hasEmptyVariationKey``).
    private var hasEmptyVariationKey = false
    private var flagTests = TableBuilder<PrerequisiteCode>()
    /// Every flag, for flag conditions (``variationKeys(of:)``).
    private let flagDrafts: [FlagDraft]
    /// Every flag's variation keys, by flag key: built when the first flag condition needs it,
    /// so that formats without flag conditions compile as they did.
    private var variationKeysByFlag: [String: [String?]]?
    private var conditions = TableBuilder<ConditionCode>()
    private var conditionChildren = TableBuilder<Int32>()
    private var tests = TableBuilder<Owned<TestCode>>()
    private var owners = TableBuilder<AnyObject & Sendable>()
    private var testLabels = TableBuilder<TestLabel>()
    private var segmentTests = TableBuilder<SegmentTestCode>()
    private var segmentTestLabels = TableBuilder<TestLabel>()
    private var segmentReferences = TableBuilder<Int32>()
    private var keyTests = TableBuilder<KeyTestCode>()
    private var rollouts = TableBuilder<Owned<RolloutCode>>()
    private var rolloutVariations = TableBuilder<Int32>()
    private var expressions = TableBuilder<Owned<ValueExpressionCode>>()
    private var expressionTests = TableBuilder<Owned<CompiledExpression>>()
    private var segments = TableBuilder<SegmentCode>()
    private var segmentEntries = TableBuilder<SegmentEntryCode>()
    private var segmentEntryRuleIds = TableBuilder<String?>()

    /// One object per kind name, shared by every record that names it.
    private var kindNames: [String: ContextKindName] = [:]

    /// The top-level attribute names the program's tests and rollouts read, by slot.
    private var attributeNames: [String] = []
    private var attributeSlots: [String: Int32] = [:]
    /// What the tests of each slot parse its value into.
    private var attributeParses: [AttributeParses] = []

    /// `reference` reading its top-level attribute from the program's slot for that name.
    private mutating func slotted(_ reference: AttributeReference) -> AttributeReference {
        if reference.isKind { return reference }
        let name = reference.name
        if let slot = attributeSlots[name] { return reference.inSlot(slot) }
        let slot = Int32(attributeNames.count)
        attributeNames.append(name)
        attributeParses.append([])
        attributeSlots[name] = slot
        return reference.inSlot(slot)
    }

    /// `test`'s attribute in its slot, marked as parsed as the test's operator reads it.
    private mutating func slotted(_ test: AttributeTest) -> AttributeReference {
        let reference = slotted(test.attribute)
        if case .name = reference.storage, reference.slot >= 0 {
            attributeParses[Int(reference.slot)].formUnion(test.op.attributeParses)
        }
        return reference
    }

    private mutating func slotted(_ references: [AttributeReference]) -> [AttributeReference] {
        var slotted: [AttributeReference] = []
        slotted.reserveCapacity(references.count)
        for reference in references { slotted.append(self.slotted(reference)) }
        return slotted
    }

    private mutating func kind(_ name: String) -> ContextKindName {
        if let known = kindNames[name] { return known }
        let kind = ContextKindName(name)
        kindNames[name] = kind
        owners.append(kind)
        return kind
    }

    init(segmentIndex: KeySet, flagIndex: KeySet, flags: [FlagDraft] = []) {
        self.segmentIndex = segmentIndex
        self.flagIndex = flagIndex
        self.flagDrafts = flags
    }

    /// A builder holding `program`'s tables, to which a replaced flag's records are appended
    /// (``replace(_:at:allFlags:)``); `flags` are the drafts the program was linked from, but the replaced one.
    init(continuing program: Program, flags drafts: [FlagDraft]) {
        self.init(segmentIndex: program.segmentIndex, flagIndex: program.flagIndex, flags: drafts)
        flags = program.flags.elements
        values = TableBuilder(continuing: program.values)
        variationKeys = TableBuilder(continuing: program.variationKeys)
        prerequisites = TableBuilder(continuing: program.prerequisites)
        prerequisiteKeys = TableBuilder(continuing: program.prerequisiteKeys)
        prerequisiteVariations = TableBuilder(continuing: program.prerequisiteVariations)
        rules = TableBuilder(continuing: program.rules)
        ruleIds = TableBuilder(continuing: program.ruleIds)
        ruleLabels = TableBuilder(continuing: program.ruleLabels)
        flagTests = TableBuilder(continuing: program.flagTests)
        conditions = TableBuilder(continuing: program.conditions)
        conditionChildren = TableBuilder(continuing: program.conditionChildren)
        tests = TableBuilder(continuing: program.tests)
        owners = TableBuilder(continuing: program.owners)
        testLabels = TableBuilder(continuing: program.testLabels)
        segmentTests = TableBuilder(continuing: program.segmentTests)
        segmentTestLabels = TableBuilder(continuing: program.segmentTestLabels)
        segmentReferences = TableBuilder(continuing: program.segmentReferences)
        keyTests = TableBuilder(continuing: program.keyTests)
        rollouts = TableBuilder(continuing: program.rollouts)
        rolloutVariations = TableBuilder(continuing: program.rolloutVariations)
        expressions = TableBuilder(continuing: program.expressions)
        expressionTests = TableBuilder(continuing: program.expressionTests)
        segments = TableBuilder(continuing: program.segments)
        segmentEntries = TableBuilder(continuing: program.segmentEntries)
        segmentEntryRuleIds = TableBuilder(continuing: program.segmentEntryRuleIds)
        continuedFlagLabels = program.flagLabels
        hasLabels = program.hasLabels
        hasEmptyVariationKey = program.hasEmptyVariationKey
        attributeNames = program.attributeNames
        attributeParses = program.attributeParses
        for (slot, name) in attributeNames.enumerated() { attributeSlots[name] = Int32(slot) }
    }

    /// Lays `flag` out again as the flag at `index`: its records are appended, and the ones it
    /// had stay unused.
    mutating func replace(_ flag: FlagDraft, at index: Int, allFlags: [FlagDraft]) {
        add(flag, allFlags: allFlags, at: index)
        flags[index] = flags.removeLast()
        let labels = flagLabels.removeLast()
        if continuedFlagLabels != nil { continuedFlagLabels?[index] = labels } else { flagLabels[index] = labels }
    }

    /// How many records the program built now has, as ``Program/linkedSize`` counts them.
    var size: Int { values.count + conditions.count }

    /// The variation keys of flag `key` (the first of that key).
    private mutating func variationKeys(of key: String) -> [String?] {
        if variationKeysByFlag == nil {
            var byKey: [String: [String?]] = [:]
            for flag in flagDrafts where byKey[flag.key] == nil { byKey[flag.key] = flag.variations.map(\.key) }
            variationKeysByFlag = byKey
        }
        return variationKeysByFlag?[key] ?? []
    }

    mutating func add(_ segment: SegmentDraft, malformed: Bool) {
        let start = Int32(segmentEntries.count)
        if !malformed {
            for entry in segment.entries {
                var rollout: Int32 = -1
                if let r = entry.rollout {
                    rollout = Int32(rollouts.count)
                    let bucketBy = slotted(r.bucketBy)
                    append(RolloutCode(bucketing: r.bucketing, contextKind: kind(r.contextKind), bucketBy: bucketBy, pick: r.pick,
                                       variations: .empty, isExperiment: false, requiresContextKind: r.requiresContextKind))
                }
                let condition = add(entry.condition)
                segmentEntries.append(SegmentEntryCode(condition: condition, includes: entry.includes, rollout: rollout,
                                                       decision: entry.decision))
                segmentEntryRuleIds.append(entry.ruleId)
            }
        }
        var code = SegmentCode(entries: TableRange(start: start, count: Int32(segmentEntries.count) - start),
                               malformed: malformed)
        if let unbounded = segment.unbounded {
            code.unboundedKind = Owned(kind(unbounded.contextKind))
            code.hasGeneration = unbounded.generation != nil
            code.generation = unbounded.generation ?? 0
        }
        segments.append(code)
    }

    /// Lays `flag` out as the flag at `index` (by default the next one): its records are appended.
    mutating func add(_ flag: FlagDraft, allFlags: [FlagDraft], at index: Int? = nil) {
        flagBeingLaidOut = Int32(index ?? flags.count)
        flagLabels.append(flag.outcomeLabels)
        if flag.outcomeLabels != nil { hasLabels = true }
        let variationBase = Int32(values.count)
        for variation in flag.variations {
            values.append(variation.value)
            variationKeys.append(variation.key)
            if variation.key?.isEmpty == true { hasEmptyVariationKey = true }
        }
        guard !flag.hasErrors, let fallthroughServe = flag.fallthrough else {
            flags.append(FlagCode(enabled: flag.enabled, malformed: true, offVariation: -1, variationBase: variationBase,
                                  variationCount: Int32(flag.variations.count), prerequisites: .empty, rules: .empty,
                                  fallthrough: ServeCode(isRollout: false, index: -1)))
            return
        }
        let prerequisiteStart = Int32(prerequisites.count)
        for prerequisite in flag.prerequisites {
            let target = flagIndex.position(of: prerequisite.flagKey)
            var variation: Int32 = -1
            var code = PrerequisiteCode(flag: target.map(Int32.init) ?? -1, variation: -1)
            if let target {
                switch prerequisite.variation {
                case .index(let i): variation = Int32(i)
                case .key(let key):
                    variation = allFlags[target].variations.firstIndex { $0.key == key }.map(Int32.init) ?? -1
                case .anyOf(let indices):
                    code.acceptsAnyOf = true
                    code.accepted = TableRange(start: Int32(prerequisiteVariations.count), count: Int32(indices.count))
                    prerequisiteVariations += indices.map(Int32.init)
                case .anyOfKeys(let keys, let acceptsNone):
                    let variations = allFlags[target].variations
                    let indices = variations.indices.filter { i in variations[i].key.map(keys.contains) ?? false }
                    code.acceptsAnyOf = true
                    code.acceptsNone = acceptsNone
                    code.alwaysEvaluates = true
                    code.accepted = TableRange(start: Int32(prerequisiteVariations.count), count: Int32(indices.count))
                    prerequisiteVariations += indices.map(Int32.init)
                }
            } else if case .anyOfKeys(_, true) = prerequisite.variation {
                // A missing flag serves no variation, which this prerequisite accepts.
                code.acceptsAnyOf = true
                code.acceptsNone = true
            }
            code.variation = variation
            prerequisites.append(code)
            prerequisiteKeys.append(prerequisite.flagKey)
        }
        let ruleStart = Int32(rules.count)
        // Rules first take their places, so a flag's rules are contiguous whatever their conditions add.
        var codes: [RuleCode] = []
        var ids: [String?] = []
        for rule in flag.rules {
            let condition = add(rule.condition)
            let serve = add(rule.serve)
            switch rule.kind {
            case .target:
                codes.append(RuleCode(condition: condition, serve: serve, isTarget: true, ruleIndex: -1, trackEvents: rule.trackEvents))
                ids.append(nil)
                ruleLabels.append(nil)
            case .rule(let index, let id):
                codes.append(RuleCode(condition: condition, serve: serve, isTarget: false, ruleIndex: Int32(index),
                                      trackEvents: rule.trackEvents))
                ids.append(id)
                ruleLabels.append(nil)
            case .labelled(let label):
                codes.append(RuleCode(condition: condition, serve: serve, isTarget: false, ruleIndex: -1, trackEvents: rule.trackEvents))
                ids.append(nil)
                ruleLabels.append(label)
                if label != nil { hasLabels = true }
            case .exit(let label):
                codes.append(RuleCode(condition: condition, serve: serve, isTarget: false, ruleIndex: -1, trackEvents: rule.trackEvents,
                                      matchKind: .fallthrough))
                ids.append(nil)
                ruleLabels.append(label)
                hasLabels = true
            case .off(let label):
                codes.append(RuleCode(condition: condition, serve: serve, isTarget: false, ruleIndex: -1, trackEvents: rule.trackEvents,
                                      matchKind: .off))
                ids.append(nil)
                ruleLabels.append(label)
                hasLabels = true
            }
        }
        rules += codes
        ruleIds += ids
        let serve = add(fallthroughServe)
        let off = flag.offVariation.map { $0 < 0 ? FlagCode.malformedOffVariation : Int32($0) } ?? -1
        flags.append(FlagCode(enabled: flag.enabled, malformed: false, declaredType: flag.declaredType, offVariation: off,
                              variationBase: variationBase, variationCount: Int32(flag.variations.count),
                              prerequisites: TableRange(start: prerequisiteStart, count: Int32(prerequisites.count) - prerequisiteStart),
                              rules: TableRange(start: ruleStart, count: Int32(rules.count) - ruleStart),
                              fallthrough: serve))
    }

    private mutating func append(_ rollout: RolloutCode) {
        owners.append(rollout)
        rollouts.append(Owned(rollout))
    }

    private mutating func add(_ serve: ServeDraft) -> ServeCode {
        switch serve {
        case .variation(let index):
            return ServeCode(isRollout: false, index: Int32(index))
        case .malformed:
            return ServeCode(kind: .malformed, index: -1)
        case .rollout(let rollout):
            let start = Int32(rolloutVariations.count)
            rolloutVariations += rollout.variations.map { $0 < 0 ? -1 : Int32($0) }
            let bucketBy = slotted(rollout.bucketBy)
            let fallbacks = slotted(rollout.fallback.attributes)
            append(RolloutCode(bucketing: rollout.bucketing, contextKind: kind(rollout.contextKind), bucketBy: bucketBy,
                               pick: WeightedPick(family: rollout.bucketing, weights: rollout.weights),
                               variations: TableRange(start: start, count: Int32(rollout.variations.count)),
                               isExperiment: rollout.isExperiment, fallbacks: fallbacks,
                               random: rollout.fallback.random,
                               untracked: rollout.untracked.contains(true) ? rollout.untracked : []))
            return ServeCode(isRollout: true, index: Int32(rollouts.count - 1))
        case .expression(let draft):
            let code = ValueExpressionCode(draft)
            owners.append(code)
            expressions.append(Owned(code))
            return ServeCode(kind: .expression, index: Int32(expressions.count - 1))
        case .none:
            return ServeCode(kind: .none, index: -1)
        }
    }

    /// Lays out a condition tree; returns its root node. Children come before their parent.
    private mutating func add(_ condition: Condition) -> Int32 {
        let node: ConditionCode
        switch condition {
        case .always:
            node = ConditionCode(kind: .always, operands: .empty)
        case .malformed:
            node = ConditionCode(kind: .malformed, operands: .empty)
        case .exception:
            node = ConditionCode(kind: .exception, operands: .empty)
        case .all(let parts), .any(let parts):
            // A single part needs no node of its own.
            if parts.count == 1 { return add(parts[0]) }
            let children = parts.map { add($0) }
            let start = Int32(conditionChildren.count)
            conditionChildren += children
            node = ConditionCode(kind: { if case .all = condition { return .all } else { return .any } }(),
                                 operands: TableRange(start: start, count: Int32(children.count)))
        case .not(let inner):
            node = ConditionCode(kind: .not, operands: TableRange(start: add(inner), count: 1))
        case .test(let test):
            let code = TestCode(contextKind: kind(test.contextKind), attribute: slotted(test), op: test.op, negate: test.negate,
                                negateWhenAbsent: test.absent == .failsOperator, lowercaseInput: test.lowercaseInput,
                                absentReadsClock: test.absentReadsClock, wholeValue: test.wholeValue)
            owners.append(code)
            tests.append(Owned(code))
            testLabels.append(test.label)
            node = ConditionCode(kind: .test, operands: TableRange(start: Int32(tests.count - 1), count: 1))
        case .segmentMatch(let test):
            let start = Int32(segmentReferences.count)
            segmentReferences += test.segmentKeys.compactMap { segmentIndex.position(of: $0).map(Int32.init) }
            segmentTests.append(SegmentTestCode(segments: TableRange(start: start, count: Int32(segmentReferences.count) - start),
                                                negate: test.negate))
            segmentTestLabels.append(test.label)
            node = ConditionCode(kind: .segmentMatch, operands: TableRange(start: Int32(segmentTests.count - 1), count: 1))
        case .contextKey(let test):
            let keys = KeySet(test.keys)
            owners.append(keys)
            keyTests.append(KeyTestCode(contextKind: Owned(kind(test.contextKind)), keys: Owned(keys)))
            node = ConditionCode(kind: .contextKey, operands: TableRange(start: Int32(keyTests.count - 1), count: 1))
        case .percentage(let test):
            // The first attribute is the rollout's own; the rest, and random, its fallbacks.
            let attributes = slotted(test.input.attributes)
            append(RolloutCode(bucketing: test.bucketing, contextKind: kind(test.contextKind),
                               bucketBy: attributes.first, pick: test.pick, variations: .empty,
                               isExperiment: false, fallbacks: Array(attributes.dropFirst()),
                               random: test.input.random))
            node = ConditionCode(kind: .percentage, operands: TableRange(start: Int32(rollouts.count - 1), count: 1))
        case .expression(let test):
            owners.append(test.expression)
            expressionTests.append(Owned(test.expression))
            node = ConditionCode(kind: .expression, operands: TableRange(start: Int32(expressionTests.count - 1), count: 1))
        case .flagServes(let test):
            var code = PrerequisiteCode(flag: flagIndex.position(of: test.flagKey).map(Int32.init) ?? -1, variation: -1,
                                        acceptsAnyOf: true, acceptsNone: test.acceptsNone, alwaysEvaluates: true)
            let keys = variationKeys(of: test.flagKey)
            let accepted = keys.indices.filter { keys[$0].map(test.variationKeys.contains) ?? false }
            code.accepted = TableRange(start: Int32(prerequisiteVariations.count), count: Int32(accepted.count))
            prerequisiteVariations += accepted.map(Int32.init)
            flagTests.append(code)
            node = ConditionCode(kind: .flagServes, operands: TableRange(start: Int32(flagTests.count - 1), count: 1))
        case .external(let position):
            node = ConditionCode(kind: .external, operands: TableRange(start: Int32(clamping: position), count: flagBeingLaidOut))
        }
        conditions.append(node)
        return Int32(conditions.count - 1)
    }

    func build(flags drafts: [FlagDraft], segments segmentDrafts: [SegmentDraft], hidden: Set<String>,
               clock: EvaluationClock, memberships: (any SegmentMembershipSource)? = nil,
               externalConditions: (any ExternalConditionSource)? = nil,
               cycleError: EvaluationReason.ErrorKind = .malformedFlag) -> Program {
        build(flagKeys: drafts.map(\.key), flagInfo: ChunkedArray(drafts.map(\.info)), flagProblems: ChunkedArray(drafts.map(\.problems)),
              hidden: hidden,
              segmentKeys: segmentDrafts.map(\.key), segmentProblems: segmentDrafts.map(\.problems), clock: clock,
              memberships: memberships, externalConditions: externalConditions, cycleError: cycleError,
              dependencies: ProgramDependencies(flags: drafts, segments: segmentDrafts))
    }

    /// The program of the tables built, with the drafts' cold data given as it is kept.
    func build(flagKeys: [String], flagInfo: ChunkedArray<FlagInfo>, flagProblems: ChunkedArray<[DefinitionProblem]>, hidden: Set<String>,
               segmentKeys: [String], segmentProblems: [[DefinitionProblem]], clock: EvaluationClock,
               memberships: (any SegmentMembershipSource)?, externalConditions: (any ExternalConditionSource)? = nil,
               cycleError: EvaluationReason.ErrorKind, dependencies: ProgramDependencies,
               reusingFlagIndex reused: KeySet? = nil, linkedSize: Int? = nil) -> Program {
        Program(flags: flags, values: values, variationKeys: variationKeys, prerequisites: prerequisites,
                prerequisiteKeys: prerequisiteKeys, prerequisiteVariations: prerequisiteVariations, clock: clock, memberships: memberships,
                externalConditions: externalConditions, rules: rules, ruleIds: ruleIds, conditions: conditions,
                conditionChildren: conditionChildren, tests: tests, segmentTests: segmentTests,
                segmentReferences: segmentReferences, keyTests: keyTests, rollouts: rollouts,
                rolloutVariations: rolloutVariations, expressions: expressions, expressionTests: expressionTests, segments: segments, segmentEntries: segmentEntries,
                flagKeys: flagKeys, flagInfo: flagInfo,
                flagProblems: flagProblems, hiddenFlags: hidden, segmentKeys: segmentKeys,
                segmentProblems: segmentProblems, testLabels: testLabels, segmentTestLabels: segmentTestLabels,
                segmentEntryRuleIds: segmentEntryRuleIds, flagTests: flagTests, ruleLabels: ruleLabels,
                flagLabels: continuedFlagLabels ?? ChunkedArray(flagLabels), hasLabels: hasLabels,
                hasEmptyVariationKey: hasEmptyVariationKey, cycleError: cycleError, dependencies: dependencies, owners: owners,
                segmentIndex: segmentIndex, flagIndex: reused, linkedSize: linkedSize, attributeNames: attributeNames,
                attributeParses: attributeParses)
    }
}
