import ArgumentParser
import BurgeeCore

/// `burgee explain`: the full evaluation trace.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show every step of an evaluation: prerequisites, targets, rules, clauses with the values seen, segments and buckets."
    )

    @Option(name: .long, help: "The definitions file (native v1 JSON), or - for standard input.")
    var definitions: String

    @OptionGroup var request: RequestOptions

    func run() throws {
        do {
            let snapshot = try DefinitionsLoader.snapshot(definitions)
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
