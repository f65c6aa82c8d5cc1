import Burgee
import BurgeeCore
import InMemoryTracing
import Testing
import Tracing

@Suite("OpenTelemetry span events")
struct SpanEventTests {
    static let definitions = Definitions.document(flags: [
        Definitions.boolFlag("on", true, version: 7, sets: ["web", "checkout"], extra: #", "metadata": {"owner": "p"}"#),
        """
        "split": { "version": 2, "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "fallthrough": { "rollout": { "variations": [ { "variation": "on", "weight": 100000 }, { "variation": "off", "weight": 0 } ] } } }
        """,
    ])

    /// The events that evaluations inside one span added to it.
    static func events(_ tracer: InMemoryTracer, _ body: () -> Void) -> [SpanEvent] {
        tracer.withSpan("request") { _ in body() }
        return tracer.finishedSpans.last?.events ?? []
    }

    static func client(_ tracer: InMemoryTracer?, hooks: [any Hook] = []) async throws -> BurgeeClient {
        try await ClientHarness.ready(definitions) {
            $0.openTelemetry = tracer != nil
            $0.tracer = tracer
            $0.hooks = hooks
        }
    }

    @Test("a served value: key, variant, lowercase reason, provider, context id, sets and version")
    func served() async throws {
        let tracer = InMemoryTracer()
        let client = try await Self.client(tracer)
        let events = Self.events(tracer) { _ = client.boolVariation("on", context: Context(key: "u-1"), default: false) }
        #expect(events.map(\.name) == ["feature_flag.evaluation"])
        #expect(events.first?.attributes == SpanAttributes([
            "feature_flag.key": .string("on"),
            "feature_flag.result.variant": .string("on"),
            "feature_flag.result.reason": .string("default"),
            "feature_flag.provider.name": .string("burgee"),
            "feature_flag.context.id": .string("u-1"),
            "feature_flag.set.id": .string("checkout,web"),
            "feature_flag.version": .string("7"),
        ]))
        await client.close()
    }

    @Test("a rollout's reason is split; a multi-context's id is kind:key of each kind, in kind order")
    func splitAndMultiContext() async throws {
        let tracer = InMemoryTracer()
        let client = try await Self.client(tracer)
        let context = Context.multi([Context(kind: "user", key: "u-1"), Context(kind: "org", key: "acme")])
        let events = Self.events(tracer) { _ = client.boolVariationDetail("split", context: context, default: false) }
        #expect(events.first?.attributes == SpanAttributes([
            "feature_flag.key": .string("split"),
            "feature_flag.result.variant": .string("on"),
            "feature_flag.result.reason": .string("split"),
            "feature_flag.provider.name": .string("burgee"),
            "feature_flag.context.id": .string("org:acme:user:u-1"),
            "feature_flag.version": .string("2"),
        ]))
        await client.close()
    }

    @Test("errors: reason error and error.type, the OpenFeature code in lowercase; no variant, version or set",
          arguments: [("missing", "flag_not_found"), ("on", "type_mismatch")])
    func errors(flag: String, type: String) async throws {
        let tracer = InMemoryTracer()
        let client = try await Self.client(tracer)
        let events = Self.events(tracer) { _ = client.stringVariation(flag, context: Context(key: "u-1"), default: "x") }
        var expected: [String: SpanAttribute] = [
            "feature_flag.key": .string(flag),
            "feature_flag.result.reason": .string("error"),
            "feature_flag.provider.name": .string("burgee"),
            "feature_flag.context.id": .string("u-1"),
            "error.type": .string(type),
        ]
        if flag == "on" {
            expected["feature_flag.set.id"] = .string("checkout,web")
            expected["feature_flag.version"] = .string("7")
        }
        #expect(events.first?.attributes == SpanAttributes(expected))
        await client.close()
    }

    @Test("an invalid context has no context id; a hook that throws is recorded as a general error")
    func invalidContextAndHookFailure() async throws {
        struct Failing: Hook {
            struct Failure: Error {}
            func before<Value: FlagValue>(_ hookContext: HookContext<Value>) throws -> Context? { throw Failure() }
        }
        let tracer = InMemoryTracer()
        let client = try await Self.client(tracer)
        let invalid = Self.events(tracer) { _ = client.boolVariation("on", context: Context(key: ""), default: false) }
        #expect(invalid.first?.attributes.get("feature_flag.context.id") == nil)
        #expect(invalid.first?.attributes.get("error.type") == .string("invalid_context"))
        let failed = Self.events(tracer) {
            _ = client.variation("on", context: Context(key: "u-1"), default: false, hooks: [Failing()])
        }
        #expect(failed.first?.attributes.get("error.type") == .string("general"))
        #expect(failed.first?.attributes.get("feature_flag.result.reason") == .string("error"))
        await client.close()
    }

    @Test("every typed getter and detail records one event; outside a span nothing is recorded and nothing fails")
    func everyGetter() async throws {
        let tracer = InMemoryTracer()
        let client = try await Self.client(tracer)
        let user = Context(key: "u-1")
        let events = Self.events(tracer) {
            _ = client.boolVariation("on", context: user, default: false)
            _ = client.stringVariation("on", context: user, default: "")
            _ = client.intVariation("on", context: user, default: 0)
            _ = client.doubleVariation("on", context: user, default: 0)
            _ = client.jsonVariation("on", context: user, default: .null)
            _ = client.boolVariationDetail("on", context: user, default: false)
            _ = client.bound(to: user).boolVariation("on", default: false)
        }
        #expect(events.count == 7)
        #expect(client.boolVariation("on", context: user, default: false) == true)
        #expect(tracer.activeSpans.isEmpty)
        await client.close()
    }

    @Test("off by default: no event even inside a span")
    func offByDefault() async throws {
        let tracer = InMemoryTracer()
        let client = try await Self.client(nil)
        let events = Self.events(tracer) { _ = client.boolVariation("on", context: Context(key: "u-1"), default: false) }
        #expect(events.isEmpty)
        #expect(!client.configuration.openTelemetry)
        await client.close()
    }
}
