import Benchmark
import Burgee
import BurgeeCore
import BurgeeUnleash
import Foundation
import Logging

// Unleash features through `BurgeeClient`, each the flag and context of a case of Unleash's client
// specification (read from ../shared beside the project; without it these benchmarks are not
// registered). The same cases measured through Yggdrasil, the engine of Unleash's other SDKs, are
// in docs/performance.md.
func unleashBenchmarks() {
    guard UnleashScenarios.available else {
        print("UnleashEvaluation: \(UnleashScenarios.folder.path) not found; no Unleash benchmarks")
        return
    }

    let enabledCases: [(name: String, file: String, flag: String, context: String)] = [
        ("UnleashDefaultStrategySmallContext", "01-simple-examples", "Feature.A", "{}"),
        ("UnleashDefaultStrategyFullContext", "01-simple-examples", "Feature.A",
         #"{"userId":"123","sessionId":"asd123","remoteAddress":"127.0.0.1","properties":{"customName":"customValue","anotherName":"anotherValue"}}"#),
        ("UnleashFlexibleRollout", "10-flexible-rollout-strategy", "Feature.flexibleRollout.10", #"{"userId":"174"}"#),
        ("UnleashStartsWith", "13-constraint-operators", "F1.startsWith", #"{"properties":{"customField":"some-string-is-cool"}}"#),
        ("UnleashSegmentAndSemver", "15-global-constraints", "F9.globalSegmentAndConstraint", #"{"properties":{"version":"1.2.2"}}"#),
        ("UnleashDependentFeature", "17-dependent-features", "parent.enabled.child.enabled", "{}"),
        ("UnleashUnknownFlag", "01-simple-examples", "No.Such.Feature", "{}"),
    ]
    for scenario in enabledCases {
        Benchmark(scenario.name) { benchmark in
            let client = await UnleashScenarios.readyClient(scenario.file)
            let context = UnleashScenarios.context(scenario.context)
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(client.unleash.isEnabled(scenario.flag, context: context))
            }
            benchmark.stopMeasurement()
            await client.close()
        }
    }

    Benchmark("UnleashVariant") { benchmark in
        let client = await UnleashScenarios.readyClient("08-variants")
        let context = UnleashScenarios.context(#"{"userId":"232"}"#)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(client.unleash.variant("Feature.Variants.C", context: context))
        }
        benchmark.stopMeasurement()
        await client.close()
    }

    let threadConfiguration = ThreadScenarios.configuration
    for threads in [1, 2] {
        let suffix = threads == 1 ? "1Thread" : "\(threads)Threads"
        Benchmark("UnleashFlexibleRollout\(suffix)", configuration: threadConfiguration) { benchmark in
            let client = await UnleashScenarios.readyClient("10-flexible-rollout-strategy")
            ThreadScenarios.measure(benchmark, threads: threads) { index in
                let context = UnleashScenarios.context(#"{"userId":"\#(174 + index)"}"#)
                for _ in 0..<ThreadScenarios.evaluationsPerThread {
                    blackHole(client.unleash.isEnabled("Feature.flexibleRollout.10", context: context))
                }
            }
            await client.close()
        }
    }
}

enum UnleashScenarios {
    /// `../shared/unleash-client-specification/specifications`, beside the project.
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/unleash-client-specification/specifications")

    static var available: Bool { FileManager.default.fileExists(atPath: folder.path) }

    /// The `state` (the features document) of a specification file.
    static func features(_ file: String) -> [UInt8] {
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(file + ".json").path)!
        let json = try! JSONValue(parsing: [UInt8](data))
        return Array(json.objectValue!["state"]!.serialized().utf8)
    }

    static func context(_ text: String) -> Context {
        Context(unleashJSON: try! JSONValue(parsing: text))
    }

    static func readyClient(_ file: String) async -> BurgeeClient {
        let client = try! BurgeeClient(configuration: .init(
            source: .bootstrap(.json(features(file), format: .unleash)),
            logger: Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })))
        client.start()
        guard await client.waitUntilReady(timeout: .seconds(30)) else { fatalError("client not ready") }
        return client
    }
}
