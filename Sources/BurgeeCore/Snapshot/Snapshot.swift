/// Compiled, immutable definitions: what every evaluation reads.
///
/// A snapshot never changes after it is built, so any number of tasks evaluate against it without
/// locks; an update builds a new snapshot and swaps it in whole.
public final class Snapshot: Sendable {
    /// The definitions' version: a native document's `version`; 0 for formats without one.
    public let version: Int64
    /// The format of the definitions this was compiled from.
    public var format: DefinitionsFormat { source.format }
    /// The document as its format's model read it, for formats whose own calls need more than the
    /// program (Kameleoon's visitors read the custom data definitions, the holdout and the rules);
    /// `nil` for the others.
    package let model: (any Sendable)?
    /// The definitions as their format has them, for change detection.
    package let source: SourceDefinitions
    /// What uses what, by key, for change detection: the program's, plus what a format inlined
    /// (segments that a lowering turned into the constraints of the rules naming them).
    package let dependencies: ProgramDependencies
    /// Whether an invalid context is reported before an unknown flag, as the format's SDKs do.
    let checksContextFirst: Bool
    /// How the format reads a context given through the neutral API; `nil`: as it is.
    let contextShape: ContextShape?
    /// The mark of a context already in ``contextShape`` (``ContextShape/Mark/none`` without one):
    /// a context carrying it is evaluated as it is, after one byte's comparison.
    let shapeMark: ContextShape.Mark
    @usableFromInline let program: Program

    init(version: Int64, source: SourceDefinitions, program: Program, dependencies: ProgramDependencies? = nil,
         model: (any Sendable)? = nil) {
        self.model = model
        self.version = version
        self.source = source
        self.program = program
        self.dependencies = dependencies ?? program.dependencies
        let dialect = FormatRegistry.compiling(of: source.format)
        self.checksContextFirst = dialect.checksContextFirst
        self.contextShape = dialect.contextShape
        self.shapeMark = contextShape?.mark ?? .none
    }

    /// Parses JSON bytes of the given format, or of the format detected when `format` is `nil`,
    /// then reads and compiles them (see ``Definitions/init(jsonBytes:format:limits:)``).
    public convenience init(jsonBytes: [UInt8], format: DefinitionsFormat?,
                            limits: JSONLimits = .default) throws(DefinitionsError) {
        try self.init(compiling: Definitions(jsonBytes: jsonBytes, format: format, limits: limits))
    }

    /// Compiles definitions of any format; with `flagSets`, only the flags of those sets (see
    /// ``init(compiling:flagSets:)``).
    public convenience init(compiling definitions: Definitions, flagSets: Set<String>? = nil) {
        self.init(compiling: definitions, flagSets: flagSets, options: CompileOptions())
    }

    /// Compiles definitions of any format as the initialiser without options does,
    /// with `options`: a fixed clock and formats' own settings (a setting of another format is
    /// ignored).
    package convenience init(compiling definitions: Definitions, flagSets: Set<String>?, options: CompileOptions) {
        let compiled = definitions.model.compile(flagSets: flagSets, options: options)
        self.init(version: compiled.version, source: compiled.source, program: compiled.program,
                  dependencies: compiled.dependencies, model: compiled.model)
    }

    /// How many records the program has grown by since it was last linked whole: those that
    /// flags laid out again in place (patches) added; 0 for a program linked whole.
    package var recordsAddedByPatches: Int {
        program.values.count + program.conditions.count - program.linkedSize
    }

    /// Every problem: errors make their flag or segment malformed, warnings do not.
    /// Ordered by flag key, then segment key.
    public var problems: [DefinitionProblem] {
        program.flagProblems.flatMap { $0 } + program.segmentProblems.flatMap { $0 }
    }

    /// How many problems ``problems`` lists, counted without listing them.
    package var problemCount: Int {
        program.flagProblems.reduce(0) { $0 + $1.count } + program.segmentProblems.reduce(0) { $0 + $1.count }
    }

    /// How many keys ``flagKeys`` lists, counted without listing them.
    package var visibleFlagCount: Int { program.flagKeys.count - program.hiddenFlags.count }

