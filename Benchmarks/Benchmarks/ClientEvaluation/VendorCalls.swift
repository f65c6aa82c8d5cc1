import Benchmark
import Burgee
import BurgeeCore
import BurgeeDatadog
import EvaluationScenarios
import Logging

// The vendors' own calls on a client, for a context the application already holds: Datadog's
// `stringValue` for a `DatadogEvaluationContext`, with the exposure its tracers log (one subject:
// every call after the first is a deduplicated exposure).
func vendorCallBenchmarks() {
    let datadogCases: [(name: String, flag: String)] = [
        ("DatadogClientStaticFlag", "dd-static"), ("DatadogClientRuleAndShardSplit", "dd-rule-shards"),
    ]
    for c in datadogCases {
        Benchmark(c.name) { benchmark in
            let client = await ClientScenarios.readyClient(.json(Scenarios.datadogClientDocument.serialized(), format: .datadog))
            let subject = DatadogEvaluationContext(targetingKey: Scenarios.datadogTargetingKey, attributes: Scenarios.datadogAttributes)
            blackHole(client.datadog.stringValue(key: c.flag, defaultValue: "control", context: subject))
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                blackHole(client.datadog.stringValue(key: c.flag, defaultValue: "control", context: subject))
            }
            benchmark.stopMeasurement()
            await client.close()
        }
    }
}
