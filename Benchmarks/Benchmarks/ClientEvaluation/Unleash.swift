import Benchmark
import Burgee
import BurgeeCore
import BurgeeUnleash
import EvaluationScenarios
import Logging

// Unleash features through `BurgeeClient`, each the flag and context of a case of Unleash's client
// specification (`Scenarios.unleash`, read from ../shared beside the project; without it these
// benchmarks are not registered). The same cases measured through Yggdrasil, the engine of
// Unleash's other SDKs, are in docs/performance.md.
func unleashBenchmarks() {
    guard !Scenarios.unleash.isEmpty else {
        print("UnleashEvaluation: Unleash's client specification not found; no Unleash benchmarks")
        return
    }
    // The benchmark names that differ from the scenarios' (the thresholds files and the Yggdrasil
    // harness use them).
    let benchmarkNames = ["UnleashDefaultStrategy": "UnleashDefaultStrategySmallContext", "UnleashVariantC": "UnleashVariant"]
    for scenario in Scenarios.unleash {
        let name = benchmarkNames[scenario.name] ?? scenario.name
        if scenario.name == "UnleashVariantC" {
            Benchmark(name) { await measure($0, scenario) { $0.unleash.variant($1, context: $2) } }
        } else {
            Benchmark(name) { await measure($0, scenario) { $0.unleash.isEnabled($1, context: $2) } }
        }
    }
    // The cases that read attributes, with the context prepared once (`client.prepare`).
    for scenario in Scenarios.unleash where ["UnleashSegmentAndSemver", "UnleashStartsWith"].contains(scenario.name) {
        let name = "UnleashPrepared" + scenario.name.dropFirst("Unleash".count)
        Benchmark(name) { await measure($0, scenario, prepared: true) { $0.unleash.isEnabled($1, context: $2) } }
    }

    let threadConfiguration = ThreadScenarios.configuration
    for threads in [1, 2] {
        let suffix = threads == 1 ? "1Thread" : "\(threads)Threads"
        Benchmark("UnleashFlexibleRollout\(suffix)", configuration: threadConfiguration) { benchmark in
            let client = await readyUnleashClient("UnleashFlexibleRollout")
            ThreadScenarios.measure(benchmark, threads: threads) { index in
                let context = Context(unleashJSON: ["userId": .string(String(174 + index))])
                for _ in 0..<ThreadScenarios.evaluationsPerThread {
                    blackHole(client.unleash.isEnabled("Feature.flexibleRollout.10", context: context))
                }
            }
            await client.close()
        }
    }
}

/// `call` of the scenario's toggle and context, on a client of its toggles.
@inline(__always)
private func measure<R>(_ benchmark: Benchmark, _ scenario: SingleFlagScenario, prepared: Bool = false,
                        _ call: (BurgeeClient, String, Context) -> R) async {
    let client = await readyUnleashClient(scenario.name)
    let context = prepared ? client.prepare(scenario.context()) : scenario.context()
    benchmark.startMeasurement()
    for _ in benchmark.scaledIterations {
        blackHole(call(client, scenario.flag, context))
    }
    benchmark.stopMeasurement()
    await client.close()
}

/// A client on the toggles of the Unleash scenario `name`'s specification file, once ready.
private func readyUnleashClient(_ name: String) async -> BurgeeClient {
    await ClientScenarios.readyClient(.json(Scenarios.unleashState(Scenarios.unleashFiles[name]!), format: .unleash))
}
