/// Runs a ``Program`` for one flag and one context (docs/evaluation.md).
///
/// Generic over its tracer so that `explain` reuses exactly this code; with ``SilentTracer`` the
/// specialised evaluator allocates nothing. It follows indices into the program's tables and
/// takes no reference to shared data, so evaluations on several cores write no shared memory.
struct Evaluator<Tracer: EvaluationTracer> {
    // Unowned: the caller holds the program for the whole evaluation.
    unowned(unsafe) let program: Program
    /// The context's single contexts, borrowed for the evaluation: no reference counting.
    let singles: UnsafeBufferPointer<SingleContext>
    var tracer: Tracer
    /// The evaluation clock's reading, taken when a test first needs it: one per evaluation.
    /// Plain integers rather than a `Timestamp?`, which holds a `Substring`: a stored reference
    /// would make the evaluator non-trivial to create and destroy, on every evaluation.
    private var nowSeconds: Int64 = 0
    private var nowAttoseconds: UInt64 = 0
    private var hasNow = false
    /// Whether a ``Condition/malformed`` (or ``Condition/exception``) part was reached while
    /// deciding the current rule, and the error the evaluation then ends with.
    private var failed = false
    private var failure = EvaluationReason.ErrorKind.malformedFlag
    /// Whether the failure is going round a cycle found when evaluating.
    private var wentRound = false

    /// The outcome of an evaluation that failed as a whole.
    private var failedOutcome: FlagOutcome {
        FlagOutcome(error: failure, source: wentRound ? FlagOutcome.cycleSource : -1)
    }

    /// Records going round a cycle: the evaluation fails with the program's ``Program/cycleError``.
    private mutating func wentRoundCycle() {
        aborted = true
        failed = true
        wentRound = true
        failure = program.cycleError
    }
    /// How deep prerequisites are being evaluated, and whether that went past
    /// ``maxPrerequisiteRecursion``: the whole evaluation is then `ERROR/MALFORMED_FLAG`.
    private var prerequisiteDepth = 0
    private var aborted = false
    /// How deep segments are being asked about segments. Deeper than there are segments means
    /// going round a cycle, which only a program whose segment cycles are found when evaluating
    /// (LaunchDarkly's) can do: the current rule then fails, as ``Condition/malformed`` does.
    private var segmentDepth = 0

    /// The deepest prerequisite recursion: only a program whose prerequisite cycles are found
    /// when evaluating (LaunchDarkly's) can get there, by going round a cycle; a linked chain
    /// without cycles is at most ``ProgramLinker/maxPrerequisiteDepth`` deep.
    static var maxPrerequisiteRecursion: Int { 4 * ProgramLinker.maxPrerequisiteDepth }
    /// The state of the big segments consulted, for the reason's `bigSegmentsStatus`, as its
    /// ``EvaluationReason/BigSegmentsStatus/code``: 0 when no unbounded (big) segment was consulted
    /// for a context it could apply to.
    private(set) var bigSegmentsCode: UInt8 = 0

    /// A prepared context's attribute positions by slot (``PreparedAttributes``), borrowed for
    /// the evaluation; `nil` for a context not prepared for this program.
    let slots: UnsafePointer<Int32>?
    /// The prepared context's values parsed once (``ParsedAttribute``), parallel to ``slots``.
    let parsed: UnsafePointer<ParsedAttribute>?
    let slotCount: Int

    init(program: Program, singles: UnsafeBufferPointer<SingleContext>, slots: UnsafePointer<Int32>? = nil,
         parsed: UnsafePointer<ParsedAttribute>? = nil, tracer: Tracer) {
        self.program = program
        self.singles = singles
        self.slots = slots
        self.parsed = parsed
        slotCount = program.attributeNames.count
        self.tracer = tracer
    }

    /// The kind last looked up (by identity: a program shares one object per kind name among its
    /// records) and the single context found for it, so that the tests of a rule, which mostly
    /// name one kind, compare names once per evaluation. Raw pointers: trivial to create.
    private var lastKind: UnsafeMutableRawPointer?
    private var lastSingle: UnsafePointer<SingleContext>?