    /// The keys of all flags, malformed ones included, in order (flags compiled only as hidden
    /// prerequisites of a flag-set selection excluded).
    public var flagKeys: [String] { program.flagKeys.filter { !program.hiddenFlags.contains($0) } }

    /// Whether a flag is compiled only as a prerequisite of the selected flag sets.
    public func isHidden(flag key: String) -> Bool { program.hiddenFlags.contains(key) }

    /// The keys of all segments, in order.
    public var segmentKeys: [String] { program.segmentKeys }

    /// The flag sets a flag belongs to; empty when the flag is unknown.
    public func sets(ofFlag key: String) -> [String] {
        program.flagIndex(of: key).map { program.flagInfo[$0].sets } ?? []
    }

    /// Calls `body` with each flag that belongs to flag sets, in key order, and its sets, each
    /// once (hidden flags left out): what building a by-set index needs, without a lookup per flag.
    package func forEachFlagInSets(_ body: (String, [String]) -> Void) {
        // By index: iterating the infos would copy each whole.
        for i in program.flagInfo.indices where !program.flagInfo[i].sets.isEmpty {
            let key = program.flagKeys[i]
            guard program.hiddenFlags.isEmpty || !program.hiddenFlags.contains(key) else { continue }
            let sets = program.flagInfo[i].sets
            body(key, sets.count == 1 ? sets : Array(Set(sets)))
        }
    }

    /// A flag's free-form metadata; empty when the flag is unknown.
    public func metadata(ofFlag key: String) -> [String: JSONValue] {
        program.flagIndex(of: key).map { program.flagInfo[$0].metadata } ?? [:]
    }

    /// The variables of a flag's variation; empty when the flag, the variation or its variables are absent.
    public func variables(ofFlag key: String, variation index: Int) -> [String: JSONValue] {
        guard let i = program.flagIndex(of: key) else { return [:] }
        let variables = program.flagInfo[i].variables
        return variables.indices.contains(index) ? variables[index] : [:]
    }

    /// Whether the flag exists and is malformed.
    public func isMalformed(flag key: String) -> Bool {
        program.flagIndex(of: key).map { program.flags[$0].malformed } ?? false
    }

    /// Evaluates a flag for a context, as docs/evaluation.md describes.
    ///
    /// Allocates nothing for a valid context, except when `caseInsensitive` clauses lowercase
    /// attribute values longer than 1,024 UTF-8 bytes.
    /// - Parameters:
    ///   - key: the flag key (case-sensitive).
    ///   - context: the context.
    ///   - defaultValue: served on errors, and when no variation is served.
    ///   - type: when given, a served value of another type yields the default with `ERROR/WRONG_TYPE`.
    public func evaluate(_ key: String, context: Context, default defaultValue: JSONValue = .null,
                         as type: ValueType? = nil) -> EvaluationDetail {
        detail(of: outcome(key, context: context, as: type), default: defaultValue)
    }

    /// Evaluates the flag at `position` (from ``position(ofFlag:)`` of this snapshot), for callers
    /// that also need the flag's version or event settings without a second lookup.
    package func evaluate(at position: FlagPosition, context: Context, default defaultValue: JSONValue = .null,
                         as type: ValueType? = nil) -> EvaluationDetail {
        detail(of: outcome(at: position, context: context, as: type), default: defaultValue)
    }

    /// ``evaluate(_:context:default:as:)`` without the detail: what a typed getter needs, built
    /// of plain values only.
    package func outcome(_ key: String, context: Context, as type: ValueType? = nil) -> EvaluationOutcome {
        if _slowPath(context.shapeMark != shapeMark), let contextShape {
            return outcome(key, shaping: context, by: contextShape, as: type)
        }
        let index = program.flagIndex(of: key) ?? -1
        if let type, program.declaresTypes, index >= 0, program.flags[index].declaredType != nil {
            return outcomeDeclared(flag: index, context, type)
        }
        return outcome(flag: index, context, type)
    }

    /// ``outcome(_:context:as:)`` for a context the format shapes first (``ContextShape``).
    @inline(never)
    private func outcome(_ key: String, shaping context: Context, by shape: ContextShape, as type: ValueType?) -> EvaluationOutcome {
        guard let index = program.flagIndex(of: key) else { return outcome(flag: -1, shape.shape(context), type) }
        return outcome(at: FlagPosition(index), shaping: context, by: shape, as: type)
    }

