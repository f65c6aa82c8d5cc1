import ArgumentParser
import BurgeeCore

/// `burgee explain`: the full evaluation trace.
struct ExplainCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "explain",
        abstract: "Show every step of an evaluation: prerequisites, targets, rules, clauses with the values seen, segments and buckets.",
        discussion: """
            The format of the definitions is given with --format or told from the document's shape \
            (auto, the default); every format that --format lists can be evaluated; a document whose \
            format cannot be told ends the command with exit status 1 and a message. For Unleash definitions the context is \
            in Unleash's shape, and the Unleash result (isEnabled, variant) follows the steps; for \
            LaunchDarkly definitions it is LaunchDarkly's (a pre-2022 user object included).
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
