extension Snapshot {
    /// Whether evaluating the flag at `position` may evaluate prerequisite flags: it is on and has
    /// prerequisites.
    package func evaluatesPrerequisites(at position: FlagPosition) -> Bool {
        let flag = program.flags[position.index]
        return flag.enabled && !flag.malformed && flag.prerequisites.count > 0
    }

    /// Calls `body` with each evaluation of a prerequisite flag that evaluating the flag at
    /// `position` for `context` makes, in order, with the flag it was a prerequisite of (the
    /// immediate dependant): a prerequisite's own prerequisites come before it, and the first
    /// that fails ends the list, as LaunchDarkly's evaluator reports them to its events (see
    /// ``PrerequisiteTracer``). The flag is evaluated again for this: call it only for a
    /// destination that reports prerequisites. Allocates nothing.
    package func forEachPrerequisiteEvaluation(at position: FlagPosition, context: Context,
                                               _ body: (_ prerequisite: FlagPosition, _ outcome: EvaluationOutcome,
                                                        _ of: FlagPosition) -> Void) {
        let context = shaped(context)
        guard context.isValid, evaluatesPrerequisites(at: position) else { return }
        withoutActuallyEscaping(body) { body in
            withEvaluator(for: context, tracer: PrerequisiteTracer(program: program, report: body)) { evaluator in
                _ = evaluator.evaluate(flag: position.index)
            }
        }
    }
}

extension Program {
    /// The outcome of flag `index`'s result, its value's slot found (no type checked).
    @inline(__always)
    func outcome(_ result: FlagOutcome, flag index: Int) -> EvaluationOutcome {
        guard let variation = result.variation else { return EvaluationOutcome(result: result, flag: index, slot: -1) }
        return EvaluationOutcome(result: result, flag: index, slot: Int(flags[index].variationBase) &+ variation)
    }
}
