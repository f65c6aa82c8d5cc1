/// A linked, immutable program: every flag and segment of one set of definitions, whatever
/// format they came from, in flat tables that the evaluator reads by index.
///
/// Built by ``ProgramLinker`` from a ``ProgramDraft``. Hot data (the records the evaluator walks)
/// lives in ``ProgramTable``s; what only the SDK and `explain` read (keys, metadata, labels,
/// problems) lives in ordinary arrays beside them.
@usableFromInline
final class Program: Sendable {
    // MARK: Hot data

    let flags: ProgramTable<FlagCode>
    /// Whether any flag declares its type (``FlagCode/declaredType``): typed evaluations of a
    /// program without one skip the check.
    let declaresTypes: Bool
    /// Every flag's variation values, flag after flag (``FlagCode/variationBase``).
    @usableFromInline let values: ProgramTable<JSONValue>
    /// The variation keys, parallel to ``values`` (`nil` for a format without keys).
    let variationKeys: ProgramTable<String?>
    let prerequisites: ProgramTable<PrerequisiteCode>
    /// The prerequisite flags' keys, parallel to ``prerequisites``, for reasons.
    let prerequisiteKeys: ProgramTable<String>
    /// The variations that prerequisites accepting a set accept (``PrerequisiteCode/accepted``),
    /// and those that flag conditions accept.
    let prerequisiteVariations: ProgramTable<Int32>
    /// Conditions on the variation another flag serves (``ConditionCode/Kind/flagServes``).
    let flagTests: ProgramTable<PrerequisiteCode>
    /// The clock of date tests that read the evaluation time; read only when one needs it.
    let clock: EvaluationClock
    /// Where unbounded segments' members are looked up (``ProgramDraft/segmentMemberships``);
    /// read only by evaluations that reach one.
    let segmentMemberships: (any SegmentMembershipSource)?
    /// What decides external conditions (``ProgramDraft/externalConditions``); read only by
    /// evaluations that reach one.
    let externalConditions: (any ExternalConditionSource)?
    let rules: ProgramTable<RuleCode>
    /// The rules' ids, parallel to ``rules``, for reasons.
    let ruleIds: ProgramTable<String?>
    let conditions: ProgramTable<ConditionCode>
    let conditionChildren: ProgramTable<Int32>
    let tests: ProgramTable<Owned<TestCode>>
    let segmentTests: ProgramTable<SegmentTestCode>
    let segmentReferences: ProgramTable<Int32>
    let keyTests: ProgramTable<KeyTestCode>
    /// Flag and segment rule rollouts.
    let rollouts: ProgramTable<Owned<RolloutCode>>
    let rolloutVariations: ProgramTable<Int32>
    /// Value expressions (``ServeCode/Kind/expression``).
    let expressions: ProgramTable<Owned<ValueExpressionCode>>
    /// Expression conditions (``ConditionCode/Kind/expression``).
    let expressionTests: ProgramTable<Owned<CompiledExpression>>
    let segments: ProgramTable<SegmentCode>
    let segmentEntries: ProgramTable<SegmentEntryCode>
    /// Flag keys to flag indices; hidden flags are not in it.
    let flagIndex: KeySet
    /// Segment keys to segment indices, as the linker resolved them.
    let segmentIndex: KeySet
    /// The top-level attribute names that tests and rollouts read, by slot
    /// (``AttributeReference/slot``): a prepared context finds its attributes by slot.
    let attributeNames: [String]
    /// ``attributeNames`` to their slots.
    let attributeSlots: KeySet
    /// What tests parse each slot's value into, parallel to ``attributeNames``.
    let attributeParses: [AttributeParses]
    /// The records of the tables when last linked whole (``values`` and ``conditions``): a
    /// program patched in place grows past it by the records its patches left behind.
    let linkedSize: Int

    // MARK: Cold data

    let flagKeys: [String]
    let flagInfo: ChunkedArray<FlagInfo>
    let flagProblems: ChunkedArray<[DefinitionProblem]>
    let hiddenFlags: Set<String>
    let segmentKeys: [String]
    let segmentProblems: [[DefinitionProblem]]
    /// `explain` labels, parallel to ``tests`` and ``segmentTests``.
    let testLabels: ProgramTable<TestLabel>
    let segmentTestLabels: ProgramTable<TestLabel>
    /// The ids of segment rules, parallel to ``segmentEntries``.
    let segmentEntryRuleIds: ProgramTable<String?>
    /// Whether any flag's outcomes carry labels: only then are ``ruleLabels`` and
    /// ``flagLabels`` read, so that other formats' reasons cost nothing more.
    let hasLabels: Bool
    /// Whether any variation's key is empty (`""`, which some vendors read as no variation): only
    /// then does a view that treats it so read the served key.
    @usableFromInline let hasEmptyVariationKey: Bool
    /// The rules' labels, parallel to ``rules``.
    let ruleLabels: ProgramTable<String?>
    /// The labels of each flag's outcomes that no rule names, parallel to ``flagKeys``.
    let flagLabels: ChunkedArray<OutcomeLabels?>
    /// The error of an evaluation that goes round a cycle (``ProgramDraft/cycleError``).
    let cycleError: EvaluationReason.ErrorKind
    /// What uses what, by key, for change detection.
    let dependencies: ProgramDependencies
    /// Owns the objects the tables refer to unretained.
    let owners: ProgramTable<AnyObject & Sendable>
    /// Owns the tables' memory, which programs continued from this one may share.
    private let memory: [AnyObject & Sendable]

