import Burgee
import BurgeeCore
import BurgeeDatadog
import BurgeeLaunchDarkly
import BurgeeSplit
import BurgeeUnleash
import EvaluationScenarios
import Foundation
import Logging
import Synchronization

/// Runs exactly `iterations` evaluations of one scenario, for `valgrind --tool=callgrind`
/// (see `Benchmarks/callgrind.sh`): the difference between two runs with different counts is the
/// cost of the evaluations alone, setup excluded.
///
///     EvaluationLoop <scenario> <iterations>
///     EvaluationLoop --list      the scenario names
///     EvaluationLoop --check     each scenario evaluated once: value and reason
///
/// The single-flag scenarios are those of the `CoreEvaluation` benchmarks (`Scenarios.singleFlag`),
/// evaluated the same way; one iteration of `AllFlags1000` evaluates every flag of the realistic
/// document once (`ClientAllFlags1000`: through `client.jsonVariation`, one call per flag); `ClientSimpleFlag` is `client.boolVariation` of the `SimpleFlag` scenario's flag,
/// `ClientSimpleFlagOneNoOpHook` the same through a client with one hook that does nothing, and
/// `ClientSimpleFlagSpanEventsOn` through a client with span events on (the bootstrapped no-op tracer),
/// `ClientSimpleFlagSummaryOnly` through a client recording events with exposures off (each
/// evaluation counted for the summary; nothing delivered while it runs), `ClientSimpleFlagLaunchDarklyEvents`
/// through a LaunchDarkly client sending LaunchDarkly's events (an untracked flag, a context
/// already seen: counted for the summary, its default and kinds noted, no event),
/// `ClientSimpleFlagLaunchDarklyFeatureEvent` the same flag with `trackEvents` (a feature event
/// queued each time) and `ClientSimpleFlagLaunchDarklyIndexEvent` the untracked flag for a context
/// not seen before each time (made before the loop: an index event queued each time);
/// the `Unleash…` scenarios (`Scenarios.unleash`) are cases of Unleash's client specification;
/// the `Split…`, `Kameleoon…` and `Datadog…` scenarios (`Scenarios.split`, `Scenarios.kameleoon`, `Scenarios.datadog`)
/// are evaluated as strings, as the benchmarks do; `ClientDatadog…` are the `Datadog…` scenarios
/// through `client.datadog.stringValue`, with the exposures Datadog's tracers log (deduplicated);
/// `ClientSplitRollout5050` is `SplitRollout5050` through `client.split.treatment` (its key and
/// attributes given per call, as Split's API takes them); `Client` + a single-flag scenario's name
/// (`ClientRollout5050`, …) is that scenario through `client.boolVariation`, `ClientPrepared` + its
/// name the same with the context prepared (`client.prepare`), and `ClientHandlePreparedSimpleFlag`
/// the simple flag through a handle with a prepared context.
@main
struct EvaluationLoop {
    static let allFlags = "AllFlags1000"
    static let clientAllFlags = "ClientAllFlags1000"
    static let clientSimpleFlag = "ClientSimpleFlag"
    static let clientOneNoOpHook = "ClientSimpleFlagOneNoOpHook"
    static let clientSpanEventsOn = "ClientSimpleFlagSpanEventsOn"
    static let clientSummaryOnly = "ClientSimpleFlagSummaryOnly"
    static let clientLaunchDarklyEvents = "ClientSimpleFlagLaunchDarklyEvents"
    static let clientLaunchDarklyFeatureEvent = "ClientSimpleFlagLaunchDarklyFeatureEvent"
    static let clientLaunchDarklyIndexEvent = "ClientSimpleFlagLaunchDarklyIndexEvent"
    static let clientHandle = "ClientHandleSimpleFlag"
    static let clientHandlePrepared = "ClientHandlePreparedSimpleFlag"
    static let clientSplit = "ClientSplitRollout5050"

    /// The Unleash scenarios through the client's `unleash.isEnabled` (`unleash.variant` for the
    /// variant): what an application calls, compared with Yggdrasil's calls (Benchmarks/Yggdrasil);
    /// the Datadog scenarios through `client.datadog.stringValue`.
    static let clientPrefix = "Client"
    /// A single-flag scenario through `client.boolVariation` with its context prepared (`client.prepare`).
    static let clientPreparedPrefix = "ClientPrepared"

