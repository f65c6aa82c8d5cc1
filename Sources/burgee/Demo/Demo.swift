/// A demonstration that `burgee demo --format <name>` runs: a format's bundled definitions served
/// on loopback by the server `burgee serve` runs, a client of the format reading them, and a
/// change made in the file arriving. ``Demos/all`` lists them.
protocol Demo: Sendable {
    /// The name `--format` takes.
    static var name: String { get }
    /// What it shows, in a few words for `burgee demo --help`.
    static var summary: String { get }
    /// The bundled definitions it serves, which `--show-definitions` prints.
    static var definitions: String { get }
    /// The name of the file the definitions are written to, which the demonstration serves.
    static var fileName: String { get }

    init()

    /// Runs the demonstration on the file of its definitions, writing what it shows to `out`.
    func run(file: String, out: inout StandardOutput) async throws
}

extension Demo {
    /// Runs the demonstration: its definitions written to a file of their own, served, then removed.
    func run(out: inout StandardOutput) async throws {
        try await DemoSession.withFile(named: Self.fileName, contents: Self.definitions) { file in
            try await run(file: file, out: &out)
        }
    }
}
