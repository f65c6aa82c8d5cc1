import Burgee
import BurgeeUnleash
import BurgeeServer
import Foundation
import Logging

/// `burgee demo --format unleash`: the bundled Unleash features served as Unleash's client API (as
/// Unleash Edge does offline), a client polling them with an API token, `isEnabled` and
/// `getVariant` for sample contexts, a toggle turned off in the file, and the usage metrics the
/// server received.
struct UnleashDemo: Demo {
    static let name = "unleash"
    static let summary = "Unleash features, polled, with usage metrics"
    static var definitions: String { ExampleUnleashFeatures.json }
    static let fileName = "features.json"

    static let changedFeature = "new-checkout"
    static let token = "demo-token"

    func run(file: String, out: inout StandardOutput) async throws {
        let server = try await DemoSession.serve(file, format: .unleash, sdkKey: Self.token)
        out.writeLine("Serving Unleash definitions from \(file) at \(server.clientURL) (burgee serve --format unleash).")

        let connection = UnleashConnection(url: server.clientURL, appName: "burgee-demo",
                                           refreshInterval: .milliseconds(200), metricsInterval: .milliseconds(500))
        let client = try BurgeeClient(configuration: .unleash(connection, apiToken: Self.token, logger: DemoSession.quietLogger))
        try await DemoSession.run(client, server, awaiting: "the features") { events in
            try await demonstrate(client, events: events, server: server, file: file, out: &out)
        }
    }

    private func demonstrate(_ client: BurgeeClient, events: AsyncStream<ClientEvent>, server: RunningDefinitionsServer,
                             file: String, out: inout StandardOutput) async throws {
        out.writeLine("A client polls them with an API token: \(client.flagKeys().count) toggles, status \(client.dataSourceStatus).\n")
        let contexts = try ExampleUnleashFeatures.contexts.map { ($0.label, $0.json, Context(unleashJSON: try JSONValue(parsing: $0.json))) }
        let width = client.flagKeys().map(\.count).max() ?? 0
        for (label, text, context) in contexts {
            out.writeLine("\(label): \(text)")
            for key in client.flagKeys() {
                let pad = String(repeating: " ", count: width - key.count)
                let variant = client.unleash.variant(key, context: context)
                out.writeLine("  \(key)\(pad)  isEnabled \(client.unleash.isEnabled(key, context: context))  variant \(variant.json.serialized())")
            }
            out.writeLine("")
        }

        out.writeLine("Turning '\(Self.changedFeature)' off in \(file)…")
        out.flush()
        try Data(Self.withFeatureDisabled(ExampleUnleashFeatures.json, Self.changedFeature).utf8)
            .write(to: URL(fileURLWithPath: file), options: .atomic)
        guard let update = await DemoSession.nextUpdate(events, within: .seconds(5)) else {
            throw DemoFailure("no update arrived within 5 s (status: \(client.dataSourceStatus))")
        }
        out.writeLine("Update event: changed toggles \(update.changedFlags)")
        for (label, _, context) in contexts {
            out.writeLine("  \(Self.changedFeature) for the \(label): \(client.unleash.isEnabled(Self.changedFeature, context: context))")
        }

        await client.flush()
        let counts = server.server.unleashToggleCounts
        out.writeLine("\nUsage metrics the server received (POST /api/client/metrics), from the client's summary counters:")
        for key in counts.keys.sorted() {
            let c = counts[key]!
            let variants = c.variants.isEmpty ? "" : "  variants \(c.variants.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))"
            out.writeLine("  \(key): yes \(c.yes), no \(c.no)\(variants)")
        }
        out.writeLine("Registrations received (POST /api/client/register): \(server.server.unleashRegistrations.count)")
    }

    /// `json` with feature `name` disabled.
    static func withFeatureDisabled(_ json: String, _ name: String) throws -> String {
        guard case .object(var document) = try JSONValue(parsing: json), case .array(var features)? = document["features"],
              let index = features.firstIndex(where: { $0.objectValue?["name"] == .string(name) }),
              case .object(var feature) = features[index] else {
            throw DemoFailure("the bundled features have no '\(name)'")
        }
        feature["enabled"] = false
        features[index] = .object(feature)
        document["features"] = .array(features)
        return JSONValue.object(document).serialized()
    }
}
