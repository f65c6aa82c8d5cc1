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

    init()

    /// Runs the demonstration, writing what it shows to `out`.
    func run(out: inout StandardOutput) async throws
}
