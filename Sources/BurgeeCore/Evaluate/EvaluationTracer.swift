/// Receives each step of an evaluation. The evaluator is generic over its tracer: with
/// ``SilentTracer`` every call specialises away, so `explain` and the hot path share one evaluator
/// without costing the hot path anything. Steps name the program's records by index.
protocol EvaluationTracer {
    mutating func enterFlag(_ flag: Int)
    mutating func exitFlag(_ flag: Int, _ outcome: FlagOutcome)
    mutating func prerequisite(_ prerequisite: Int32, passed: Bool)
    mutating func target(_ rule: Int32, key: String?, matched: Bool)
    /// A flag's rule (index into the program's rules) is about to be decided.
    mutating func enterFlagRule(_ rule: Int32)
    mutating func enterRule(index: Int, id: String?)
    mutating func enterSegmentRule(_ entry: Int32, index: Int)
    mutating func exitRule(matched: Bool)
    mutating func clause(_ test: Int32, seen: @autoclosure () -> JSONValue?, matched: Bool)
    mutating func segmentClause(_ test: Int32, matched: Bool)
    mutating func enterSegment(_ segment: Int32)
    mutating func exitSegment(_ segment: Int32, included: Bool, why: SegmentDecision)
    mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: Bucket, scale: UInt64)
    /// The rollout picked `index` for the bucket just traced.
    mutating func picked(_ rollout: RolloutCode, index: Int)
}

/// The result of the flag logic before values and types are looked at: plain values only, so that
/// passing it around copies no strings. ``reason(in:)`` builds the public reason at the end.
///
/// Thirteen bytes (indices as `Int32`, -1 for none, then the bytes), so that an
/// ``EvaluationOutcome`` that holds it is returned in registers rather than through memory.
@usableFromInline
struct FlagOutcome: Sendable {
    /// The flag's own variation index; -1 serves the default (``variation``).
    @usableFromInline var variationIndex: Int32
    /// The matched rule (index into the program's rules) for `RULE_MATCH` (and a rule's
    /// `FALLTHROUGH` or `OFF`), the failed
    /// prerequisite (index into its prerequisites) for `PREREQUISITE_FAILED`; else -1.
    var source: Int32
    @usableFromInline var kind: EvaluationReason.Kind
    var errorKind: EvaluationReason.ErrorKind?
    var fromRollout: Bool
    @usableFromInline var inExperiment: Bool
    /// The reason's `bigSegmentsStatus` as its ``EvaluationReason/BigSegmentsStatus/code``: 0
    /// unless an unbounded (big) segment was consulted.
    var bigSegmentsCode: UInt8

    /// The flag's own variation index; `nil` serves the default.
    @inlinable
    var variation: Int? {
        get { variationIndex < 0 ? nil : Int(variationIndex) }
        set { variationIndex = newValue.map { Int32(truncatingIfNeeded: $0) } ?? -1 }
    }

    @inline(__always)
    init(variation: Int?, kind: EvaluationReason.Kind, source: Int32 = -1) {
        self.variationIndex = variation.map { Int32(truncatingIfNeeded: $0) } ?? -1
        self.kind = kind
        self.errorKind = nil
        self.source = source
        self.fromRollout = false
        self.inExperiment = false
        self.bigSegmentsCode = 0
    }

    /// The ``source`` of an error that went round a cycle.
    static let cycleSource: Int32 = -2

    /// An error; `source` is the matched rule whose serve failed, for its label, or ``cycleSource``.
    @inline(__always)
    init(error: EvaluationReason.ErrorKind, source: Int32 = -1) {
        self.init(variation: nil, kind: .error, source: source)
        errorKind = error
    }

    /// The public reason of the flag at `flag`, with the rule's id or the prerequisite's key read
    /// from `program`, and the outcome's label for a format whose results carry labels.
    @inline(__always)
    func reason(in program: Program, flag: Int) -> EvaluationReason {
        var reason = reason(in: program)
        if program.hasLabels { reason.label = label(in: program, flag: flag) }
        return reason
    }

    /// The label of the outcome: the rule's for a rule's result (an error of its serve, and a
    /// rule that switches the flag off, too), else the flag's label for the kind.
    private func label(in program: Program, flag: Int) -> String? {
        if source >= 0, kind == .ruleMatch || kind == .error || kind == .fallthrough || kind == .off {
            return program.ruleLabels[Int(source)]
        }
        guard flag >= 0, flag < program.flagLabels.count, let labels = program.flagLabels[flag] else { return nil }
        if source == Self.cycleSource { return labels.cycle }
        switch kind {
        case .off: return labels.off
        case .prerequisiteFailed: return labels.prerequisiteFailed
        case .fallthrough: return labels.fallthrough
        default: return nil
        }
    }

    /// The public reason, with the rule's id or the prerequisite's key read from `program`.
    @inline(__always)
    func reason(in program: Program) -> EvaluationReason {
        var reason: EvaluationReason
        switch kind {
        case .ruleMatch:
            let index = program.rules[source].ruleIndex
            reason = EvaluationReason(kind: kind, ruleIndex: index < 0 ? nil : Int(index), ruleId: program.ruleIds[source],
                                      inExperiment: inExperiment, fromRollout: fromRollout)
        case .prerequisiteFailed:
            reason = EvaluationReason(kind: kind, prerequisiteKey: program.prerequisiteKeys[source])
        default:
            reason = EvaluationReason(kind: kind, inExperiment: inExperiment, errorKind: errorKind, fromRollout: fromRollout)
        }
        if bigSegmentsCode != 0 { reason.bigSegmentsStatus = EvaluationReason.BigSegmentsStatus(code: bigSegmentsCode) }
        return reason
    }
}

/// The tracer of the hot path: does nothing, and is optimised away.
struct SilentTracer: EvaluationTracer {
    @inline(__always) mutating func enterFlag(_ flag: Int) {}
    @inline(__always) mutating func exitFlag(_ flag: Int, _ outcome: FlagOutcome) {}
    @inline(__always) mutating func prerequisite(_ prerequisite: Int32, passed: Bool) {}
    @inline(__always) mutating func target(_ rule: Int32, key: String?, matched: Bool) {}
    @inline(__always) mutating func enterFlagRule(_ rule: Int32) {}
    @inline(__always) mutating func enterRule(index: Int, id: String?) {}
    @inline(__always) mutating func enterSegmentRule(_ entry: Int32, index: Int) {}
    @inline(__always) mutating func exitRule(matched: Bool) {}
    @inline(__always) mutating func clause(_ test: Int32, seen: @autoclosure () -> JSONValue?, matched: Bool) {}
    @inline(__always) mutating func segmentClause(_ test: Int32, matched: Bool) {}
    @inline(__always) mutating func enterSegment(_ segment: Int32) {}
    @inline(__always) mutating func exitSegment(_ segment: Int32, included: Bool, why: SegmentDecision) {}
    @inline(__always) mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: Bucket, scale: UInt64) {}
    @inline(__always) mutating func picked(_ rollout: RolloutCode, index: Int) {}
}
