/// Compiled, immutable definitions: what every evaluation reads.
///
/// A snapshot never changes after it is built, so any number of tasks evaluate against it without
/// locks; an update builds a new snapshot and swaps it in whole.
public final class Snapshot: Sendable {
    /// The document's version.
    public let version: Int64
    /// The document this was compiled from.
    public let document: DefinitionsDocument
    let program: Program

    init(version: Int64, document: DefinitionsDocument, program: Program) {
        self.version = version
        self.document = document
        self.program = program
    }

    /// Compiles a document.
    public convenience init(compiling document: DefinitionsDocument) {
        self.init(version: document.version, document: document, program: ProgramLinker.link(NativeLowering.lower(document)))
    }

    /// Compiles only the flags that belong to at least one of `flagSets`.
    ///
    /// Flags outside the sets are neither known nor evaluable, except that the flags a selected
    /// flag names as prerequisites (transitively) are compiled too, hidden, so that prerequisites
    /// keep working. ``document`` is the document with only the compiled flags.
    public convenience init(compiling document: DefinitionsDocument, flagSets: Set<String>) {
        let program = ProgramLinker.link(NativeLowering.lower(document), flagSets: flagSets)
        var filtered = document
        let compiled = Set(program.flagKeys)
        filtered.flags = document.flags.filter { compiled.contains($0.key) }
        self.init(version: document.version, document: filtered, program: program)
    }

    /// Parses, reads and compiles a document from JSON bytes.
    public convenience init(jsonBytes: [UInt8], limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        try self.init(compiling: DefinitionsDocument(jsonBytes: jsonBytes, limits: limits))
    }