    init(flags: [FlagCode], values: TableBuilder<JSONValue>, variationKeys: TableBuilder<String?>,
         prerequisites: TableBuilder<PrerequisiteCode>, prerequisiteKeys: TableBuilder<String>,
         prerequisiteVariations: TableBuilder<Int32>, clock: EvaluationClock,
         memberships: (any SegmentMembershipSource)?, externalConditions: (any ExternalConditionSource)? = nil,
         rules: TableBuilder<RuleCode>,
         ruleIds: TableBuilder<String?>, conditions: TableBuilder<ConditionCode>, conditionChildren: TableBuilder<Int32>,
         tests: TableBuilder<Owned<TestCode>>, segmentTests: TableBuilder<SegmentTestCode>,
         segmentReferences: TableBuilder<Int32>, keyTests: TableBuilder<KeyTestCode>, rollouts: TableBuilder<Owned<RolloutCode>>,
         rolloutVariations: TableBuilder<Int32>, expressions: TableBuilder<Owned<ValueExpressionCode>>,
         expressionTests: TableBuilder<Owned<CompiledExpression>>, segments: TableBuilder<SegmentCode>,
         segmentEntries: TableBuilder<SegmentEntryCode>, flagKeys: [String],
         flagInfo: ChunkedArray<FlagInfo>, flagProblems: ChunkedArray<[DefinitionProblem]>, hiddenFlags: Set<String>, segmentKeys: [String],
         segmentProblems: [[DefinitionProblem]], testLabels: TableBuilder<TestLabel>, segmentTestLabels: TableBuilder<TestLabel>,
         segmentEntryRuleIds: TableBuilder<String?>, flagTests: TableBuilder<PrerequisiteCode>, ruleLabels: TableBuilder<String?>,
         flagLabels: ChunkedArray<OutcomeLabels?>, hasLabels: Bool, hasEmptyVariationKey: Bool = false,
         cycleError: EvaluationReason.ErrorKind,
         dependencies: ProgramDependencies, owners: TableBuilder<AnyObject & Sendable>,
         segmentIndex: KeySet, flagIndex: KeySet?, linkedSize: Int?, attributeNames: [String],
         attributeParses: [AttributeParses]) {
        var memory: [AnyObject & Sendable] = []
        func table<Element>(_ builder: TableBuilder<Element>) -> ProgramTable<Element> {
            let (table, storage) = builder.build()
            memory.append(storage)
            return table
        }
        self.attributeNames = attributeNames
        self.attributeParses = attributeParses.count == attributeNames.count
            ? attributeParses : [AttributeParses](repeating: [], count: attributeNames.count)
        attributeSlots = KeySet(attributeNames)
        let (flagTable, flagStorage) = TableStorage.table(flags)
        memory.append(flagStorage)
        self.flags = flagTable
        declaresTypes = flags.contains { $0.declaredType != nil }
        self.values = table(values)
        self.variationKeys = table(variationKeys)
        self.prerequisites = table(prerequisites)
        self.prerequisiteKeys = table(prerequisiteKeys)
        self.prerequisiteVariations = table(prerequisiteVariations)
        self.clock = clock
        self.segmentMemberships = memberships
        self.externalConditions = externalConditions
        self.rules = table(rules)
        self.ruleIds = table(ruleIds)
        self.conditions = table(conditions)
        self.conditionChildren = table(conditionChildren)
        self.tests = table(tests)
        self.segmentTests = table(segmentTests)
        self.segmentReferences = table(segmentReferences)
        self.keyTests = table(keyTests)
        self.rollouts = table(rollouts)
        self.rolloutVariations = table(rolloutVariations)
        self.expressions = table(expressions)
        self.expressionTests = table(expressionTests)
        self.segments = table(segments)
        self.segmentEntries = table(segmentEntries)
        self.flagKeys = flagKeys
        self.flagInfo = flagInfo
        self.flagProblems = flagProblems
        self.hiddenFlags = hiddenFlags
        self.segmentKeys = segmentKeys
        self.segmentProblems = segmentProblems
        self.testLabels = table(testLabels)
        self.segmentTestLabels = table(segmentTestLabels)
        self.segmentEntryRuleIds = table(segmentEntryRuleIds)
        self.flagTests = table(flagTests)
        self.ruleLabels = table(ruleLabels)
        self.flagLabels = flagLabels
        self.cycleError = cycleError
        self.hasLabels = hasLabels
        self.hasEmptyVariationKey = hasEmptyVariationKey
        self.dependencies = dependencies
        self.owners = table(owners)
        self.segmentIndex = segmentIndex
        self.linkedSize = linkedSize ?? values.count + conditions.count
        self.memory = memory
        if let flagIndex {
            self.flagIndex = flagIndex
            return
        }
        // The empty key is never found (docs/evaluation.md), even when a document defines it.
        var visible: [String] = []
        var targets: [Int32] = []
        for (i, key) in flagKeys.enumerated() where !key.isEmpty && !hiddenFlags.contains(key) {
            visible.append(key)
            targets.append(Int32(i))
        }
        self.flagIndex = KeySet(visible, positions: targets)
    }

    /// The key of a flag's variation, its index as text when the format names none, `?` for an
    /// index the flag does not have: for `explain` and outlines.
    func variationName(flag: Int, _ variation: Int) -> String {
        let code = flags[flag]
        guard variation >= 0, variation < Int(code.variationCount) else { return "?" }
        return variationKeys[Int(code.variationBase) + variation] ?? String(variation)
    }

    /// The index of a visible flag.
    @inline(__always)
    func flagIndex(of key: String) -> Int? {
        flagIndex.position(of: key)
    }
}
