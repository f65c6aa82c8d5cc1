import ArgumentParser
import Burgee
import BurgeeServer
import Foundation

/// `burgee demo` (`--format native`, the default): the bundled native definitions served as
/// `burgee serve` serves them, a client streaming them, evaluations of sample contexts, a flag
/// turned off in the file and the patch arriving, the trace of one evaluation, and the events the
/// server received.
struct NativeDemo: Demo {
    static let name = "native"
    static let summary = "Burgee's own, streamed"
    static var definitions: String { ExampleDefinitions.json }
    static let fileName = "definitions.json"

    /// The flag the demo changes on the server.
    static let changedFlag = "new-checkout"

    func run(file: String, out: inout StandardOutput) async throws {
        let server = try await DemoSession.serve(file)
        out.writeLine("Serving the bundled definitions from \(file) on \(server.baseURL) (burgee serve).")

        // Exposures (deduplicated) and custom events go to the same server's POST /events.
        let client = try BurgeeClient(configuration: .init(
            source: .streaming(server.baseURL + "/stream"),
            events: EventsConfiguration(endpoint: server.baseURL + "/events", exposures: .deduplicated),
            logger: DemoSession.quietLogger))
        try await DemoSession.run(client, server, awaiting: "the definitions") { events in
            try await demonstrate(client, events: events, file: file, out: &out)
            try await showEvents(client, server: server, out: &out)
        }
    }

    private func demonstrate(_ client: BurgeeClient, events: AsyncStream<ClientEvent>, file: String,
                             out: inout StandardOutput) async throws {
        let snapshot = try Snapshot(jsonBytes: Array(ExampleDefinitions.json.utf8))
        out.writeLine("A client streams them: \(client.flagKeys().count) flags, definitions version "
                      + "\(client.definitionsVersion ?? 0), \(snapshot.problems.count) problems, status \(client.dataSourceStatus).\n")
        let contexts = try Self.sampleContexts()
        let width = client.flagKeys().map(\.count).max() ?? 0
        for (label, text, context) in contexts {
            out.writeLine("\(label): \(text)")
            for key in client.flagKeys() {
                let detail = client.jsonVariationDetail(key, context: context, default: .null)
                let pad = String(repeating: " ", count: width - key.count)
                out.writeLine("  \(key)\(pad)  \(detail.value.serialized())  \(detail.reason.jsonText)")
            }
            out.writeLine("")
        }

        // Change one flag in the file: the server diffs it and streams a patch.
        out.writeLine("Turning '\(Self.changedFlag)' off in \(file)…")
        out.flush()
        let started = ContinuousClock.now
        try Data(Self.withFlagDisabled(ExampleDefinitions.json, Self.changedFlag).utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        guard let update = await DemoSession.nextUpdate(events, within: .seconds(5)) else {
            throw ValidationError("no update arrived within 5 s (status: \(client.dataSourceStatus))")
        }
        let elapsed = ContinuousClock.now - started
        out.writeLine("Update event after \(elapsed.formatted(.units(allowed: [.milliseconds], width: .abbreviated))): "
                      + "definitions version \(update.version), changed flags \(update.changedFlags), "
                      + "changed segments \(update.changedSegments)")
        for (label, _, context) in contexts {
            let detail = client.boolVariationDetail(Self.changedFlag, context: context, default: false)
            out.writeLine("  \(Self.changedFlag) for the \(label): \(detail.value)  \(detail.reason.jsonText)")
        }
        out.writeLine("")

        let (label, _, context) = contexts[0]
        out.writeLine("Why '\(Self.changedFlag)' served what it did before the change, for the \(label) (burgee explain):")
        out.writeLine(snapshot.explain(Self.changedFlag, context: context).description)
    }

    /// Tracks a conversion, delivers the events and shows what the server received.
    private func showEvents(_ client: BurgeeClient, server: RunningDefinitionsServer, out: inout StandardOutput) async throws {
        let (label, _, context) = try Self.sampleContexts()[0]
        client.track("checkout", context: context, value: 49.99, properties: ["items": 3])
        await client.flush()
        let received = try server.server.receivedEvents.flatMap { try EventBatch(jsonBytes: $0).events }
        let count = { (kind: String) in received.filter { $0.kind == kind }.count }
        out.writeLine("\nEvents delivered to POST /events: \(count("exposure")) exposures (one per context, flag, "
                      + "variation and version), \(count("custom")) custom event, \(count("summary")) summary "
                      + "(\(client.eventDiagnostics.droppedQueueFull) dropped). The \(label)'s checkout:")
        if let custom = received.last(where: { $0.kind == "custom" }) {
            out.writeLine("  \(custom.jsonText)")
        }
    }

    /// The bundled sample contexts: label, JSON text, context.
    private static func sampleContexts() throws -> [(label: String, json: String, context: Context)] {
        try ExampleDefinitions.contexts.map { ($0.label, $0.json, Context(json: try JSONValue(parsing: $0.json))) }
    }

    /// `json` with flag `key` disabled (the server bumps the versions).
    static func withFlagDisabled(_ json: String, _ key: String) throws -> String {
        guard case .object(var document) = try JSONValue(parsing: json),
              case .object(var flags)? = document["flags"], case .object(var flag)? = flags[key] else {
            throw ValidationError("the bundled definitions have no flag '\(key)'")
        }
        flag["enabled"] = false
        flags[key] = .object(flag)
        document["flags"] = .object(flags)
        return JSONValue.object(document).serialized()
    }
}