    static var names: [String] {
        (Scenarios.singleFlag + Scenarios.unleash + Scenarios.split + Scenarios.kameleoon + Scenarios.datadog).map(\.name)
            + [allFlags, clientAllFlags, clientSimpleFlag, clientOneNoOpHook, clientSpanEventsOn, clientSummaryOnly, clientLaunchDarklyEvents,
               clientLaunchDarklyFeatureEvent, clientLaunchDarklyIndexEvent, clientHandle,
               clientHandlePrepared, clientSplit]
            + Scenarios.unleash.map { clientPrefix + $0.name }
            + Scenarios.unleash.map { clientPreparedPrefix + $0.name }
            + Scenarios.datadog.map { clientPrefix + $0.name }
            + Scenarios.clientGetter.map { clientPrefix + $0.name }
            + Scenarios.clientGetter.map { clientPreparedPrefix + $0.name }
    }

    // Synchronous: an async main parks the main thread in libdispatch, which valgrind 3.19 does not survive.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        switch arguments.first {
        case "--list":
            for name in names { print(name) }
        case "--check":
            for name in names { run(name, iterations: 0, show: true) }
        case let name? where arguments.count == 2 && names.contains(name):
            guard let iterations = Int(arguments[1]), iterations >= 0 else { usage() }
            run(name, iterations: iterations, show: false)
        default:
            usage()
        }
    }

    static func usage() -> Never {
        print("usage: EvaluationLoop <scenario> <iterations> | --list | --check\nscenarios: \(names.joined(separator: " "))")
        exit(64)
    }

    /// Sets the scenario up, evaluates once (shown with `show`), then runs `iterations` more.
    static func run(_ name: String, iterations: Int, show: Bool) {
        if let scenario = (Scenarios.singleFlag + Scenarios.unleash).first(where: { $0.name == name }) {
            let snapshot = scenario.snapshot()
            let context = scenario.context()
            let detail = snapshot.evaluate(scenario.flag, context: context, default: false, as: .boolean)
            if show { print("\(name): \(detail.value) \(detail.reason.kind.rawValue)") }
            evaluate(snapshot, scenario.flag, context, iterations)
        } else if let scenario = (Scenarios.split + Scenarios.kameleoon + Scenarios.datadog).first(where: { $0.name == name }) {
            let snapshot = scenario.snapshot()
            let context = scenario.context()
            let detail = snapshot.evaluate(scenario.flag, context: context, default: "control", as: .string)
            if show { print("\(name): \(detail.value) \(detail.reason.jsonText)") }
            evaluateString(snapshot, scenario.flag, context, iterations)
        } else if let scenario = Scenarios.unleash.first(where: { clientPrefix + $0.name == name || clientPreparedPrefix + $0.name == name }) {
            let client = readyClient(.json(Scenarios.unleashState(Scenarios.unleashFiles[scenario.name]!), format: .unleash))
            let context = name.hasPrefix(clientPreparedPrefix) ? client.prepare(scenario.context()) : scenario.context()
            if scenario.name == "UnleashVariantC" {
                if show { print("\(name): \(client.unleash.variant(scenario.flag, context: context).json.serialized())") }
                evaluateVariant(client, scenario.flag, context, iterations)
            } else {
                if show { print("\(name): \(client.unleash.isEnabled(scenario.flag, context: context))") }
                evaluateEnabled(client, scenario.flag, context, iterations)
            }
            blocking { await client.close() }
        } else if let scenario = Scenarios.datadog.first(where: { clientPrefix + $0.name == name }) {
            let client = readyClient(.json(Scenarios.datadogClientDocument.serialized(), format: .datadog))
            let subject = DatadogEvaluationContext(targetingKey: Scenarios.datadogTargetingKey, attributes: Scenarios.datadogAttributes)
            if show { print("\(name): \(client.datadog.stringDetails(key: scenario.flag, defaultValue: "control", context: subject))") }
            evaluateDatadog(client, scenario.flag, subject, iterations)
            blocking { await client.close() }
        } else if let scenario = Scenarios.clientGetter.first(where: { clientPreparedPrefix + $0.name == name }) {
            let source = Scenarios.source(of: scenario.snapshot())
            let client = readyClient(.json(source.bytes, format: source.format))
            let context = client.prepare(scenario.context())
            if show { print("\(name): \(client.boolVariation(scenario.flag, context: context, default: false))") }
            evaluate(client, scenario.flag, context, iterations)
            blocking { await client.close() }
        } else if let scenario = Scenarios.clientGetter.first(where: { clientPrefix + $0.name == name }) {
            let source = Scenarios.source(of: scenario.snapshot())
            let client = readyClient(.json(source.bytes, format: source.format))
            let context = scenario.context()
            if show { print("\(name): \(client.boolVariation(scenario.flag, context: context, default: false))") }
            evaluate(client, scenario.flag, context, iterations)
            blocking { await client.close() }
        } else if name == clientSplit {
            let client = readyClient(.json(Scenarios.splitDocument([Scenarios.splitRolloutFlag]).serialized(), format: .split))
            if show { print("\(name): \(client.split.treatment("split-rollout", key: Scenarios.splitKey, attributes: Scenarios.splitAttributes))") }
            evaluateSplit(client, "split-rollout", iterations)
            blocking { await client.close() }
        } else if name == allFlags {
            let snapshot = Scenarios.realistic
            let keys = snapshot.flagKeys
            let context = Scenarios.user
            let served = keys.count(where: { snapshot.evaluate($0, context: context).variationIndex != nil })
            if show { print("\(name): \(keys.count) flags, \(served) served a variation") }
            evaluateAll(snapshot, keys, context, iterations)
        } else if name == clientAllFlags {
            let source = Scenarios.source(of: Scenarios.realistic)
            let client = readyClient(.json(source.bytes, format: source.format))
            let keys = Scenarios.realistic.flagKeys
            let context = Scenarios.user
            let served = keys.count(where: { client.jsonVariation($0, context: context, default: .null) != .null })
            if show { print("\(name): \(keys.count) flags, \(served) served a value") }
            evaluateAll(client, keys, context, iterations)
            blocking { await client.close() }
        } else if name == clientLaunchDarklyEvents || name == clientLaunchDarklyFeatureEvent || name == clientLaunchDarklyIndexEvent {
            // LaunchDarkly's events on, delivered nowhere while the loop runs (an hour's interval,
            // a queue that holds every event the loop makes).
            var configuration = BurgeeClient.Configuration.launchDarkly(
                sdkKey: "sdk-key", events: LaunchDarklyEvents(eventsBaseURI: "http://127.0.0.1:9", capacity: 4 * iterations + 16,
                                                          flushInterval: .seconds(3600), contextKeysCapacity: 4 * iterations + 16,
                                                          diagnosticOptOut: true),
                logger: Logger(label: "evaluation-loop", factory: { _ in SwiftLogNoOpLogHandler() }))
            let document = name == clientLaunchDarklyFeatureEvent
                ? Scenarios.document(flags: ["simple": Scenarios.boolFlag(["trackEvents": true])]) : Scenarios.simpleDocument
            configuration.source = .bootstrap(.json(document.serialized()))
            let client = try! BurgeeClient(configuration: configuration)
            client.start()
            guard blocking({ await client.waitUntilReady(timeout: .seconds(30)) }) else { fatalError("client not ready") }
            let value = client.boolVariation("simple", context: Scenarios.user, default: false)
            if show { print("\(name): \(value)") }
            if name == clientLaunchDarklyIndexEvent {
                let contexts = (0..<iterations).map { Context(key: "user-\($0)", attributes: ["country": "FR"]) }
                evaluateEach(client, "simple", contexts)
            } else {
                evaluate(client, "simple", Scenarios.user, iterations)
            }
            blocking { await client.close() }
        } else {
            let client = readyClient(.json(Scenarios.simpleDocument.serialized()),
                                     hooks: name == clientOneNoOpHook ? [NoOpHook()] : [],
                                     openTelemetry: name == clientSpanEventsOn,
                                     events: name == clientSummaryOnly
                                         ? EventsConfiguration(destination: .custom { _ in }, exposures: .off, flushInterval: .seconds(3600))
                                         : nil)
            let context = Scenarios.user
            let value = client.boolVariation("simple", context: context, default: false)
            if show { print("\(name): \(value)") }
            if name == clientHandle {
                evaluateHandle(client.flag("simple", as: Bool.self, default: false), context, iterations)
            } else if name == clientHandlePrepared {
                evaluateHandle(client.flag("simple", as: Bool.self, default: false), client.prepare(context), iterations)
            } else {
                evaluate(client, "simple", context, iterations)
            }
            blocking { await client.close() }
        }
    }

    /// A client started on `payload`, once ready.
    static func readyClient(_ payload: DefinitionsPayload, hooks: [any Hook] = [], openTelemetry: Bool = false,
                            events: EventsConfiguration? = nil) -> BurgeeClient {
        var configuration = BurgeeClient.Configuration(
            source: .bootstrap(payload),
            logger: Logger(label: "evaluation-loop", factory: { _ in SwiftLogNoOpLogHandler() }),
            hooks: hooks, openTelemetry: openTelemetry)
        configuration.events = events
        let client = try! BurgeeClient(configuration: configuration)
        client.start()
        guard blocking({ await client.waitUntilReady(timeout: .seconds(30)) }) else { fatalError("client not ready") }
        return client
    }

    /// Runs `operation` on the concurrency runtime's threads and waits for its result.
    static func blocking<T: Sendable>(_ operation: @escaping @Sendable () async -> T) -> T {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<T?>(nil)
        Task.detached {
            let value = await operation()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }

    @inline(never)
    static func evaluate(_ snapshot: Snapshot, _ flag: String, _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(snapshot.evaluate(flag, context: context, default: false, as: .boolean))
        }
    }

    @inline(never)
    static func evaluateString(_ snapshot: Snapshot, _ flag: String, _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(snapshot.evaluate(flag, context: context, default: "control", as: .string))
        }
    }

    @inline(never)
    static func evaluateAll(_ snapshot: Snapshot, _ keys: [String], _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            for key in keys {
                opaqueUse(snapshot.evaluate(key, context: context))
            }
        }
    }

    @inline(never)
    static func evaluateAll(_ client: BurgeeClient, _ keys: [String], _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            for key in keys {
                opaqueUse(client.jsonVariation(key, context: context, default: .null))
            }
        }
    }

    @inline(never)
    static func evaluate(_ client: BurgeeClient, _ flag: String, _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(client.boolVariation(flag, context: context, default: false))
        }
    }

    /// One evaluation for each of `contexts`, in order.
    @inline(never)
    static func evaluateEach(_ client: BurgeeClient, _ flag: String, _ contexts: [Context]) {
        for context in contexts {
            opaqueUse(client.boolVariation(flag, context: context, default: false))
        }
    }

    @inline(never)
    static func evaluateEnabled(_ client: BurgeeClient, _ flag: String, _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(client.unleash.isEnabled(flag, context: context))
        }
    }

    @inline(never)
    static func evaluateVariant(_ client: BurgeeClient, _ flag: String, _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(client.unleash.variant(flag, context: context))
        }
    }

    @inline(never)
    static func evaluateDatadog(_ client: BurgeeClient, _ flag: String, _ subject: DatadogEvaluationContext, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(client.datadog.stringValue(key: flag, defaultValue: "control", context: subject))
        }
    }

    @inline(never)
    static func evaluateSplit(_ client: BurgeeClient, _ flag: String, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(client.split.treatment(flag, key: Scenarios.splitKey, attributes: Scenarios.splitAttributes))
        }
    }

    @inline(never)
    static func evaluateHandle(_ handle: BurgeeClient.FlagHandle<Bool>, _ context: Context, _ iterations: Int) {
        for _ in 0..<iterations {
            opaqueUse(handle.value(for: context))
        }
    }
}

/// A hook with no stage of its own.
struct NoOpHook: Hook {}
