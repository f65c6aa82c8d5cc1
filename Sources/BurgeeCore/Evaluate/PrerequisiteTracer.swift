/// Reports each evaluation of a prerequisite flag, in the order the evaluator makes them, with
/// the flag it was a prerequisite of: what LaunchDarkly's evaluator hands its event recorder.
///
/// It mirrors that evaluator where Burgee's differs in what it steps through: a prerequisite
/// that is off (or cannot be read) is not evaluated here but reported with its off outcome, as
/// LaunchDarkly's evaluates it for its event; and going round a cycle, where LaunchDarkly's stops
/// at the first flag met again, Burgee's goes on to its recursion bound, so nothing is reported
/// from that flag on. A prerequisite whose evaluation failed as a whole is not reported (the
/// evaluator never calls ``prerequisite(_:passed:)`` for it). Deeper than ``maxDepth`` flags,
/// nothing more is reported.
struct PrerequisiteTracer: EvaluationTracer {
    static let maxDepth = 72

    let program: Program
    /// Called with the prerequisite's position, its outcome, and the position of its dependant.
    let report: (FlagPosition, EvaluationOutcome, FlagPosition) -> Void
    /// The flags being evaluated, outermost first: the innermost is the dependant of the next
    /// prerequisite reported. Inline, so that tracing allocates nothing.
    private var stack = InlineArray<72, Int32>(repeating: -1)
    private var depth = 0
    /// The flag last evaluated to its end and its outcome (-1: none since the last report).
    private var exited: Int32 = -1
    private var exitedOutcome = FlagOutcome(variation: nil, kind: .off)
    /// Set on meeting a flag already being evaluated (or past ``maxDepth``): reports stop.
    private var stopped = false

    init(program: Program, report: @escaping (FlagPosition, EvaluationOutcome, FlagPosition) -> Void) {
        self.program = program
        self.report = report
    }

    mutating func enterFlag(_ flag: Int) {
        guard !stopped else { return }
        let flag = Int32(truncatingIfNeeded: flag)
        for i in 0..<depth where stack[i] == flag {
            stopped = true
            return
        }
        guard depth < Self.maxDepth else {
            stopped = true
            return
        }
        stack[depth] = flag
        depth &+= 1
    }

    mutating func exitFlag(_ flag: Int, _ outcome: FlagOutcome) {
        guard !stopped else { return }
        depth &-= 1
        exited = Int32(truncatingIfNeeded: flag)
        exitedOutcome = outcome
    }

    mutating func prerequisite(_ prerequisite: Int32, passed: Bool) {
        guard !stopped, depth > 0 else { return }
        let code = program.prerequisites[Int(prerequisite)]
        defer { exited = -1 }
        // A missing flag is not evaluated, and makes no report.
        guard code.flag >= 0 else { return }
        let other = program.flags[Int(code.flag)]
        let result: FlagOutcome
        if other.malformed {
            result = FlagOutcome(error: .malformedFlag)
        } else if !other.enabled {
            result = other.offOutcome(.off)
        } else if exited == code.flag {
            result = exitedOutcome
        } else {
            // Not evaluated (a set of accepted variations that nothing can meet).
            return
        }
        report(FlagPosition(Int(code.flag)), program.outcome(result, flag: Int(code.flag)),
               FlagPosition(Int(stack[depth &- 1])))
    }

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
