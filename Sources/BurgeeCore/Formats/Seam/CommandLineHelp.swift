/// What the command line's help says of one format (``ToolingDialect/commandLineHelp``), each
/// part written for a person reading `burgee <command> --help`. The commands assemble them in
/// registry order, so that a format added is described in every command's help.
package struct CommandLineHelp: Sendable {
    /// `burgee eval`'s paragraph on the format, opening with "For <display name> definitions": the
    /// shape of its request contexts, and what its result lines add or say otherwise (its own
    /// member, its reasons).
    package var evaluation: String
    /// `burgee explain`'s sentence on the format: what follows the steps, or how the context is
    /// read when that differs from `eval`; `nil` when there is nothing of the format's own.
    package var explanation: String?
    /// `burgee validate`'s sentence on the format: which of its problems are warnings; `nil` when
    /// it has none of its own.
    package var validation: String?
    /// What `--now` fixes for the format, as a clause ("Unleash DATE_AFTER/DATE_BEFORE
    /// constraints compare it when a context has no currentTime"); `nil` when its evaluations
    /// read no clock.
    package var clock: String?

    /// A format's help.
    package init(evaluation: String, explanation: String? = nil, validation: String? = nil, clock: String? = nil) {
        self.evaluation = evaluation
        self.explanation = explanation
        self.validation = validation
        self.clock = clock
    }
}
