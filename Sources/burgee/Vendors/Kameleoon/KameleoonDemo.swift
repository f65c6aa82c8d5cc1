import Burgee
import BurgeeCore
import BurgeeKameleoon
import BurgeeServer
import Foundation

/// `burgee demo --format kameleoon`: the bundled Kameleoon configuration served as Kameleoon's
/// services on loopback (configuration, real-time updates, OAuth, Data API), a client that
/// connects as Kameleoon's server SDKs do, Kameleoon's calls on stateful visitors
/// (`client.kameleoon`: data, consent, variations, a conversion, remote visitor data), a variable
/// changed in the file and the change arriving through the real-time stream, and the tracking the
/// server received.
struct KameleoonDemo: Demo {
    static let name = "kameleoon"
    static let summary = """
        a Kameleoon configuration from Kameleoon's services: stateful visitors with data and consent, real-time updates, \
        tracking with OAuth, remote visitor data
        """
    static var definitions: String { ExampleKameleoonDefinitions.json }
    static let fileName = "kameleoon.json"

    /// Any site code: the server serves its one document for all.
    static let siteCode = "demo"
    /// The client secret the server accepts at `POST /oauth/token`: with one, the Data API's
    /// routes want a token, so tracking and remote data go through OAuth as with Kameleoon.
    static let clientSecret = "demo-client-secret"
    /// The visitor the demo follows; its hash puts it in the experiment's `discount` variation,
    /// which stands out from the default `control`.
    static let visitor = "visitor-7"
    /// The flag whose variable the demo changes in the file.
    static let changedFlag = "ff_new_checkout"
    /// The new value of its `button` variable.
    static let changedButton = "blue"
    /// The goal of the conversion tracked.
    static let goalId = 42

    func run(file: String, out: inout StandardOutput) async throws {
        let server = try await DemoSession.serve(file, format: .kameleoon, sdkKey: Self.clientSecret) {
            $0.visitorData = [ExampleKameleoonDefinitions.knownVisitor: ExampleKameleoonDefinitions.knownVisitorData]
        }
        out.writeLine("Serving a Kameleoon configuration from \(file) as Kameleoon's services at \(server.clientURL) "
            + "(burgee serve --format kameleoon).")

        // One base URL stands for the configuration, events, Data API and OAuth domains. Polling is
        // hourly, so that only the real-time stream explains how fast the change below arrives;
        // tracking waits for the flush at the end, so that the server's counts are the whole demo's.
        let client = try BurgeeClient(configuration: .kameleoon(
            siteCode: Self.siteCode, environment: "production", clientID: "demo", clientSecret: Self.clientSecret,
            baseURL: server.clientURL, refreshInterval: .seconds(3600), trackingInterval: .seconds(3600),
            logger: DemoSession.quietLogger))
        try await DemoSession.run(client, server, awaiting: "the configuration") { events in
            try await demonstrate(client, events: events, server: server, file: file, out: &out)
        }
    }

