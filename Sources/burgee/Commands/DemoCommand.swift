import ArgumentParser
import BurgeeCore

/// `burgee demo`: evaluates the bundled example definitions for sample contexts.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Evaluate the bundled example definitions (checkout, paywall, beta) for sample contexts."
    )

    @Flag(name: .long, help: "Print the bundled definitions and exit.")
    var showDefinitions = false

    func run() throws {
        var out = StandardOutput()
        defer { out.flush() }
        if showDefinitions {
            out.writeLine(ExampleDefinitions.json)
            return
        }
        let snapshot = try Snapshot(jsonBytes: Array(ExampleDefinitions.json.utf8))
        out.writeLine("Burgee demo: \(snapshot.flagKeys.count) flags and \(snapshot.segmentKeys.count) segment, "
                      + "definitions version \(snapshot.version), \(snapshot.problems.count) problems.\n")
        let width = snapshot.flagKeys.map(\.count).max() ?? 0
        for (label, text) in ExampleDefinitions.contexts {
            let context = Context(json: try JSONValue(parsing: text))
            out.writeLine("\(label): \(text)")
            for key in snapshot.flagKeys {
                let detail = snapshot.evaluate(key, context: context)
                let pad = String(repeating: " ", count: width - key.count)
                out.writeLine("  \(key)\(pad)  \(detail.value.serialized())  \(detail.reason.jsonText)")
            }
            out.writeLine("")
        }
        let (label, text) = ExampleDefinitions.contexts[0]
        out.writeLine("Why 'new-checkout' serves what it does for the \(label) (burgee explain):")
        let explanation = snapshot.explain("new-checkout", context: Context(json: try JSONValue(parsing: text)))
        out.writeLine(explanation.description)
    }
}
