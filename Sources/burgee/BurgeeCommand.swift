import ArgumentParser

/// The `burgee` command-line tool.
@main
struct BurgeeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "burgee",
        abstract: "Evaluate, explain and validate Burgee feature-flag definitions.",
        subcommands: [EvalCommand.self, ExplainCommand.self, ValidateCommand.self, DemoCommand.self]
    )
}