    /// The single context of `kind`, if any.
    @inline(__always)
    private mutating func context(ofKind kind: ContextKindName) -> UnsafePointer<SingleContext>? {
        let identity = Unmanaged.passUnretained(kind).toOpaque()
        if identity == lastKind { return lastSingle }
        var found: UnsafePointer<SingleContext>?
        for i in singles.indices where singles[i].tableReference._withUnsafeGuaranteedRef({ $0.isKind(kind.utf8, hash: kind.hash) }) {
            found = singles.baseAddress! + i
            break
        }
        lastKind = identity
        lastSingle = found
        return found
    }

    /// The position of `reference`'s top-level attribute in `single`'s table (-1: none): at its
    /// slot for a prepared context, else found by name.
    @inline(__always)
    private func position(_ single: UnsafePointer<SingleContext>, _ reference: AttributeReference) -> Int {
        if let slots, reference.slot >= 0 {
            return Int(slots[(single - singles.baseAddress!) &* slotCount &+ Int(reference.slot)])
        }
        return single.pointee.tableReference._withUnsafeGuaranteedRef { $0.position(of: reference) }
    }

    /// The value of `reference` in `single`, read in place.
    @inline(__always)
    private func value(_ single: UnsafePointer<SingleContext>, _ reference: AttributeReference) -> JSONValue? {
        if reference.isKind { return .string(single.pointee.kind) }
        let position = self.position(single, reference)
        return single.pointee.tableReference._withUnsafeGuaranteedRef { $0.value(of: reference, at: position) }
    }

    /// Evaluates the flag at `index` for a valid context.
    mutating func evaluate(flag index: Int) -> FlagOutcome {
        let flag = program.flags[index]
        if flag.malformed { return FlagOutcome(error: .malformedFlag) }
        tracer.enterFlag(index)
        let outcome = run(flag)
        tracer.exitFlag(index, outcome)
        return outcome
    }

    private mutating func run(_ flag: FlagCode) -> FlagOutcome {
        guard flag.enabled else { return flag.offOutcome(.off) }

        for p in flag.prerequisites.indices {
            let prerequisite = program.prerequisites[p]
            var passed = false
            if prerequisite.acceptsAnyOf {
                passed = acceptsAnyOf(prerequisite)
                // A prerequisite whose evaluation failed as a whole fails its dependant too.
                if aborted { return failedOutcome }
            } else if prerequisite.flag >= 0 {
                let other = program.flags[prerequisite.flag]
                // A disabled prerequisite fails whatever its off variation is.
                if !other.malformed, other.enabled {
                    prerequisiteDepth &+= 1
                    if prerequisiteDepth > Self.maxPrerequisiteRecursion {
                        wentRoundCycle()
                    } else {
                        passed = evaluate(flag: Int(prerequisite.flag)).variation == Int(prerequisite.variation)
                    }
                    prerequisiteDepth &-= 1
                    // Round a prerequisite cycle: the whole evaluation fails, as LaunchDarkly's does.
                    if aborted { return failedOutcome }
                }
            }
            tracer.prerequisite(p, passed: passed)
            if !passed {
                return flag.offOutcome(.prerequisiteFailed, source: p)
            }
        }

        for r in flag.rules.indices {
            let rule = program.rules[r]
            if rule.isTarget {
                if target(r, rule) { return serve(rule.serve, FlagOutcome(variation: nil, kind: .targetMatch)) }
                continue
            }
            tracer.enterFlagRule(r)
            let matched = holds(rule.condition)
            tracer.exitRule(matched: matched)
            if failed {
                failed = false
                // As LaunchDarkly's evaluator: rules that cannot be decided end the whole
                // evaluation, so a flag whose prerequisite's rules fail is MALFORMED_FLAG too
                // (a prerequisite that merely serves nothing fails its dependant instead).
                aborted = true
                return failedOutcome
            }
            if matched {
                return serve(rule.serve, FlagOutcome(variation: nil, kind: rule.matchKind, source: r))
            }
        }
        return serve(flag.fallthrough, FlagOutcome(variation: nil, kind: .fallthrough))
    }

