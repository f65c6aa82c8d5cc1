/// Receives each step of an evaluation. The evaluator is generic over its tracer: with
/// ``SilentTracer`` every call specialises away, so `explain` and the hot path share one evaluator
/// without costing the hot path anything.
protocol EvaluationTracer {
    mutating func enterFlag(_ flag: CompiledFlag)
    mutating func exitFlag(_ flag: CompiledFlag, _ outcome: FlagOutcome)
    mutating func prerequisite(_ prerequisite: FlagLogic.Prerequisite, passed: Bool)
    mutating func target(_ target: FlagLogic.Target, key: String?, matched: Bool)
    mutating func enterRule(index: Int, id: String?)
    mutating func exitRule(matched: Bool)
    mutating func clause(_ clause: CompiledClause, seen: @autoclosure () -> JSONValue?, matched: Bool)
    mutating func enterSegment(_ segment: CompiledSegment)
    mutating func exitSegment(_ segment: CompiledSegment, included: Bool, why: SegmentDecision)
    mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: UInt32, scale: UInt32)
}

/// Why a segment did or did not contain the context.
enum SegmentDecision: Sendable {
    case included, includedContexts, excluded, excludedContexts, rule(Int), outsideRollout(Int), noMatch
}

/// The result of the flag logic before values and types are looked at.
struct FlagOutcome: Sendable {
    var variation: Int?
    var reason: EvaluationReason
}

/// The tracer of the hot path: does nothing, and is optimised away.
struct SilentTracer: EvaluationTracer {
    @inline(__always) mutating func enterFlag(_ flag: CompiledFlag) {}
    @inline(__always) mutating func exitFlag(_ flag: CompiledFlag, _ outcome: FlagOutcome) {}
    @inline(__always) mutating func prerequisite(_ prerequisite: FlagLogic.Prerequisite, passed: Bool) {}
    @inline(__always) mutating func target(_ target: FlagLogic.Target, key: String?, matched: Bool) {}
    @inline(__always) mutating func enterRule(index: Int, id: String?) {}
    @inline(__always) mutating func exitRule(matched: Bool) {}
    @inline(__always) mutating func clause(_ clause: CompiledClause, seen: @autoclosure () -> JSONValue?, matched: Bool) {}
    @inline(__always) mutating func enterSegment(_ segment: CompiledSegment) {}
    @inline(__always) mutating func exitSegment(_ segment: CompiledSegment, included: Bool, why: SegmentDecision) {}
    @inline(__always) mutating func bucket(contextKind: String, attribute: AttributeReference, value: JSONValue?, bucket: UInt32, scale: UInt32) {}
}
