import Benchmark
import EvaluationScenarios
import Burgee
import BurgeeCore
import BurgeeLaunchDarkly
import BurgeeTesting
import Logging

// The client's typed getters against the core evaluation they wrap, in one run so that the
// difference is the client's cost: a lock-free state read, the reason count, the type check.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: .kilo(10),
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])]
    )

    Benchmark("CoreBoolSimpleFlag") { benchmark in
        let snapshot = ClientScenarios.snapshot
        let context = ClientScenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let detail = snapshot.evaluate("simple", context: context, default: .null, as: .boolean)
            blackHole(detail.variationIndex != nil ? detail.value.boolValue ?? false : false)
        }
    }

    Benchmark("ClientBoolSimpleFlag") { benchmark in
        await ClientScenarios.measureSimpleFlag(benchmark, await ClientScenarios.readyClient())
    }

    // The same flag through a handle (`client.flag(_:as:default:)`): no key lookup per call.
    Benchmark("ClientHandleSimpleFlag") { benchmark in
        let client = await ClientScenarios.readyClient()
        let handle = client.flag("simple", as: Bool.self, default: false)
        let context = ClientScenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(handle.value(for: context))
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    // The same through a handle with a prepared context (`client.prepare`).
    Benchmark("ClientHandlePreparedSimpleFlag") { benchmark in
        let client = await ClientScenarios.readyClient()
        let handle = client.flag("simple", as: Bool.self, default: false)
        let context = client.prepare(ClientScenarios.user)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(handle.value(for: context))
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    // Every flag of the realistic 1,000-flag document through `client.jsonVariation` (per pass):
    // `CoreEvaluation`'s `AllFlags1000` the way an application reads them.
    Benchmark("ClientAllFlags1000", configuration: .init(scalingFactor: .one, maxIterations: .kilo(2))) { benchmark in
        let source = Scenarios.source(of: Scenarios.realistic)
        let client = await ClientScenarios.readyClient(.json(source.bytes, format: source.format))
        let keys = Scenarios.realistic.flagKeys
        let context = Scenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for key in keys {
                blackHole(client.jsonVariation(key, context: context, default: .null))
            }
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    // The core scenarios (`CoreEvaluation`, measured there through `Snapshot.evaluate`, which
    // builds the detail) through the client's typed getter, which builds nothing.
    // `ClientPrepared…`: the same with the context prepared once (`client.prepare`).
    for scenario in Scenarios.clientGetter {
        for prepared in [false, true] {
            let prefix = prepared ? ClientScenarios.clientPreparedPrefix : ClientScenarios.clientPrefix
            Benchmark(prefix + scenario.name) { benchmark in
                let source = Scenarios.source(of: scenario.snapshot())
                let client = await ClientScenarios.readyClient(.json(source.bytes, format: source.format))
                let context = prepared ? client.prepare(scenario.context()) : scenario.context()
                let flag = scenario.flag
                benchmark.startMeasurement()
                for _ in benchmark.scaledIterations {
                    blackHole(client.boolVariation(flag, context: context, default: false))
                }
                benchmark.stopMeasurement()
                await client.close()
            }
        }
    }

    Benchmark("CoreStringSegmentRule") { benchmark in
        let snapshot = ClientScenarios.snapshot
        let context = ClientScenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let detail = snapshot.evaluate("layout", context: context, default: .null, as: .string)
            blackHole(detail.variationIndex != nil ? detail.value.stringValue ?? "" : "")
        }
    }

    Benchmark("ClientStringSegmentRule") { benchmark in
        let client = await ClientScenarios.readyClient()
        let context = ClientScenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(client.stringVariation("layout", context: context, default: ""))
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    // Events: the same evaluation with exposures deduplicated (one context: every evaluation after
    // the first is a table hit), with only summary counting, with 1,000 contexts rotating through
    // the table, and with every evaluation recorded (the queue fills, then drops; no delivery
    // runs during the measurement, so process-wide malloc counts are the evaluations' own).
    Benchmark("ClientBoolExposuresDeduplicated") { benchmark in
        try await ClientScenarios.measure(benchmark, exposures: .deduplicated, contexts: [ClientScenarios.user])
    }

    Benchmark("ClientBoolExposuresOffSummaryOnly") { benchmark in
        try await ClientScenarios.measure(benchmark, exposures: .off, contexts: [ClientScenarios.user])
    }

    // A LaunchDarkly client sending LaunchDarkly's events, for a context already seen and an
    // untracked flag: the evaluation only counts toward the summary (its default and kinds noted).
    // One client serves every sample: a client made per sample would still be starting (its first
    // index event processed) and the previous one closing (its last flush refused and retried)
    // while the next sample measures, and process-wide malloc counts would count their work.
    Benchmark("ClientBoolLaunchDarklyEventsSummaryOnly") { benchmark in
        let client = ClientScenarios.launchDarklyEventsClient
        _ = await client.waitUntilReady(timeout: .seconds(30))
        blackHole(client.boolVariation("simple", context: ClientScenarios.user, default: false))
        let context = ClientScenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(client.boolVariation("simple", context: context, default: false))
        }
        benchmark.stopMeasurement()
    }

    Benchmark("ClientBoolExposuresDeduplicated1000Contexts") { benchmark in
        try await ClientScenarios.measure(benchmark, exposures: .deduplicated, contexts: ClientScenarios.users)
    }

    Benchmark("ClientBoolExposuresAll") { benchmark in
        try await ClientScenarios.measure(benchmark, exposures: .all, contexts: [ClientScenarios.user])
    }

    Benchmark("ClientBoolVariationDetail") { benchmark in
        let client = await ClientScenarios.readyClient()
        let context = ClientScenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(client.boolVariationDetail("simple", context: context, default: false))
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    // Hooks: the same getter through a client with one hook that implements no stage (every
    // stage's default runs), against `ClientBoolSimpleFlag`, whose client has none.
    Benchmark("ClientBoolOneNoOpHook") { benchmark in
        await ClientScenarios.measureSimpleFlag(benchmark, await ClientScenarios.readyClient(hooks: [NoOpHook()]))
    }

    // Span events on, through the bootstrapped tracer (swift-distributed-tracing's no-op one, so
    // there is never an active span): what turning them on costs before any exporter's own work.
    Benchmark("ClientBoolSpanEventsOnNoSpan") { benchmark in
        await ClientScenarios.measureSimpleFlag(benchmark, await ClientScenarios.readyClient(openTelemetry: true))
    }

    threadBenchmarks()
    unleashBenchmarks()
    flagdBenchmarks()
    vendorCallBenchmarks()
}

/// A hook with no stage of its own.
struct NoOpHook: Hook {}

enum ClientScenarios {
    /// The name of a core scenario measured through the client.
    static let clientPrefix = "Client"
    static let clientPreparedPrefix = "ClientPrepared"

    static let json = #"""
    {
      "formatVersion": 1, "version": 1,
      "flags": {
        "simple": { "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "fallthrough": { "variation": "on" } },
        "layout": { "enabled": true, "type": "string",
          "variations": [ { "key": "list", "value": "list" }, { "key": "grid", "value": "grid" } ],
          "rules": [ { "id": "beta", "clauses": [ { "op": "segmentMatch", "values": ["beta"] } ], "variation": "grid" } ],
          "fallthrough": { "variation": "list" } },
        "rollout": { "enabled": true, "type": "boolean",
          "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
          "fallthrough": { "rollout": { "variations": [
            { "variation": "off", "weight": 50000 }, { "variation": "on", "weight": 50000 } ] } } }
      },
      "segments": {
        "beta": { "included": ["u-9"],
          "rules": [ { "clauses": [ { "attribute": "country", "op": "in", "values": ["FR", "DE"] } ] } ] }
      }
    }
    """#

    static let snapshot = try! Snapshot(jsonBytes: Array(json.utf8))

    static let user = Context(json: ["kind": "user", "key": "u-1", "country": "FR", "plan": "free"])

    /// A started LaunchDarkly client whose events go nowhere during a run (an hour's flush interval,
    /// no diagnostics); made once per process and never closed.
    static let launchDarklyEventsClient: BurgeeClient = {
        var configuration = BurgeeClient.Configuration.launchDarkly(
            sdkKey: "sdk-key", events: LaunchDarklyEvents(eventsBaseURI: "http://127.0.0.1:9", flushInterval: .seconds(3600),
                                                      diagnosticOptOut: true),
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }))
        configuration.source = .bootstrap(.json(json))
        let client = try! BurgeeClient(configuration: configuration)
        client.start()
        return client
    }()

    static let users = (0..<1000).map { Context(json: ["kind": "user", "key": .string("u-\($0)"), "country": "FR"]) }

    /// `simple` evaluated for `contexts` in turn, by a client recording events in `exposures` mode
    /// into a sink that is never reached during the measurement.
    static func measure(_ benchmark: Benchmark, exposures: EventsConfiguration.ExposureMode, contexts: [Context]) async throws {
        let events = EventsConfiguration(destination: .inMemory(InMemoryEventSink()), exposures: exposures,
                                         flushInterval: .seconds(3600), maxBatchSize: 1_000_000)
        let client = await readyClient(events: events)
        for context in contexts { blackHole(client.boolVariation("simple", context: context, default: false)) }
        var next = 0
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(client.boolVariation("simple", context: contexts[next], default: false))
            next = next + 1 == contexts.count ? 0 : next + 1
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    /// `boolVariation` of `simple` through `client`, which is closed afterwards.
    static func measureSimpleFlag(_ benchmark: Benchmark, _ client: BurgeeClient) async {
        let context = user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(client.boolVariation("simple", context: context, default: false))
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    static func readyClient(_ payload: DefinitionsPayload = .json(ClientScenarios.json), events: EventsConfiguration? = nil,
                            hooks: [any Hook] = [], openTelemetry: Bool = false) async -> BurgeeClient {
        let client = try! BurgeeClient(configuration: .init(
            source: .bootstrap(payload), events: events,
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() }), hooks: hooks,
            openTelemetry: openTelemetry))
        client.start()
        guard await client.waitUntilReady(timeout: .seconds(30)) else { fatalError("client not ready") }
        return client
    }
}