    /// A prerequisite (or flag condition) accepting a set of variations: a disabled flag serves
    /// its off variation here; a missing or malformed one, or one serving no variation, is
    /// accepted only with `acceptsNone`; an empty set accepts no variation.
    private mutating func acceptsAnyOf(_ prerequisite: PrerequisiteCode) -> Bool {
        guard prerequisite.accepted.count > 0 || prerequisite.acceptsNone || prerequisite.alwaysEvaluates else { return false }
        guard prerequisite.flag >= 0 else { return prerequisite.acceptsNone }
        prerequisiteDepth &+= 1
        defer { prerequisiteDepth &-= 1 }
        guard prerequisiteDepth <= Self.maxPrerequisiteRecursion else {
            wentRoundCycle()
            return false
        }
        let other = program.flags[prerequisite.flag]
        guard !other.malformed else { return prerequisite.acceptsNone }
        let served: Int?
        if other.enabled {
            served = evaluate(flag: Int(prerequisite.flag)).variation
        } else {
            served = other.offVariation < 0 ? nil : Int(other.offVariation)
        }
        guard let served else { return prerequisite.acceptsNone }
        for i in prerequisite.accepted.indices where Int(program.prerequisiteVariations[i]) == served { return true }
        return false
    }

    /// A target: its condition is one key test.
    private mutating func target(_ r: Int32, _ rule: RuleCode) -> Bool {
        let node = program.conditions[rule.condition]
        guard node.kind == .contextKey else { return holds(rule.condition) }
        let test = program.keyTests.base + Int(node.operands.start)
        guard let single = test.pointee.contextKind.read({ context(ofKind: $0) }) else {
            tracer.target(r, key: nil, matched: false)
            return false
        }
        let matched = test.pointee.contains(single.pointee.key)
        tracer.target(r, key: single.pointee.key, matched: matched)
        return matched
    }

    private mutating func serve(_ serve: ServeCode, _ outcome: FlagOutcome) -> FlagOutcome {
        var outcome = outcome
        guard serve.kind == .variation else { return otherServe(serve, outcome) }
        outcome.variation = Int(serve.index)
        return outcome
    }

    /// A rollout, a value expression, nothing or a malformed serve: kept out of ``serve(_:_:)``
    /// so that a fixed variation costs one test.
    private mutating func otherServe(_ serve: ServeCode, _ outcome: FlagOutcome) -> FlagOutcome {
        var outcome = outcome
        switch serve.kind {
        case .variation, .rollout: break
        case .malformed:
            return FlagOutcome(error: .malformedFlag, source: outcome.source)
        case .none:
            outcome.variation = nil
            return outcome
        case .expression:
            return program.expressions[serve.index].read { expression in self.run(expression, outcome) }
        }
        let (pick, inExperiment, variations) = program.rollouts[serve.index].read { rollout in
            let (pick, hasKind) = self.pick(rollout)
            let inExperiment = rollout.isExperiment && hasKind
                && (rollout.untracked.isEmpty || !rollout.untracked[pick])
            return (pick, inExperiment, rollout.variations)
        }
        let variation = program.rolloutVariations[variations.start &+ Int32(pick)]
        guard variation >= 0 else { return FlagOutcome(error: .malformedFlag, source: outcome.source) }
        outcome.fromRollout = true
        outcome.inExperiment = inExperiment
        outcome.variation = Int(variation)
        return outcome
    }

    /// A value expression's outcome: a named variation is a `TARGET_MATCH` (OpenFeature's
    /// `TARGETING_MATCH`); none named serves the default variation as the fallthrough (`DEFAULT`);
    /// a value naming no variation is an `ERROR/EXCEPTION` (OpenFeature's `GENERAL`).
    private mutating func run(_ expression: ValueExpressionCode, _ outcome: FlagOutcome) -> FlagOutcome {
        var outcome = outcome
        switch expressionChoice(expression) {
        case .fallsThrough:
            outcome.kind = .fallthrough
            outcome.variation = expression.defaultVariation < 0 ? nil : Int(expression.defaultVariation)
        case .variation(let variation):
            outcome.kind = .targetMatch
            outcome.variation = Int(variation)
        case .error:
            return FlagOutcome(error: .exception)
        }
        return outcome
    }

