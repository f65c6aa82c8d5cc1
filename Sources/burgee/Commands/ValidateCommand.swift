import ArgumentParser
import BurgeeCore

/// `burgee validate`: every problem with its JSON path; exit 1 if there is any.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Report every problem in a definitions file, per flag and segment, with its JSON path.",
        discussion: """
            Exits 0 when there is no problem, 1 when there is any (errors or warnings) or the file cannot be read.

            The format of the definitions is given with --format or told from the document's shape \
            (auto, the default); a document whose format cannot be told exits 1 with the formats it \
            could be. Native, Unleash and LaunchDarkly definitions can be validated by this version: a \
            document recognised as flagd definitions exits 1 with a message. For LaunchDarkly, what its \
            SDKs report as MALFORMED_FLAG only when an evaluation reaches it (a variation out of range, \
            an invalid attribute reference) and unbounded (big) segments are warnings. For Unleash, unknown \
            strategies and operators are warnings with their JSON path (they load and never pass).
            """
    )

    @Argument(help: "The definitions file (JSON, see --format), or - for standard input.")
    var file: String

    @OptionGroup var formatOptions: FormatOptions

    func run() throws {
        let loaded: LoadedDefinitions
        do { loaded = try DefinitionsLoader.load(file, format: formatOptions.definitionsFormat) } catch let failure as CommandFailure {
            StandardOutput.error("burgee validate: \(failure)")
            throw ExitCode.failure
        }
        let snapshot = loaded.snapshot
        // Unleash segments are inlined into strategies, and document-level problems (delta events)
        // belong to no flag: they come from the model.
        let unleashProblems = loaded.unleash.map { $0.problems + $0.segments.flatMap(\.problems) } ?? []
        let problems = unleashProblems + snapshot.problems
        var out = StandardOutput()
        for problem in problems { out.writeLine(problem.description) }
        let errors = problems.filter { $0.severity == .error }.count
        let malformedFlags = snapshot.flagKeys.filter { snapshot.isMalformed(flag: $0) }.count
        out.writeLine("\(snapshot.flagKeys.count) flags (\(malformedFlags) malformed), \(snapshot.segmentKeys.count) segments: "
                      + "\(errors) errors, \(problems.count - errors) warnings")
        out.flush()
        if !problems.isEmpty { throw ExitCode.failure }
    }
}
