import ArgumentParser

/// The `burgee` command-line tool.
@main
struct BurgeeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "burgee",
        abstract: "Evaluate, explain, validate and serve Burgee feature-flag definitions.",
        subcommands: [EvalCommand.self, ExplainCommand.self, ValidateCommand.self, ServeCommand.self, DemoCommand.self, BenchCommand.self]
    )
}