    /// The rollout's pick for the context, and whether the context has the rollout's kind.
    @inline(__always)
    private mutating func pick(_ rollout: RolloutCode) -> (Int, Bool) {
        let single = context(ofKind: rollout.contextKind)
        var value: JSONValue? = nil
        if let single, !rollout.randomOnly { value = self.value(single, rollout.bucketBy) }
        if value == nil, rollout.hasFallback { value = fallbackValue(single, rollout) }
        let bucket: Bucket
        if value == nil, rollout.random {
            let draw = RandomDraw.next()
            bucket = rollout.bucketing.bucket(ofHash: UInt64(draw), totalWeight: rollout.pick.totalWeight)
            tracer.bucket(contextKind: rollout.contextKind.name, attribute: rollout.bucketBy, value: .number(Double(draw)),
                          bucket: bucket, scale: rollout.pick.totalWeight)
        } else {
            bucket = rollout.bucketing.bucket(of: value, totalWeight: rollout.pick.totalWeight)
            tracer.bucket(contextKind: rollout.contextKind.name, attribute: rollout.bucketBy, value: value,
                          bucket: bucket, scale: rollout.pick.totalWeight)
        }
        let index = rollout.pick.index(for: bucket)
        tracer.picked(rollout, index: index)
        return (index, single != nil)
    }

    /// The first of a rollout's fallback attributes that the context has. When none is there, a
    /// rollout that allows random values uses a ``RandomDraw`` as its hash: a uniform 32-bit value
    /// needs no hashing (and no allocation, lock or system call).
    private func fallbackValue(_ single: UnsafePointer<SingleContext>?, _ rollout: RolloutCode) -> JSONValue? {
        guard let single else { return nil }
        for i in rollout.fallbacks.indices {
            if let value = self.value(single, rollout.fallbacks[i]) { return value }
        }
        return nil
    }

    /// A percentage condition: inside when the context has a bucketing value (or a random one)
    /// whose pick is 0.
    private mutating func inside(_ rollout: RolloutCode) -> Bool {
        let single = context(ofKind: rollout.contextKind)
        var value: JSONValue? = nil
        if let single, !rollout.randomOnly { value = self.value(single, rollout.bucketBy) }
        if value == nil, rollout.hasFallback { value = fallbackValue(single, rollout) }
        if value == nil, rollout.random {
            let draw = RandomDraw.next()
            let bucket = rollout.bucketing.bucket(ofHash: UInt64(draw), totalWeight: rollout.pick.totalWeight)
            tracer.bucket(contextKind: rollout.contextKind.name, attribute: rollout.bucketBy, value: .number(Double(draw)),
                          bucket: bucket, scale: rollout.pick.totalWeight)
            let index = rollout.pick.index(for: bucket)
            tracer.picked(rollout, index: index)
            return index == 0
        }
        guard let value else {
            tracer.bucket(contextKind: rollout.contextKind.name, attribute: rollout.bucketBy, value: nil,
                          bucket: .integer(0), scale: 0)
            return false
        }
        let bucket = rollout.bucketing.bucket(of: value, totalWeight: rollout.pick.totalWeight)
        tracer.bucket(contextKind: rollout.contextKind.name, attribute: rollout.bucketBy, value: value,
                      bucket: bucket, scale: rollout.pick.totalWeight)
        let index = rollout.pick.index(for: bucket)
        tracer.picked(rollout, index: index)
        return index == 0
    }

    // MARK: Conditions

    private mutating func holds(_ node: Int32) -> Bool {
        let condition = program.conditions[node]
        switch condition.kind {
        case .always:
            return true
        case .all:
            for i in condition.operands.indices where !holds(program.conditionChildren[i]) { return false }
            return true
        case .any:
            for i in condition.operands.indices where holds(program.conditionChildren[i]) { return true }
            return false
        case .not:
            return !holds(condition.operands.start)
        case .test:
            return test(condition.operands.start)
        case .segmentMatch:
            return segmentTest(condition.operands.start)
        case .contextKey:
            let test = program.keyTests.base + Int(condition.operands.start)
            guard let single = test.pointee.contextKind.read({ context(ofKind: $0) }) else { return false }
            return test.pointee.contains(single.pointee.key)
        case .percentage:
            return program.rollouts[condition.operands.start].read { rollout in self.inside(rollout) }
        case .expression:
            return program.expressionTests[condition.operands.start].read { expression in self.expressionHolds(expression) }
        case .flagServes:
            return flagServes(condition.operands.start)
        case .external:
            return external(at: Int(condition.operands.start), of: Int(condition.operands.count))
        case .malformed:
            failed = true
            return false
        case .exception:
            failed = true
            failure = .exception
            return false
        }
    }

