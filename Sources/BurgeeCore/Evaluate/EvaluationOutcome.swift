/// What an evaluation found, as indices into the program of the snapshot that found it: no
/// string and nothing to retain, so a typed getter reads its value from it and never builds an
/// ``EvaluationDetail``. The detail, with its strings, is built from it only when asked for
/// (``Snapshot/detail(of:default:)``: `…Detail` calls, hooks, exposure events).
///
/// Valid only with the snapshot that gave it (or with none, for an outcome of ``error(_:)``).
package struct EvaluationOutcome: Sendable {
    // Stored, not computed: the client reads these from another module, where a stored
    // property of a struct is a field access and a computed one a call.
    /// The reason's kind.
    package let kind: EvaluationReason.Kind
    /// The served value's slot in the program's values; -1 when the caller's default serves.
    package let slot: Int
    /// The served variation's index among the flag's variations; `nil` when the default serves.
    package let variationIndex: Int?
    /// Whether an experiment rollout picked the variation for a context of its kind.
    package let inExperiment: Bool
    /// The evaluated flag's index in the program; -1 when there was no flag to evaluate.
    let flag: Int
    /// The result of the flag's logic, for the reason.
    let result: FlagOutcome

    @inline(__always)
    init(result: FlagOutcome, flag: Int, slot: Int) {
        self.kind = result.kind
        self.slot = slot
        self.variationIndex = slot >= 0 ? result.variation : nil
        self.inExperiment = result.inExperiment
        self.flag = flag
        self.result = result
    }

    /// An error before any flag was evaluated (no definitions yet, no such flag).
    @inline(__always)
    package static func error(_ kind: EvaluationReason.ErrorKind) -> EvaluationOutcome {
        EvaluationOutcome(result: FlagOutcome(error: kind), flag: -1, slot: -1)
    }

    /// The detail without a program: only for outcomes of ``error(_:)``.
    package func detailWithoutProgram(default defaultValue: JSONValue) -> EvaluationDetail {
        .error(result.errorKind ?? .exception, default: defaultValue)
    }
}