    /// Parses JSON bytes of the given format, or of the format detected when `format` is `nil`,
    /// then reads and compiles them (see ``DefinitionsReader``).
    ///
    /// A native document compiles exactly as with ``init(jsonBytes:limits:)``; an Unleash one as
    /// ``init(unleashJSON:options:)`` with default options; a document of a format this version
    /// cannot evaluate yet throws ``DefinitionsError/unsupportedFormat(_:)``.
    public convenience init(jsonBytes: [UInt8], format: DefinitionsFormat?,
                            limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(jsonBytes) } catch { throw .invalidJSON(error) }
        if try DefinitionsReader.format(of: json, given: format) == .unleash {
            try self.init(unleashJSON: json)
        } else {
            try self.init(compiling: DefinitionsReader.document(json: json, format: format))
        }
    }

    /// Every problem: errors make their flag or segment malformed, warnings do not.
    /// Ordered by flag key, then segment key.
    public var problems: [DefinitionProblem] {
        program.flagProblems.flatMap { $0 } + program.segmentProblems.flatMap { $0 }
    }

    /// The keys of all flags, malformed ones included, in order (flags compiled only as hidden
    /// prerequisites of a flag-set selection excluded).
    public var flagKeys: [String] { program.flagKeys.filter { !program.hiddenFlags.contains($0) } }

    /// Whether a flag is compiled only as a prerequisite of the selected flag sets.
    public func isHidden(flag key: String) -> Bool { program.hiddenFlags.contains(key) }

    /// The keys of all segments, in order.
    public var segmentKeys: [String] { program.segmentKeys }

    /// The definition of a flag.
    public func flagDefinition(_ key: String) -> FlagDefinition? {
        program.flagIndex(of: key) == nil ? nil : document.flags[key]
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

    /// Evaluates a flag for a context (design §4).
    ///
    /// Allocates nothing for a valid context, except when `caseInsensitive` clauses lowercase
    /// attribute values longer than 15 UTF-8 bytes.
    /// - Parameters:
    ///   - key: the flag key (case-sensitive).
    ///   - context: the context.
    ///   - defaultValue: served on errors, and when no variation is served.
    ///   - type: when given, a served value of another type yields the default with `ERROR/WRONG_TYPE`.
    public func evaluate(_ key: String, context: Context, default defaultValue: JSONValue = .null,
                         as type: ValueType? = nil) -> EvaluationDetail {
        evaluate(flag: program.flagIndex(of: key) ?? -1, context, defaultValue, type)
    }

    /// Evaluates the flag at `position` (from ``position(ofFlag:)`` of this snapshot), for callers
    /// that also need the flag's version or event settings without a second lookup.
    public func evaluate(at position: FlagPosition, context: Context, default defaultValue: JSONValue = .null,
                         as type: ValueType? = nil) -> EvaluationDetail {
        evaluate(flag: position.index, context, defaultValue, type)
    }

    /// Evaluates flag `index` (-1: not found). Everything up to the last line is plain values,
    /// so the detail, with its strings, is built once and never copied.
    @inline(__always)
    private func evaluate(flag index: Int, _ context: Context, _ defaultValue: JSONValue, _ type: ValueType?) -> EvaluationDetail {
        var outcome: FlagOutcome
        if index < 0 {
            outcome = FlagOutcome(error: .flagNotFound)
        } else if !context.isValid {
            outcome = FlagOutcome(error: .invalidContext)
        } else {
            outcome = context.contexts.withUnsafeBufferPointer { singles in
                var evaluator = Evaluator(program: program, singles: singles, tracer: SilentTracer())
                return evaluator.evaluate(flag: index)
            }
        }
        return detail(&outcome, index, defaultValue, type)
    }

    // MARK: Flags by position

    /// The position of a known flag, valid only with this snapshot; `nil` for an unknown (or hidden) flag.
    @inline(__always)
    public func position(ofFlag key: String) -> FlagPosition? {
        program.flagIndex(of: key).map(FlagPosition.init)
    }

    /// How many flags are compiled; positions run from 0 to this, exclusive.
    public var flagCount: Int { program.flagKeys.count }

    /// The flag at `position`.
    public func flagDefinition(at position: FlagPosition) -> FlagDefinition {
        document.flags[program.flagKeys[position.index]]!
    }

    /// Evaluates and records every step, for `explain`.
    public func explain(_ key: String, context: Context, default defaultValue: JSONValue = .null,
                        as type: ValueType? = nil) -> EvaluationExplanation {
        guard let index = program.flagIndex(of: key) else {
            return EvaluationExplanation(flagKey: key, detail: .error(.flagNotFound, default: defaultValue), steps: [],
                                         note: "no flag '\(key)'")
        }
        guard context.isValid else {
            return EvaluationExplanation(flagKey: key, detail: .error(.invalidContext, default: defaultValue), steps: [],
                                         note: context.invalidReason)
        }
        let (outcome, steps) = context.contexts.withUnsafeBufferPointer { singles in
            var evaluator = Evaluator(program: program, singles: singles, tracer: RecordingTracer(program: program))
            return (evaluator.evaluate(flag: index), evaluator.tracer.steps)
        }
        let malformed = program.flags[index].malformed
        let note = malformed ? program.flagProblems[index].filter { $0.severity == .error }.map(\.description).joined(separator: "\n") : nil
        var result = outcome
        return EvaluationExplanation(flagKey: key, detail: detail(&result, index, defaultValue, type),
                                     steps: steps, note: note)
    }

    @inline(__always)
    private func detail(_ outcome: inout FlagOutcome, _ flag: Int, _ defaultValue: JSONValue,
                        _ type: ValueType?) -> EvaluationDetail {
        var slot = -1
        if let variation = outcome.variation {
            slot = Int(program.flags[flag].variationBase) &+ variation
            if let type, !type.accepts(program.values[slot]) {
                outcome = FlagOutcome(error: .wrongType)
                slot = -1
            }
        }
        return EvaluationDetail(value: slot < 0 ? defaultValue : program.values[slot],
                                variationIndex: slot < 0 ? nil : outcome.variation,
                                variationKey: slot < 0 ? nil : program.variationKeys[slot],
                                reason: outcome.reason(in: program))
    }
}

/// Where a flag sits in a ``Snapshot``: an index that is meaningful only for the snapshot that gave it.
public struct FlagPosition: Sendable, Hashable {
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
