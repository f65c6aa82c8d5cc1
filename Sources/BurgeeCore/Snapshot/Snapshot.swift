/// Compiled, immutable definitions: what every evaluation reads.
///
/// A snapshot never changes after it is built, so any number of tasks evaluate against it without
/// locks; an update builds a new snapshot and swaps it in whole.
public final class Snapshot: Sendable {
    /// The document's version.
    public let version: Int64
    /// The document this was compiled from.
    public let document: DefinitionsDocument
    let flags: [CompiledFlag]
    let flagIndex: [ExactString: Int]
    let segments: [CompiledSegment]

    /// Flags compiled only because a visible flag names them as prerequisites.
    let hiddenFlags: Set<String>

    init(version: Int64, document: DefinitionsDocument, flags: [CompiledFlag], segments: [CompiledSegment],
         hiddenFlags: Set<String> = []) {
        self.version = version
        self.document = document
        self.flags = flags
        self.segments = segments
        self.hiddenFlags = hiddenFlags
        var index: [ExactString: Int] = [:]
        index.reserveCapacity(flags.count)
        // The empty key is never found (design §4), even when a document defines it.
        for (i, flag) in flags.enumerated() where !flag.key.isEmpty && !hiddenFlags.contains(flag.key) {
            index[ExactString(flag.key)] = i
        }
        self.flagIndex = index
    }

    /// Compiles a document.
    public convenience init(compiling document: DefinitionsDocument) {
        let compiled = DefinitionsCompiler.build(document)
        self.init(version: document.version, document: document, flags: compiled.flags, segments: compiled.segments)
    }

    /// Compiles only the flags that belong to at least one of `flagSets`.
    ///
    /// Flags outside the sets are neither known nor evaluable, except that the flags a selected
    /// flag names as prerequisites (transitively) are compiled too, hidden, so that prerequisites
    /// keep working. ``document`` is the document with only the compiled flags.
    public convenience init(compiling document: DefinitionsDocument, flagSets: Set<String>) {
        var selected = Set(document.flags.values.filter { !flagSets.isDisjoint(with: $0.sets) }.map(\.key))
        var hidden: Set<String> = []
        var pending = Array(selected)
        while let key = pending.popLast() {
            for prerequisite in document.flags[key]?.prerequisites ?? [] {
                let name = prerequisite.flag
                guard document.flags[name] != nil, !selected.contains(name) else { continue }
                selected.insert(name)
                hidden.insert(name)
                pending.append(name)
            }
        }
        var filtered = document
        filtered.flags = document.flags.filter { selected.contains($0.key) }
        let compiled = DefinitionsCompiler.build(filtered)
        self.init(version: document.version, document: filtered, flags: compiled.flags, segments: compiled.segments,
                  hiddenFlags: hidden)
    }

    /// Parses, reads and compiles a document from JSON bytes.
    public convenience init(jsonBytes: [UInt8], limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        try self.init(compiling: DefinitionsDocument(jsonBytes: jsonBytes, limits: limits))
    }

    /// Parses JSON bytes of the given format, or of the format detected when `format` is `nil`,
    /// then reads and compiles them (see ``DefinitionsReader``).
    ///
    /// A native document compiles exactly as with ``init(jsonBytes:limits:)``; a document of a
    /// format this version cannot evaluate yet throws ``DefinitionsError/unsupportedFormat(_:)``.
    public convenience init(jsonBytes: [UInt8], format: DefinitionsFormat?,
                            limits: JSONParser.Limits = .default) throws(DefinitionsError) {
        try self.init(compiling: DefinitionsReader.document(jsonBytes: jsonBytes, format: format, limits: limits))
    }

    /// Every problem: errors make their flag or segment malformed, warnings do not.
    /// Ordered by flag key, then segment key.
    public var problems: [DefinitionProblem] {
        flags.flatMap(\.problems) + segments.flatMap(\.problems)
    }

    /// The keys of all flags, malformed ones included, in order (flags compiled only as hidden
    /// prerequisites of a flag-set selection excluded).
    public var flagKeys: [String] { flags.map(\.key).filter { !hiddenFlags.contains($0) } }

    /// Whether a flag is compiled only as a prerequisite of the selected flag sets.
    public func isHidden(flag key: String) -> Bool { hiddenFlags.contains(key) }

