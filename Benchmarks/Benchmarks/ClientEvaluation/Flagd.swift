import Benchmark
import BurgeeCore

// flagd flags evaluated by the core for an existing OpenFeature context: no targeting, an `if`
// chain of three branches on string and number attributes (lowered into rules), `fractional` over
// four variants (a value expression), and `sem_ver`.
func flagdBenchmarks() {
    let document = #"""
    {"flags":{
      "static":{"state":"ENABLED","variants":{"on":true,"off":false},"defaultVariant":"on"},
      "chain":{"state":"ENABLED","variants":{"gold":"G","silver":"S","bronze":"B","none":"N"},"defaultVariant":"none",
        "targeting":{"if":[{"==":[{"var":"plan"},"enterprise"]},"gold",
                           {">=":[{"var":"seats"},50]},"silver",
                           {"in":[{"var":"country"},["FR","DE","IT"]]},"bronze","none"]}},
      "fractional":{"state":"ENABLED","variants":{"a":"A","b":"B","c":"C","d":"D"},"defaultVariant":"a",
        "targeting":{"fractional":[["a",25],["b",25],["c",25],["d",25]]}},
      "semver":{"state":"ENABLED","variants":{"new":true,"old":false},"defaultVariant":"old",
        "targeting":{"if":[{"sem_ver":[{"var":"appVersion"},">=","2.1.0"]},"new","old"]}}
    }}
    """#
    let snapshot = try! Snapshot(flagdJSON: [JSONValue(parsing: Array(document.utf8))])
    let context = Context(flagdJSON: ["targetingKey": "user-42", "plan": "team", "seats": 12, "country": "DE",
                                      "appVersion": "2.3.1"])
    let cases: [(name: String, flag: String)] = [
        ("FlagdStatic", "static"), ("FlagdIfChain3", "chain"), ("FlagdFractional4", "fractional"), ("FlagdSemVer", "semver"),
    ]
    for c in cases {
        Benchmark(c.name) { benchmark in
            benchmark.startMeasurement()
            for _ in benchmark.scaledIterations {
                let detail = snapshot.evaluate(c.flag, context: context)
                blackHole(detail.variationIndex)
            }
        }
    }
}
