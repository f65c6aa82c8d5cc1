import ArgumentParser
import Burgee
import BurgeeServer
import Foundation
import Logging

/// `burgee demo`: serves the bundled example definitions on loopback, connects a client over
/// streaming, evaluates sample contexts, changes a flag on the server and shows the update arriving.
struct DemoCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Serve the bundled example definitions, stream them to a client, change a flag and watch the update arrive."
    )

    @Flag(name: .long, help: "Print the bundled definitions and exit.")
    var showDefinitions = false

    @Option(help: "The bundled definitions to demonstrate: native (Burgee's own, streamed), unleash (Unleash features, polled, with usage metrics), split (Split's flags from Split's SDK API with push, treatments and configurations, impressions and events) kameleoon (a Kameleoon configuration from Kameleoon's services: stateful visitors with data and consent, real-time updates, tracking with OAuth, remote visitor data) or datadog (Datadog's flags configuration served as its CDN serves it, Datadog's calls with reasons and allocations, exposures deduplicated and sent through the Agent's EVP proxy).")
    var format: DemoFormat = .native

    /// The demonstrations.
    enum DemoFormat: String, ExpressibleByArgument, CaseIterable {
        case native, unleash, split, kameleoon, datadog
    }

    /// The flag the demo changes on the server.
    static let changedFlag = "new-checkout"

    func run() async throws {
        var out = StandardOutput()
        defer { out.flush() }
        if showDefinitions {
            switch format {
            case .native: out.writeLine(ExampleDefinitions.json)
            case .unleash: out.writeLine(ExampleUnleashFeatures.json)
            case .split: out.writeLine(ExampleSplitDefinitions.json)
            case .kameleoon: out.writeLine(ExampleKameleoonDefinitions.json)
            case .datadog: out.writeLine(ExampleDatadogDefinitions.json)
            }
            return
        }
        switch format {
        case .unleash:
            try await UnleashDemo().run(out: &out)
            return
        case .split:
            try await SplitDemo().run(out: &out)
            return
        case .kameleoon:
            try await KameleoonDemo().run(out: &out)
            return
        case .datadog:
            try await DatadogDemo().run(out: &out)
            return
        case .native:
            break
        }
        try await DemoSession.withFile(named: "definitions.json", contents: ExampleDefinitions.json) { file in
            try await runNative(file: file, out: &out)
        }
    }

    private func runNative(file: String, out: inout StandardOutput) async throws {
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
        guard let update = await Self.nextUpdate(events, within: .seconds(5)) else {
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

    /// The first update of `events`, or `nil` after `timeout`.
    static func nextUpdate(_ events: AsyncStream<ClientEvent>, within timeout: Duration) async -> ClientEvent.DefinitionsUpdate? {
        await withTaskGroup(of: ClientEvent.DefinitionsUpdate?.self) { group in
            group.addTask {
                for await event in events { if case .updated(let update) = event { return update } }
                return nil
            }
            group.addTask {
                try? await Task.sleep(for: timeout)
                return nil
            }
            let first = await group.next() ?? nil
            group.cancelAll()
            return first
        }
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
