import Burgee
import BurgeeCore
import BurgeeDatadog
import BurgeeServer
import Foundation

/// `burgee demo --format datadog`: the bundled flags configuration served as Datadog's CDN and
/// exposure intake serve it (`burgee serve --format datadog`), a client polling it as its
/// agentless base URL, `client.datadog`'s calls for sample subjects with Datadog's reasons and allocations, a flag
/// disabled in the file, and the exposures the server received through the Agent's EVP proxy,
/// deduplicated per flag and subject.
struct DatadogDemo: Demo {
    static let name = "datadog"
    static let summary = """
        Datadog's flags configuration served as its CDN serves it, Datadog's calls with reasons and allocations, \
        exposures deduplicated and sent through the Agent's EVP proxy
        """
    static var definitions: String { ExampleDatadogDefinitions.json }
    static let fileName = "ufc.json"

    static let changedFlag = "new-checkout"
    static let apiKey = "demo-api-key"

    func run(file: String, out: inout StandardOutput) async throws {
        let server = try await DemoSession.serve(file, format: .datadog, sdkKey: Self.apiKey)
        out.writeLine("Serving Datadog flags from \(file) at \(server.clientURL) (burgee serve --format datadog).")
        // The server is the CDN (agentless base URL) and, for exposures, the Agent's EVP proxy.
        let client = try BurgeeClient(configuration: .datadog(
            apiKey: Self.apiKey, env: "prod", service: "burgee-demo", configurationURL: server.clientURL,
            exposures: .agent(server.baseURL), pollInterval: .milliseconds(200), flushInterval: .seconds(3600),
            logger: DemoSession.quietLogger))
        try await DemoSession.run(client, server, awaiting: "the flags configuration") { events in
            try await demonstrate(client, events: events, server: server, file: file, out: &out)
        }
    }

    private func demonstrate(_ client: BurgeeClient, events: AsyncStream<ClientEvent>, server: RunningDefinitionsServer,
                             file: String, out: inout StandardOutput) async throws {
        out.writeLine("A client polls it as its agentless base URL: \(client.flagKeys().count) flags, status \(client.dataSourceStatus).\n")
        let subjects = ExampleDatadogDefinitions.subjects.map {
            ($0.label, DatadogEvaluationContext(targetingKey: $0.targetingKey, attributes: $0.attributes))
        }
        for (label, subject) in subjects {
            out.writeLine("\(label): targetingKey \(subject.targetingKey ?? "-"), attributes \(JSONValue.object(subject.attributes).serialized())")
            show(client.datadog.booleanDetails(key: "new-checkout", defaultValue: false, context: subject), &out)
            show(client.datadog.stringDetails(key: "banner-text", defaultValue: "", context: subject), &out)
            show(client.datadog.integerDetails(key: "max-items", defaultValue: 0, context: subject), &out)
            show(client.datadog.objectDetails(key: "theme", defaultValue: .null, context: subject), &out)
            out.writeLine("")
        }
        // The same calls again: the exposures are the same, and Datadog's rule sends each once.
        for (_, subject) in subjects {
            _ = client.datadog.booleanValue(key: "new-checkout", defaultValue: false, context: subject)
            _ = client.datadog.objectValue(key: "theme", defaultValue: .null, context: subject)
        }
        let mismatch = client.datadog.stringDetails(key: "max-items", defaultValue: "none", context: subjects[0].1)
        out.writeLine("stringValue of the INTEGER flag max-items: \(mismatch.value) (\(mismatch.reason), \(mismatch.error?.code ?? "-"))\n")

        out.writeLine("Disabling '\(Self.changedFlag)' in \(file)…")
        out.flush()
        try Data(Self.withFlagDisabled(ExampleDatadogDefinitions.json, Self.changedFlag).utf8)
            .write(to: URL(fileURLWithPath: file), options: .atomic)
        guard let update = await DemoSession.nextUpdate(events, within: .seconds(5)) else {
            throw DemoFailure("no update arrived within 5 s (status: \(client.dataSourceStatus))")
        }
        out.writeLine("Update event: changed flags \(update.changedFlags)")
        show(client.datadog.booleanDetails(key: Self.changedFlag, defaultValue: false, context: subjects[0].1), &out)

        await client.flush()
        let stats = server.server.datadogExposureStats
        let flags = stats.flags.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", ")
        out.writeLine("\nThe server received \(stats.posts) exposure post\(stats.posts == 1 ? "" : "s") "
                      + "(POST /evp_proxy/v2/api/v2/exposures) with \(stats.exposures) exposures: \(flags); "
                      + "only allocations with doLog, each (flag, subject) once.")
    }

    private func show<T>(_ details: DatadogFlagDetails<T>, _ out: inout StandardOutput) {
        let value = (details.value as? JSONValue)?.serialized() ?? "\(details.value)"
        let pad = String(repeating: " ", count: max(0, 13 - details.key.count))
        out.writeLine("  \(details.key)\(pad) \(value)  variant \(details.variant ?? "-"), \(details.reason), "
                      + "allocation \(details.allocationKey ?? "-")")
    }

    /// `json` with flag `key` disabled.
    static func withFlagDisabled(_ json: String, _ key: String) throws -> String {
        guard case .object(var document) = try JSONValue(parsing: json), case .object(var flags)? = document["flags"],
              case .object(var flag)? = flags[key] else {
            throw DemoFailure("the bundled configuration has no '\(key)'")
        }
        flag["enabled"] = false
        flags[key] = .object(flag)
        document["flags"] = .object(flags)
        return JSONValue.object(document).serialized()
    }
}