    /// The keys of all segments, in order.
    public var segmentKeys: [String] { segments.map(\.key) }

    /// The definition of a flag.
    public func flagDefinition(_ key: String) -> FlagDefinition? {
        flagIndex[ExactString(key)].map { flags[$0].definition }
    }

    /// A flag's free-form metadata; empty when the flag is unknown.
    public func metadata(ofFlag key: String) -> [String: JSONValue] {
        flagIndex[ExactString(key)].map { flags[$0].definition.metadata } ?? [:]
    }

    /// The variables of a flag's variation; empty when the flag, the variation or its variables are absent.
    public func variables(ofFlag key: String, variation index: Int) -> [String: JSONValue] {
        guard let i = flagIndex[ExactString(key)] else { return [:] }
        let variations = flags[i].definition.variations
        return variations.indices.contains(index) ? variations[index].variables : [:]
    }

    /// Whether the flag exists and is malformed.
    public func isMalformed(flag key: String) -> Bool {
        flagIndex[ExactString(key)].map { flags[$0].isMalformed } ?? false
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
        guard let position = position(ofFlag: key) else {
            return .error(.flagNotFound, default: defaultValue)
        }
        return evaluate(at: position, context: context, default: defaultValue, as: type)
    }

    /// Evaluates the flag at `position` (from ``position(ofFlag:)`` of this snapshot), for callers
    /// that also need the flag's version or event settings without a second lookup.
    public func evaluate(at position: FlagPosition, context: Context, default defaultValue: JSONValue = .null,
                         as type: ValueType? = nil) -> EvaluationDetail {
        guard context.isValid else {
            return .error(.invalidContext, default: defaultValue)
        }
        let flag = flags[position.index]
        var evaluator = Evaluator(snapshot: self, context: context, tracer: SilentTracer())
        return detail(evaluator.evaluate(flag), flag, defaultValue, type)
    }

    // MARK: Flags by position

    /// The position of a known flag, valid only with this snapshot; `nil` for an unknown (or hidden) flag.
    @inline(__always)
    public func position(ofFlag key: String) -> FlagPosition? {
        flagIndex[ExactString(key)].map(FlagPosition.init)
    }

    /// How many flags are compiled; positions run from 0 to this, exclusive.
    public var flagCount: Int { flags.count }

    /// The flag at `position`.
    public func flagDefinition(at position: FlagPosition) -> FlagDefinition {
        flags[position.index].definition
    }

    /// Evaluates and records every step, for `explain`.
    public func explain(_ key: String, context: Context, default defaultValue: JSONValue = .null,
                        as type: ValueType? = nil) -> EvaluationExplanation {
        guard let index = flagIndex[ExactString(key)] else {
            return EvaluationExplanation(flagKey: key, detail: .error(.flagNotFound, default: defaultValue), steps: [],
                                         note: "no flag '\(key)'")
        }
        guard context.isValid else {
            return EvaluationExplanation(flagKey: key, detail: .error(.invalidContext, default: defaultValue), steps: [],
                                         note: context.invalidReason)
        }
        let flag = flags[index]
        var evaluator = Evaluator(snapshot: self, context: context, tracer: RecordingTracer(snapshot: self))
        let outcome = evaluator.evaluate(flag)
        let note = flag.isMalformed ? flag.problems.filter { $0.severity == .error }.map(\.description).joined(separator: "\n") : nil
        return EvaluationExplanation(flagKey: key, detail: detail(outcome, flag, defaultValue, type),
                                     steps: evaluator.tracer.steps, note: note)
    }

    @inline(__always)
    private func detail(_ outcome: FlagOutcome, _ flag: CompiledFlag, _ defaultValue: JSONValue,
                        _ type: ValueType?) -> EvaluationDetail {
        guard let variation = outcome.variation, let logic = flag.logic else {
            return EvaluationDetail(value: defaultValue, variationIndex: nil, variationKey: nil, reason: outcome.reason)
        }
        let value = logic.values[variation]
        if let type, !type.accepts(value) {
            return .error(.wrongType, default: defaultValue)
        }
        return EvaluationDetail(value: value, variationIndex: variation, variationKey: logic.variationKeys[variation],
                                reason: outcome.reason)
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