    /// A condition on another flag's variation: evaluates that flag as a prerequisite is.
    private mutating func flagServes(_ index: Int32) -> Bool {
        let accepted = acceptsAnyOf(program.flagTests[index])
        // The other flag's evaluation failed as a whole: so does this rule.
        if aborted { failed = true }
        return accepted
    }

    /// Flag `flag`'s external condition at `position`, asked of the program's source each time an
    /// evaluation reaches it; the evaluator keeps no state for it, so that evaluations of flags
    /// without one cost nothing more. Out of line: only flags with such conditions come here.
    @inline(never)
    private func external(at position: Int, of flag: Int) -> Bool {
        guard flag >= 0, let source = program.externalConditions else { return false }
        let conditions = program.flagInfo[flag].externalConditions
        guard position < conditions.count else { return false }
        return source.holds(conditions[position], context: Context(evaluated: singles))
    }

    private mutating func test(_ index: Int32) -> Bool {
        program.tests[index].read { test in run(test, index) }
    }

    @inline(__always)
    private mutating func run(_ test: TestCode, _ index: Int32) -> Bool {
        if test.attribute.isKind {
            // A test on `kind` looks at every kind of the context, whatever its contextKind.
            var found = false
            for single in singles where Self.matches(test, .string(single.kind)) {
                found = true
                break
            }
            let result = found != test.negate
            let singles = singles
            tracer.clause(index, seen: .array(singles.map { .string($0.kind) }), matched: result)
            return result
        }
        guard let single = context(ofKind: test.contextKind) else { return absent(test, index) }
        let position = self.position(single, test.attribute)
        // A version or an instant that a prepared context parsed once.
        if test.readsParsedValue, position >= 0, let parsed {
            let value = parsed + ((single - singles.baseAddress!) &* slotCount &+ Int(test.attribute.slot))
            if value.pointee.isParsed {
                let result = test.op.matches(parsed: value) != test.negate
                tracer.clause(index, seen: single.pointee.tableReference._withUnsafeGuaranteedRef { $0.values[position] },
                              matched: result)
                return result
            }
        }
        // A string compared by bytes: read in place, not copied out of the context.
        if test.comparesStringBytes, position >= 0, let found = single.pointee.tableReference._withUnsafeGuaranteedRef({
            $0.withStringBytes(at: position) { test.op.matches(stringBytes: $0) }
        }) {
            let result = found != test.negate
            tracer.clause(index, seen: single.pointee.tableReference._withUnsafeGuaranteedRef { $0.values[position] },
                          matched: result)
            return result
        }
        guard let value = single.pointee.tableReference._withUnsafeGuaranteedRef({ $0.value(of: test.attribute, at: position) }) else {
            return absent(test, index)
        }
        var found = false
        if case .array(let elements) = value, !test.wholeValue {
            for element in elements where Self.matches(test, element) {
                found = true
                break
            }
        } else {
            found = Self.matches(test, value)
        }
        let result = found != test.negate
        tracer.clause(index, seen: value, matched: result)
        return result
    }

    /// A test of an attribute the context does not have (or of a kind it does not have).
    @inline(__always)
    private mutating func absent(_ test: TestCode, _ index: Int32) -> Bool {
        if test.absentReadsClock {
            let instant = clockReading()
            let result = test.op.matches(instant: instant) != test.negate
            tracer.clause(index, seen: .string("now"), matched: result)
            return result
        }
        // An absent context kind or attribute fails; negating that is the format's choice.
        let result = test.negateWhenAbsent && test.negate
        tracer.clause(index, seen: nil, matched: result)
        return result
    }

    /// The evaluation clock, read once per evaluation at most.
    mutating func clockReading() -> Timestamp {
        if hasNow { return Timestamp(seconds: nowSeconds, attoseconds: nowAttoseconds) }
        let reading = program.clock.now()
        nowSeconds = reading.seconds
        nowAttoseconds = reading.attoseconds
        hasNow = true
        return reading
    }

    @inline(__always)
    private static func matches(_ test: TestCode, _ value: JSONValue) -> Bool {
        if test.lowercaseInput, case .string(let s) = value {
            return Lowercasing.withLowercasedUTF8(s) { test.op.matches(stringBytes: $0) }
                ?? test.op.matches(.string(s.lowercased()))
        }
        return test.op.matches(value)
    }