    /// ``evaluate(at:context:default:as:)`` without the detail.
    package func outcome(at position: FlagPosition, context: Context, as type: ValueType? = nil) -> EvaluationOutcome {
        if _slowPath(context.shapeMark != shapeMark), let contextShape {
            return outcome(at: position, shaping: context, by: contextShape, as: type)
        }
        if let type, program.declaresTypes, program.flags[position.index].declaredType != nil {
            return outcomeDeclared(flag: position.index, context, type)
        }
        return outcome(flag: position.index, context, type)
    }

    /// ``outcome(at:context:as:)`` for a context the format shapes first (``ContextShape``): out of
    /// line, so that every other evaluation runs one function.
    @inline(never)
    private func outcome(at position: FlagPosition, shaping context: Context, by shape: ContextShape,
                         as type: ValueType?) -> EvaluationOutcome {
        let context = shape.shape(context)
        if let type, program.declaresTypes, program.flags[position.index].declaredType != nil {
            return outcomeDeclared(flag: position.index, context, type)
        }
        return outcome(flag: position.index, context, type)
    }

    /// The detail of an outcome of this snapshot: the served value (else `defaultValue`), the
    /// variation's key and the reason, with the strings they read from the program.
    @inline(__always)
    package func detail(of outcome: EvaluationOutcome, default defaultValue: JSONValue) -> EvaluationDetail {
        let slot = outcome.slot
        return EvaluationDetail(value: slot < 0 ? defaultValue : program.values[slot],
                                variationIndex: outcome.variationIndex,
                                variationKey: slot < 0 ? nil : program.variationKeys[slot],
                                reason: outcome.result.reason(in: program, flag: outcome.flag))
    }

    /// The value an outcome of this snapshot serves; `nil` when it serves the caller's default.
    /// Inlinable: a typed getter of another module reads the value without a call.
    @inlinable
    package func value(of outcome: EvaluationOutcome) -> JSONValue? {
        // Not a conditional expression: `nil` there would be read as `JSONValue.null`.
        guard outcome.slot >= 0 else { return .none }
        return program.values[outcome.slot]
    }

    /// Whether an outcome of this snapshot serves a variation whose key is empty (`""`), which
    /// some vendors' SDKs read as no variation: one load unless the program has such a key.
    @inlinable
    package func servesEmptyVariationKey(_ outcome: EvaluationOutcome) -> Bool {
        program.hasEmptyVariationKey && servedKeyIsEmpty(outcome)
    }

    @usableFromInline
    func servedKeyIsEmpty(_ outcome: EvaluationOutcome) -> Bool {
        variationKey(of: outcome)?.isEmpty == true
    }

    /// The key of the variation an outcome of this snapshot serves; `nil` when it serves the
    /// caller's default or the format's variations have no keys.
    @inline(__always)
    package func variationKey(of outcome: EvaluationOutcome) -> String? {
        guard outcome.slot >= 0 else { return .none }
        return program.variationKeys[outcome.slot]
    }

    /// The index of the rule that an outcome of this snapshot matched (the rule's
    /// ``EvaluationReason/ruleIndex``), else `nil`.
    package func ruleIndex(of outcome: EvaluationOutcome) -> Int? {
        guard outcome.kind == .ruleMatch else { return nil }
        let index = program.rules[outcome.result.source].ruleIndex
        return index < 0 ? nil : Int(index)
    }

    /// The index of the rule whose serve failed in an outcome of this snapshot (an `ERROR` that a
    /// matched rule gave, such as a variation that cannot be served), else `nil`.
    package func failedRuleIndex(of outcome: EvaluationOutcome) -> Int? {
        guard outcome.kind == .error, outcome.result.source >= 0 else { return nil }
        let index = program.rules[outcome.result.source].ruleIndex
        return index < 0 ? nil : Int(index)
    }

