import Burgee
import BurgeeCore
import BurgeeUnleash
import Testing

/// Custom strategies registered as Swift code decide as Yggdrasil, Unleash's engine, feeds them in:
/// ANDed with their constraints, numbered per toggle, read by a parent through its child's results.
@Suite("Unleash custom strategies")
struct UnleashCustomStrategyTests {
    static let features = """
        {"version": 2, "features": [
          {"name": "regional", "enabled": true, "strategies": [
            {"name": "region", "parameters": {"regions": "eu,us"}}]},
          {"name": "constrained", "enabled": true, "strategies": [
            {"name": "region", "parameters": {"regions": "eu"},
             "constraints": [{"contextName": "environment", "operator": "IN", "values": ["production"]}]}]},
          {"name": "unregistered", "enabled": true, "strategies": [{"name": "mystery"}]},
          {"name": "second", "enabled": true, "strategies": [
            {"name": "mystery"}, {"name": "default", "constraints": [{"contextName": "userId", "operator": "IN", "values": ["nobody"]}]},
            {"name": "region", "parameters": {"regions": "eu"},
             "variants": [{"name": "eu-variant", "weight": 1000, "stickiness": "default"}]}]},
          {"name": "disabled", "enabled": false, "strategies": [{"name": "region", "parameters": {"regions": "eu"}}]},
          {"name": "parent", "enabled": true, "strategies": [{"name": "never"}]},
          {"name": "child", "enabled": true, "strategies": [{"name": "always"}], "dependencies": [{"feature": "parent"}]}
        ]}
        """

    /// The regions strategy: the context's `region` property is one of the comma-separated `regions`.
    static let region: UnleashCustomStrategy = { parameters, context in
        (parameters["regions"] ?? "").split(separator: ",").contains { $0 == context.properties["region"] ?? "" }
    }

    static func client(_ strategies: [String: UnleashCustomStrategy]) async throws -> BurgeeClient {
        try await ClientHarness.ready("") {
            $0.source = .bootstrap(.json(Self.features, format: .unleash))
            $0.unleash.customStrategies = strategies
        }
    }

    static func context(region: String?, environment: String? = nil, userId: String = "u-1") -> Context {
        UnleashContext(userId: userId, environment: environment, properties: region.map { ["region": $0] } ?? [:]).context
    }

    @Test("a registered strategy decides with its parameters and the context, ANDed with its constraints")
    func registeredStrategyDecides() async throws {
        let client = try await Self.client(["region": Self.region])
        #expect(client.unleash.isEnabled("regional", context: Self.context(region: "eu")))
        #expect(client.unleash.isEnabled("regional", context: Self.context(region: "us")))
        #expect(!client.unleash.isEnabled("regional", context: Self.context(region: "asia")))
        #expect(!client.unleash.isEnabled("regional", context: Self.context(region: nil)))
        #expect(client.unleash.isEnabled("constrained", context: Self.context(region: "eu", environment: "production")))
        #expect(!client.unleash.isEnabled("constrained", context: Self.context(region: "eu", environment: "staging")))
        #expect(!client.unleash.isEnabled("constrained", context: Self.context(region: "us", environment: "production")))
        // A name nobody registered never passes; neither does a strategy of a disabled toggle.
        #expect(!client.unleash.isEnabled("unregistered", context: Self.context(region: "eu")))
        #expect(!client.unleash.isEnabled("disabled", context: Self.context(region: "eu")))
        // The third strategy is the second custom one: its own variants when it passes.
        let variant = client.unleash.variant("second", context: Self.context(region: "eu"))
        #expect(variant.name == "eu-variant" && variant.enabled && variant.featureEnabled)
        #expect(!client.unleash.isEnabled("second", context: Self.context(region: "us")))
        // The typed getters and details read the same program.
        #expect(client.boolVariation("regional", context: Self.context(region: "eu"), default: false))
        #expect(client.boolVariationDetail("regional", context: Self.context(region: "asia"), default: true).reason.kind == .fallthrough)
        await client.close()
    }

    @Test("without registrations a custom strategy never passes, as before")
    func withoutRegistrations() async throws {
        let client = try await Self.client([:])
        #expect(!client.unleash.isEnabled("regional", context: Self.context(region: "eu")))
        #expect(!client.unleash.isEnabled("child", context: Self.context(region: "eu")))
        #expect(client.configuration.unleash.customStrategies.isEmpty)
        await client.close()
    }

    @Test("a strategy is asked when an evaluation reaches it, with Unleash's context and its parameters")
    func askedOncePerEvaluation() async throws {
        let calls = Locked<[String]>([])
        let client = try await Self.client(["region": { parameters, context in
            calls.withLock { $0.append("\(parameters["regions"] ?? "-") \(context.userId ?? "-") \(context.properties["region"] ?? "-")") }
            return true
        }])
        _ = client.unleash.isEnabled("regional", context: Self.context(region: "eu", userId: "u-7"))
        // variant evaluates once too; an override rule repeats the strategy's condition, not the call.
        _ = client.unleash.variant("second", context: Self.context(region: "eu", userId: "u-8"))
        _ = client.unleash.isEnabled("disabled", context: Self.context(region: "eu"))
        _ = client.unleash.isEnabled("unregistered", context: Self.context(region: "eu"))
        #expect(calls.withLock { $0 } == ["eu,us u-7 eu", "eu u-8 eu"])
        await client.close()
    }

    @Test("a parent evaluated as a dependency reads the child's custom strategies by position, as Yggdrasil feeds it")
    func parentReadsTheChildsResults() async throws {
        let client = try await Self.client(["always": { _, _ in true }, "never": { _, _ in false }])
        let context = Self.context(region: nil)
        // Alone, the parent's first custom strategy is its own `never`.
        #expect(!client.unleash.isEnabled("parent", context: context))
        // Through the child, position 1 is the child's `always`: the dependency holds.
        #expect(client.unleash.isEnabled("child", context: context))
        await client.close()
    }

    @Test("UnleashContext read back from a context: standard fields, then properties as text")
    func unleashContextFromContext() {
        let json: JSONValue = ["userId": "u-1", "sessionId": "s-1", "remoteAddress": "10.0.0.1", "environment": "production",
                               "appName": "web", "currentTime": "2026-01-01T00:00:00Z",
                               "properties": ["plan": "pro", "seats": 5, "beta": true, "tags": ["a"]]]
        let context = UnleashContext(Context(unleashJSON: json))
        #expect(context == UnleashContext(userId: "u-1", sessionId: "s-1", remoteAddress: "10.0.0.1", environment: "production",
                                          appName: "web", currentTime: "2026-01-01T00:00:00Z",
                                          properties: ["plan": "pro", "seats": "5", "beta": "true"]))
        #expect(UnleashContext(context.context) == context)
        let multi = Context(json: ["kind": "multi", "user": ["key": "k", "userId": "u-2"], "org": ["key": "o", "userId": "x"]])
        #expect(UnleashContext(multi).userId == "u-2")
    }
}
