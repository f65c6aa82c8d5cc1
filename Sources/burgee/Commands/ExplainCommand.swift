import ArgumentParser
import BurgeeCore

/// `burgee explain`: the full evaluation trace.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show every step of an evaluation: prerequisites, targets, rules, clauses with the values seen, segments and buckets.",
        discussion: """
            \(FormatHelp.formatSentence("explained", undetectable: "ends the command with exit status 1 and a message"))

            The context is read in the definitions' own shape, as burgee eval reads it (see burgee eval --help). \
            \(FormatHelp.explanation)
            """
    )

    @Option(name: .long, help: "The definitions file (JSON, see --format), or - for standard input.")
    var definitions: String

    @OptionGroup var formatOptions: FormatOptions

    @OptionGroup var request: RequestOptions

    @OptionGroup var clock: ClockOptions

    func run() throws {
        do {
            let loaded = try DefinitionsLoader.load(definitions, format: formatOptions.definitionsFormat,
                                                    options: CompileOptions(now: clock.instant()))
            let r = try request.request(readContext: loaded.context)
            var out = StandardOutput()
            let key = loaded.flagKey(r.flag) ?? r.flag
            let explanation = loaded.snapshot.explain(key, context: loaded.prepared(r.context, flag: key), default: r.default, as: r.type)
            out.writeLine(explanation.description)
            if let vendor = loaded.vendorResult(request: r.flag, explanation.detail, context: r.context) { out.writeLine(vendor.explainLine) }
            out.flush()
        } catch let failure as CommandFailure {
            StandardOutput.error("burgee explain: \(failure)")
            throw failure.exitCode
        }
    }
}
