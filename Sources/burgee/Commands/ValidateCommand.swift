import ArgumentParser
import BurgeeCore

/// `burgee validate`: every problem with its JSON path; exit 1 if there is any.
struct ValidateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Report every problem in a definitions file, per flag and segment, with its JSON path.",
        discussion: """
            Exits 0 when there is no problem, 1 when there is any (errors or warnings) or the file cannot be read, \
            3 when the format's own SDKs refuse the whole document.

            \(FormatHelp.formatSentence("validated", undetectable: "exits 1 with the formats it could be"))

            \(FormatHelp.validation)
            """
    )

    @Argument(help: "The definitions file (JSON, see --format), or - for standard input.")
    var file: String

    @OptionGroup var formatOptions: FormatOptions

    func run() throws {
        let loaded: LoadedDefinitions
        do { loaded = try DefinitionsLoader.load(file, format: formatOptions.definitionsFormat) } catch let failure as CommandFailure {
            StandardOutput.error("burgee validate: \(failure)")
            throw failure.exitCode
        }
        let snapshot = loaded.snapshot
        let problems = loaded.problems
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