    private func demonstrate(_ client: BurgeeClient, events: AsyncStream<ClientEvent>, server: RunningDefinitionsServer,
                             file: String, out: inout StandardOutput) async throws {
        out.writeLine("A client connects as Kameleoon's server SDKs do (GET /v3/\(Self.siteCode)?environment=production, "
            + "updates from /sse): \(client.flagKeys().count) flags, status \(client.dataSourceStatus).\n")
        let kameleoon = client.kameleoon
        let visitor = Self.visitor
        out.writeLine("\(visitor):")
        out.writeLine("  getVariation \(Self.changedFlag) without data: "
            + Self.describe(try kameleoon.getVariation(visitorCode: visitor, featureKey: Self.changedFlag)))
        try kameleoon.addData(visitorCode: visitor, .customData(index: 1, values: ["pro"]))
        let checkout = try kameleoon.getVariation(visitorCode: visitor, featureKey: Self.changedFlag)
        out.writeLine("  addData(.customData(index: 1, values: [\"pro\"])), getVariation \(Self.changedFlag): \(Self.describe(checkout))")
        out.writeLine("    variables: " + checkout.variables.keys.sorted().map { key in
            "\(key) = \(checkout.variables[key]!.value.serialized()) (\(checkout.variables[key]!.type))"
        }.joined(separator: ", "))
        // Consent is required, with partial blocking: a refusal keeps the visitor out of experiments.
        try kameleoon.setLegalConsent(visitorCode: visitor, consent: false)
        out.writeLine("  setLegalConsent(false), getVariation ff_pricing_test: "
            + Self.describe(try kameleoon.getVariation(visitorCode: visitor, featureKey: "ff_pricing_test"))
            + ", consent refused")
        try kameleoon.setLegalConsent(visitorCode: visitor, consent: true)
        out.writeLine("  setLegalConsent(true),  getVariation ff_pricing_test: "
            + Self.describe(try kameleoon.getVariation(visitorCode: visitor, featureKey: "ff_pricing_test")))
        let all = try kameleoon.getVariations(visitorCode: visitor)
        out.writeLine("  getVariations: " + all.keys.sorted().map { "\($0) \(all[$0]!.key)" }.joined(separator: ", ")
            + " (ff_pricing_survey targets visitors in the pricing test)")
        try kameleoon.trackConversion(visitorCode: visitor, goalId: Self.goalId, revenue: 49.9)
        out.writeLine("  trackConversion(goalId: \(Self.goalId), revenue: 49.9)\n")

        let known = ExampleKameleoonDefinitions.knownVisitor
        out.writeLine("\(known), known to the Data API (plan = pro in a previous visit):")
        out.writeLine("  getVariation \(Self.changedFlag): "
            + Self.describe(try kameleoon.getVariation(visitorCode: known, featureKey: Self.changedFlag)))
        try await kameleoon.getRemoteVisitorData(visitorCode: known)
        out.writeLine("  getRemoteVisitorData, getVariation \(Self.changedFlag): "
            + Self.describe(try kameleoon.getVariation(visitorCode: known, featureKey: Self.changedFlag)) + "\n")

        // The stream must be open, or the change would wait for the hourly poll.
        guard await DemoSession.eventually({ server.server.openStreams > 0 }) else {
            throw DemoFailure("the client did not open the real-time stream within 5 s")
        }
        out.writeLine("Changing \(Self.changedFlag)'s button to \"\(Self.changedButton)\" in \(file) (polling is hourly: only /sse can bring it now)…")
        out.flush()
        let started = ContinuousClock.now
        try Data(Self.withButton(ExampleKameleoonDefinitions.json, Self.changedButton).utf8)
            .write(to: URL(fileURLWithPath: file), options: .atomic)
        guard let update = await DemoSession.nextUpdate(events, within: .seconds(5)) else {
            throw DemoFailure("no update arrived within 5 s (status: \(client.dataSourceStatus))")
        }
        let elapsed = ContinuousClock.now - started
        // The fetch the stream's notification made, as the server logged it.
        let fetch = server.server.requestLog.last { $0.path == "/v3/\(Self.siteCode)" }
        out.writeLine("Update event after \(elapsed.formatted(.units(allowed: [.milliseconds], width: .abbreviated))) "
            + "(configuration-update-event on /sse, then GET \(fetch.map { "\($0.path)?\($0.query)" } ?? "?")): "
            + "changed flags \(update.changedFlags)")
        let button = try kameleoon.getFeatureVariable(visitorCode: visitor, featureKey: Self.changedFlag, variableName: "button")
        out.writeLine("  getFeatureVariable \(Self.changedFlag) button for \(visitor): \(button.serialized())\n")

        await kameleoon.flush()
        let stats = server.server.kameleoonTrackingStats
        out.writeLine("The server received \(stats.posts) tracking \(stats.posts == 1 ? "post" : "posts") "
            + "(POST /visit/events, authorized by POST /oauth/token): "
            + stats.events.keys.sorted().map { "\($0) \(stats.events[$0]!)" }.joined(separator: ", ")
            + " (one experiment event per visitor and experiment; the plan, added before consent, left once consent was given)")
    }

    /// `on, id 1003 (TARGETED_DELIVERY, experiment 1002)`, or `off (default variation)`: the
    /// default has no id, since no rule served it.
    static func describe(_ variation: BurgeeKameleoon.KameleoonVariation) -> String {
        guard let id = variation.id else { return variation.key + " (default variation)" }
        return "\(variation.key), id \(id) (\(variation.ruleType ?? "?"), experiment \(variation.experimentId.map(String.init) ?? "?"))"
    }

    /// `json` with the button of `ff_new_checkout`'s `on` variation set to `button`, and
    /// `dateModified` moved on, as Kameleoon moves it when a configuration is saved.
    static func withButton(_ json: String, _ button: String) throws -> String {
        guard case .object(var document) = try JSONValue(parsing: json), case .array(var flags)? = document["featureFlags"],
              let f = flags.firstIndex(where: { $0.objectValue?["featureKey"] == .string(changedFlag) }),
              case .object(var flag) = flags[f], case .array(var variations)? = flag["variations"],
              let v = variations.firstIndex(where: { $0.objectValue?["key"] == "on" }),
              case .object(var variation) = variations[v], case .array(var variables)? = variation["variables"],
              let b = variables.firstIndex(where: { $0.objectValue?["key"] == "button" }),
              case .object(var variable) = variables[b] else {
            throw DemoFailure("the bundled configuration has no button variable on \(changedFlag)'s 'on' variation")
        }
        variable["value"] = .string(button)
        variables[b] = .object(variable)
        variation["variables"] = .array(variables)
        variations[v] = .object(variation)
        flag["variations"] = .array(variations)
        flags[f] = .object(flag)
        document["featureFlags"] = .array(flags)
        document["dateModified"] = .number((document["dateModified"]?.numberValue ?? 0) + 60_000)
        return JSONValue.object(document).serialized()
    }
}
