/// Receives each step of an evaluation. The evaluator is generic over its tracer: with
/// ``SilentTracer`` every call specialises away, so `explain` and the hot path share one evaluator
/// without costing the hot path anything. Steps name the program's records by index.
protocol EvaluationTracer {
    mutating func enterFlag(_ flag: Int)
    mutating func exitFlag(_ flag: Int, _ outcome: FlagOutcome)
    mutating func prerequisite(_ prerequisite: Int32, passed: Bool)
    mutating func target(_ rule: Int32, key: String?, matched: Bool)
    mutating func enterRule(index: Int, id: String?)
    mutating func enterSegmentRule(_ entry: Int32, index: Int)
    mutating func exitRule(matched: Bool)
    mutating func clause(_ test: Int32, seen: @autoclosure () -> JSONValue?, matched: Bool)
    mutating func segmentClause(_ test: Int32, matched: Bool)
    mutating func enterSegment(_ segment: Int32)
    mutating func exitSegment(_ segment: Int32, included: Bool, why: SegmentDecision)
    mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: Bucket, scale: UInt64)
}

/// The result of the flag logic before values and types are looked at: plain values only, so that
/// passing it around copies no strings. ``reason(in:)`` builds the public reason at the end.
struct FlagOutcome: Sendable {
    /// The flag's own variation index; `nil` serves the default.
    var variation: Int?
    var kind: EvaluationReason.Kind
    var errorKind: EvaluationReason.ErrorKind?
    /// The matched rule (index into the program's rules) for `RULE_MATCH`, the failed
    /// prerequisite (index into its prerequisites) for `PREREQUISITE_FAILED`; else -1.
    var source: Int32
    var fromRollout: Bool
    var inExperiment: Bool
    /// Whether an unbounded (big) segment was consulted: `bigSegmentsStatus: NOT_CONFIGURED`.
    var consultedBigSegment: Bool

    @inline(__always)
    init(variation: Int?, kind: EvaluationReason.Kind, source: Int32 = -1) {
        self.variation = variation
        self.kind = kind
        self.errorKind = nil
        self.source = source
        self.fromRollout = false
        self.inExperiment = false
        self.consultedBigSegment = false
    }

    @inline(__always)
    init(error: EvaluationReason.ErrorKind) {
        self.init(variation: nil, kind: .error)
        errorKind = error
    }

    /// The public reason, with the rule's id or the prerequisite's key read from `program`.
    @inline(__always)
    func reason(in program: Program) -> EvaluationReason {
        var reason: EvaluationReason
        switch kind {
        case .ruleMatch:
            reason = EvaluationReason(kind: kind, ruleIndex: Int(program.rules[source].ruleIndex), ruleId: program.ruleIds[source],
                                      inExperiment: inExperiment, fromRollout: fromRollout)
        case .prerequisiteFailed:
            reason = EvaluationReason(kind: kind, prerequisiteKey: program.prerequisiteKeys[source])
        default:
            reason = EvaluationReason(kind: kind, inExperiment: inExperiment, errorKind: errorKind, fromRollout: fromRollout)
        }
        if consultedBigSegment { reason.bigSegmentsStatus = .notConfigured }
        return reason
    }
}

/// The tracer of the hot path: does nothing, and is optimised away.
struct SilentTracer: EvaluationTracer {
    @inline(__always) mutating func enterFlag(_ flag: Int) {}
    @inline(__always) mutating func exitFlag(_ flag: Int, _ outcome: FlagOutcome) {}
    @inline(__always) mutating func prerequisite(_ prerequisite: Int32, passed: Bool) {}
    @inline(__always) mutating func target(_ rule: Int32, key: String?, matched: Bool) {}
    @inline(__always) mutating func enterRule(index: Int, id: String?) {}
    @inline(__always) mutating func enterSegmentRule(_ entry: Int32, index: Int) {}
    @inline(__always) mutating func exitRule(matched: Bool) {}
    @inline(__always) mutating func clause(_ test: Int32, seen: @autoclosure () -> JSONValue?, matched: Bool) {}
    @inline(__always) mutating func segmentClause(_ test: Int32, matched: Bool) {}
    @inline(__always) mutating func enterSegment(_ segment: Int32) {}
    @inline(__always) mutating func exitSegment(_ segment: Int32, included: Bool, why: SegmentDecision) {}
    @inline(__always) mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: Bucket, scale: UInt64) {}
}