    // MARK: Segments

    private mutating func segmentTest(_ index: Int32) -> Bool {
        let test = program.segmentTests[index]
        var found = false
        for i in test.segments.indices where contains(segment: program.segmentReferences[i]) {
            found = true
            break
        }
        let result = found != test.negate
        tracer.segmentClause(index, matched: result)
        return result
    }

    private mutating func contains(segment index: Int32) -> Bool {
        // A rule that has already failed is decided: asking more segments would only repeat a cycle.
        if failed { return false }
        guard segmentDepth < program.segments.count else {
            if program.cycleError != .malformedFlag { wentRoundCycle() } else { failed = true }
            return false
        }
        segmentDepth &+= 1
        tracer.enterSegment(index)
        let (included, why) = decide(segment: index)
        tracer.exitSegment(index, included: included, why: why)
        segmentDepth &-= 1
        return included
    }

    /// An unbounded (big) segment, as LaunchDarkly's SDKs decide it: no generation, no member; a
    /// context of another kind is not in it; otherwise the store's listing of the key decides
    /// (`decided`), and when it lists it nowhere (or there is no store) only the rules can let the
    /// context in (`decided` is `nil`, the verdict is what the rules start from). Out of line: the
    /// other segments' decisions stay as they were.
    @inline(never)
    private mutating func decideUnbounded(_ segment: SegmentCode, _ index: Int32) -> (decided: Bool?, SegmentDecision) {
        guard segment.hasGeneration else {
            bigSegmentsCode = max(bigSegmentsCode, EvaluationReason.BigSegmentsStatus.notConfigured.code)
            return (false, .bigSegmentNotConfigured)
        }
        guard let single = segment.unboundedKind!.read({ context(ofKind: $0) }) else { return (false, .noMatch) }
        if let listed = bigSegmentListing(segment: index, key: single.pointee.key, generation: segment.generation) {
            return (listed, listed ? .bigSegmentIncluded : .bigSegmentExcluded)
        }
        let notConfigured = bigSegmentsCode == EvaluationReason.BigSegmentsStatus.notConfigured.code
        return (nil, notConfigured ? .bigSegmentNotConfigured : .noMatch)
    }

    /// Whether the program's membership source lists `key` as included in (`true`) or excluded
    /// from (`false`) big segment `index` of `generation`; `nil` when it does not say. Out of
    /// line: only evaluations that reach a big segment come here.
    @inline(never)
    private mutating func bigSegmentListing(segment index: Int32, key: String, generation: Int64) -> Bool? {
        guard let source = program.segmentMemberships else {
            bigSegmentsCode = max(bigSegmentsCode, EvaluationReason.BigSegmentsStatus.notConfigured.code)
            return nil
        }
        let memberships = source.memberships(ofKey: key)
        bigSegmentsCode = max(bigSegmentsCode, memberships.status.code)
        return memberships.references?[program.segmentKeys[Int(index)]]?[generation]
    }

    private mutating func decide(segment index: Int32) -> (Bool, SegmentDecision) {
        let segment = program.segments[index]
        var decision = SegmentDecision.noMatch
        if _slowPath(segment.unboundedKind != nil) {
            let (decided, verdict) = decideUnbounded(segment, index)
            if let decided { return (decided, verdict) }
            decision = verdict
        }
        for e in segment.entries.indices {
            let entry = program.segmentEntries[e]
            let isRule: Int?
            if case .rule(let i) = entry.decision { isRule = i } else { isRule = nil }
            if let i = isRule { tracer.enterSegmentRule(e, index: i) }
            let matched = holds(entry.condition)
            if isRule != nil { tracer.exitRule(matched: matched) }
            guard matched else { continue }
            guard entry.rollout >= 0 else { return (entry.includes, entry.decision) }
            let inside = program.rollouts[entry.rollout].read { rollout in
                let (pick, hasKind) = self.pick(rollout)
                return pick == 0 && (hasKind || !rollout.requiresContextKind)
            }
            if inside { return (entry.includes, entry.decision) }
            if let i = isRule { decision = .outsideRollout(i) }
        }
        return (false, decision)
    }
}