    /// What an exposure of the rule that an outcome of this snapshot matched carries, for a
    /// format whose rules say it (``FlagInfo/ruleExposures``); `nil` otherwise.
    package func ruleExposure(of outcome: EvaluationOutcome) -> RuleExposure? {
        guard outcome.flag >= 0, let index = ruleIndex(of: outcome) else { return nil }
        let exposures = program.flagInfo[outcome.flag].ruleExposures
        return index < exposures.count ? exposures[index] : nil
    }

    /// A typed evaluation of a flag whose format declares its type: the declared type, checked
    /// before the rules, wins over what evaluating them finds, errors included (not over an
    /// invalid context, a flag that is off or one that is malformed), and stands for the served
    /// value's type, which the format checked when reading the flag. Out of line: only such
    /// flags take it.
    @inline(never)
    private func outcomeDeclared(flag index: Int, _ context: Context, _ type: ValueType) -> EvaluationOutcome {
        let code = program.flags[index]
        if code.declaredType != type, context.isValid, code.enabled, !code.malformed {
            return EvaluationOutcome(result: FlagOutcome(error: .wrongType), flag: index, slot: -1)
        }
        // The value's type is the declared one: no second check.
        return outcome(flag: index, context, nil)
    }

    /// Evaluates flag `index` (-1: not found), in plain values only.
    @inline(__always)
    private func outcome(flag index: Int, _ context: Context, _ type: ValueType?) -> EvaluationOutcome {
        let result: FlagOutcome
        if index < 0 {
            result = FlagOutcome(error: !context.isValid && checksContextFirst ? .invalidContext : .flagNotFound)
        } else if !context.isValid {
            result = FlagOutcome(error: .invalidContext)
        } else if program.flags[index].readsNoContext {
            result = program.flags[index].fixedOutcome
        } else {
            result = withEvaluator(for: context, tracer: SilentTracer()) { evaluator in
                var outcome = evaluator.evaluate(flag: index)
                outcome.bigSegmentsCode = evaluator.bigSegmentsCode
                return outcome
            }
        }
        return finish(result, flag: index, type)
    }

    /// Runs `body` with an evaluator over `context`'s single contexts, borrowed, and for a context
    /// prepared for this snapshot's program, its attributes' slots.
    @inline(__always)
    func withEvaluator<Tracer: EvaluationTracer, R>(for context: Context, tracer: Tracer,
                                                           _ body: (inout Evaluator<Tracer>) -> R) -> R {
        let slots = context.slots(for: program)
        return context.contexts.withUnsafeBufferPointer { singles in
            var evaluator = Evaluator(program: program, singles: singles, slots: slots?.positions, parsed: slots?.parsed,
                                      tracer: tracer)
            return body(&evaluator)
        }
    }

    /// `context` with its attributes found by this snapshot's attribute slots, so that its
    /// evaluations here do not look attribute names up; with another snapshot it evaluates as
    /// it would unprepared.
    package func prepare(_ context: Context) -> Context {
        shaped(context).prepared(for: program)
    }

    /// `context` in the shape this snapshot's rules read (``ContextShape``).
    @inline(__always)
    package func shaped(_ context: Context) -> Context {
        guard context.shapeMark != shapeMark, let contextShape else { return context }
        return contextShape.shape(context)
    }

    /// Whether `context` was prepared for this snapshot's program.
    package func isPrepared(_ context: Context) -> Bool {
        context.isPrepared(for: program)
    }

    /// The outcome of flag `index`'s result: the served value's slot, or `WRONG_TYPE` when that
    /// value is not of `type`.
    @inline(__always)
    private func finish(_ result: FlagOutcome, flag index: Int, _ type: ValueType?) -> EvaluationOutcome {
        guard let variation = result.variation else { return EvaluationOutcome(result: result, flag: index, slot: -1) }
        let slot = Int(program.flags[index].variationBase) &+ variation
        if let type, !type.accepts(program.values[slot]) {
            return EvaluationOutcome(result: FlagOutcome(error: .wrongType), flag: index, slot: -1)
        }
        return EvaluationOutcome(result: result, flag: index, slot: slot)
    }

    // MARK: Flags by position

    /// The position of a known flag, valid only with this snapshot; `nil` for an unknown (or hidden) flag.
    @inline(__always)
    package func position(ofFlag key: String) -> FlagPosition? {
        program.flagIndex(of: key).map(FlagPosition.init)
    }

