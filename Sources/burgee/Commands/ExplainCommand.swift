import ArgumentParser
import BurgeeCore

/// `burgee explain`: the full evaluation trace.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show every step of an evaluation: prerequisites, targets, rules, clauses with the values seen, segments and buckets.",
        discussion: """
            The format of the definitions is given with --format or told from the document's shape \
            (auto, the default); only native definitions can be evaluated by this version: a document \
            recognised as Unleash, LaunchDarkly or flagd definitions, or whose format cannot be told, \
            ends the command with exit status 1 and a message.
            """
    )

    @Option(name: .long, help: "The definitions file (JSON, see --format), or - for standard input.")
    var definitions: String

    @OptionGroup var formatOptions: FormatOptions

    @OptionGroup var request: RequestOptions

    func run() throws {
        do {
            let snapshot = try DefinitionsLoader.snapshot(definitions, format: formatOptions.definitionsFormat)
            let r = try request.request()
            var out = StandardOutput()
            out.writeLine(snapshot.explain(r.flag, context: r.context, default: r.default, as: r.type).description)
            out.flush()
        } catch let failure as CommandFailure {
            StandardOutput.error("burgee explain: \(failure)")
            throw ExitCode.failure
        }
    }
}
