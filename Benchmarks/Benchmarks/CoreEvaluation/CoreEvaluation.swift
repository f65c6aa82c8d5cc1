import Benchmark
import BurgeeCore
import EvaluationScenarios

// Malloc counts gate CI (their thresholds are exact); wall-clock time is reported, never gated.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .mallocCountTotal],
        scalingFactor: .kilo,
        maxDuration: .seconds(2),
        maxIterations: .kilo(10),
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: 0])]
    )

    for scenario in Scenarios.singleFlag {
        Benchmark(scenario.name) { benchmark in
            let snapshot = scenario.snapshot()
            let context = scenario.context()
            let flag = scenario.flag
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(snapshot.evaluate(flag, context: context, default: false, as: .boolean))
            }
        }
    }

    // Split's treatments, Kameleoon's variation keys and the Datadog scenarios' STRING flags are strings.
    for scenario in Scenarios.split + Scenarios.kameleoon + Scenarios.datadog {
        Benchmark(scenario.name) { benchmark in
            let snapshot = scenario.snapshot()
            let context = scenario.context()
            let flag = scenario.flag
            // A scenario measures a served treatment, never an error's short path.
            let first = snapshot.evaluate(flag, context: context, default: "control", as: .string)
            precondition(first.reason.kind != .error, "\(scenario.name): \(first.reason.jsonText)")
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(snapshot.evaluate(flag, context: context, default: "control", as: .string))
            }
        }
    }

    Benchmark("AllFlags1000", configuration: .init(scalingFactor: .one, maxIterations: .kilo(2))) { benchmark in
        let snapshot = Scenarios.realistic
        let keys = snapshot.flagKeys
        let context = Scenarios.user
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            for key in keys {
                blackHole(snapshot.evaluate(key, context: context))
            }
        }
    }

    Benchmark("Compile10000Flags", configuration: .init(
        metrics: [.wallClock, .mallocCountTotal, .peakMemoryResident], scalingFactor: .one,
        maxDuration: .seconds(10), maxIterations: 10,
        thresholds: [.mallocCountTotal: .init(relative: [.p90: 5])])
    ) { benchmark in
        let bytes = Scenarios.largeDocumentBytes
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(try! Snapshot(jsonBytes: bytes))
        }
    }
}