    /// How many flags are compiled; positions run from 0 to this, exclusive.
    public var flagCount: Int { program.flagKeys.count }

    /// The key of the flag at `position`.
    package func flagKey(at position: FlagPosition) -> String {
        program.flagKeys[position.index]
    }

    /// What the SDK keeps of the flag at `position`: version, sets, event settings, variables.
    package func info(at position: FlagPosition) -> FlagInfo {
        program.flagInfo[position.index]
    }

    /// The indices of the flag's rules whose match forces an exposure event (rule-level
    /// `trackEvents`), in ascending order.
    package func trackedRules(at position: FlagPosition) -> [Int] {
        let flag = program.flags[position.index]
        var tracked: [Int] = []
        for i in flag.rules.indices {
            let rule = program.rules[i]
            if rule.trackEvents, !rule.isTarget { tracked.append(Int(rule.ruleIndex)) }
        }
        return tracked
    }

    /// The values of the flag's variations, by index.
    package func variationValues(at position: FlagPosition) -> [JSONValue] {
        let code = program.flags[position.index]
        return (0..<Int(code.variationCount)).map { program.values[Int(code.variationBase) + $0] }
    }

    /// The names of the flag's variations, by index: their keys, or for a format without keys
    /// their indices as text.
    package func variationNames(at position: FlagPosition) -> [String] {
        (0..<Int(program.flags[position.index].variationCount)).map { program.variationName(flag: position.index, $0) }
    }

    /// Evaluates and records every step, for `explain`.
    package func explain(_ key: String, context: Context, default defaultValue: JSONValue = .null,
                        as type: ValueType? = nil) -> EvaluationExplanation {
        let context = shaped(context)
        let found = program.flagIndex(of: key)
        if found == nil, context.isValid || !checksContextFirst {
            return EvaluationExplanation(flagKey: key, detail: .error(.flagNotFound, default: defaultValue), steps: [],
                                         note: "no flag '\(key)'")
        }
        guard let index = found, context.isValid else {
            return EvaluationExplanation(flagKey: key, detail: .error(.invalidContext, default: defaultValue), steps: [],
                                         note: context.invalidReason)
        }
        var type = type
        if let requested = type, let declared = program.flags[index].declaredType {
            // As evaluateDeclared: the declared type decides, before the rules.
            let code = program.flags[index]
            if declared != requested, code.enabled, !code.malformed {
                return EvaluationExplanation(flagKey: key, detail: .error(.wrongType, default: defaultValue), steps: [],
                                             note: "the flag's values are \(declared.rawValue), not \(requested.rawValue)")
            }
            type = nil
        }
        let (outcome, steps) = withEvaluator(for: context, tracer: RecordingTracer(program: program)) { evaluator in
            var outcome = evaluator.evaluate(flag: index)
            outcome.bigSegmentsCode = evaluator.bigSegmentsCode
            return (outcome, evaluator.tracer.steps)
        }
        let malformed = program.flags[index].malformed
        let note = malformed ? program.flagProblems[index].filter { $0.severity == .error }.map(\.description).joined(separator: "\n") : nil
        return EvaluationExplanation(flagKey: key, detail: detail(of: finish(outcome, flag: index, type), default: defaultValue),
                                     steps: steps, note: note)
    }
}

/// Where a flag sits in a ``Snapshot``: an index that is meaningful only for the snapshot that gave it.
@usableFromInline
package struct FlagPosition: Sendable, Hashable {
    /// The index, from 0 to the snapshot's ``Snapshot/flagCount``, exclusive.
    public let index: Int

    /// A position; only for indices that a snapshot gave.
    @inlinable
    public init(_ index: Int) {
        self.index = index
    }
}

extension EvaluationDetail {
    /// The caller's default with an `ERROR` reason.
    @inlinable
    public static func error(_ kind: EvaluationReason.ErrorKind, default defaultValue: JSONValue) -> EvaluationDetail {
        EvaluationDetail(value: defaultValue, variationIndex: nil, variationKey: nil, reason: .error(kind))
    }
}
