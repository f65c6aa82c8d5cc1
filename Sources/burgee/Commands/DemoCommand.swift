import ArgumentParser

/// `burgee demo`: serves bundled example definitions on loopback, connects a client, evaluates
/// sample contexts, changes a flag on the server and shows the update arriving; each format's
/// demonstration is one of ``Demos/all``.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Serve the bundled example definitions, stream them to a client, change a flag and watch the update arrive."
    )

    @Flag(name: .long, help: "Print the bundled definitions and exit.")
    var showDefinitions = false

    @Option(help: ArgumentHelp("The bundled definitions to demonstrate: " + DemoChoice.described + "."))
    var format: DemoChoice = .first

    func run() async throws {
        var out = StandardOutput()
        defer { out.flush() }
        if showDefinitions {
            out.writeLine(format.demo.definitions)
            return
        }
        try await format.demo.init().run(out: &out)
    }
}

/// A `--format` value of `burgee demo`: the name of one of ``Demos/all``.
struct DemoChoice: ExpressibleByArgument, CustomStringConvertible {
    /// The demonstration chosen.
    let demo: any Demo.Type

    /// The first demonstration listed, the default.
    static var first: DemoChoice { DemoChoice(demo: Demos.all[0]) }

    private init(demo: any Demo.Type) {
        self.demo = demo
    }

    /// A demonstration's name, exactly.
    init?(argument: String) {
        guard let demo = Demos.all.first(where: { $0.name == argument }) else { return nil }
        self.init(demo: demo)
    }

    /// The demonstrations' names.
    static var allValueStrings: [String] { Demos.all.map { $0.name } }

    /// Each demonstration's name and what it shows, as a list in a sentence.
    static var described: String {
        let items = Demos.all.map { "\($0.name) (\($0.summary))" }
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " or " + items[items.count - 1]
    }

    var description: String { demo.name }

    var defaultValueDescription: String { description }
}
