/// What an evaluation found, as indices into the program of the snapshot that found it: no
/// string and nothing to retain, so a typed getter reads its value from it and never builds an
/// ``EvaluationDetail``. The detail, with its strings, is built from it only when asked for
/// (``Snapshot/detail(of:default:)``: `…Detail` calls, hooks, exposure events).
///
/// Valid only with the snapshot that gave it (or with none, for an outcome of ``error(_:)``).
@usableFromInline
package struct EvaluationOutcome: Sendable {
    // Three words (the result's thirteen bytes, the flag and the slot as `Int32`): returned in
    // registers. The client reads the fields from another module, through inlinable accessors.
    /// The result of the flag's logic, for the reason.
    @usableFromInline let result: FlagOutcome
    @usableFromInline let flagIndex: Int32
    @usableFromInline let slotIndex: Int32

    /// The reason's kind.
    @inlinable package var kind: EvaluationReason.Kind { result.kind }
    /// The served value's slot in the program's values; -1 when the caller's default serves.
    @inlinable package var slot: Int { Int(slotIndex) }
    /// The served variation's index among the flag's variations; `nil` when the default serves.
    @inlinable package var variationIndex: Int? { slotIndex < 0 ? nil : result.variation }
    /// Whether an experiment rollout picked the variation for a context of its kind.
    @inlinable package var inExperiment: Bool { result.inExperiment }
    /// The evaluated flag's index in the program; -1 when there was no flag to evaluate.
    var flag: Int { Int(flagIndex) }
    /// The evaluated flag's position in the snapshot that gave the outcome; `nil` when there was
    /// no flag to evaluate (no such flag, or an error before looking).
    @inlinable package var position: FlagPosition? { flagIndex < 0 ? nil : FlagPosition(Int(flagIndex)) }

    @inline(__always)
    init(result: FlagOutcome, flag: Int, slot: Int) {
        self.result = result
        self.flagIndex = Int32(truncatingIfNeeded: flag)
        self.slotIndex = Int32(truncatingIfNeeded: slot)
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
