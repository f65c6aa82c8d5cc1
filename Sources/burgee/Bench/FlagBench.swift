import Burgee
import BurgeeCore

/// Times one flag through a client's typed getter, in batches: each batch evaluates the flag for
/// the contexts in turn, and its time divided by its size is one sample of the cost per evaluation.
struct FlagBench {
    /// What one flag measured.
    struct Result {
        var key: String
        /// `bool`, `string`, `number` or `json`: the getter used.
        var getter: String
        var evaluations: Int
        var seconds: Double
        var p50Nanoseconds: Double
        var p99Nanoseconds: Double

        var evaluationsPerSecond: Double { seconds > 0 ? Double(evaluations) / seconds : 0 }
    }

    /// The getter a flag is timed with, from the type of the value it serves the first contexts.
    enum Getter: String {
        case bool, string, number, json

        init(serving value: JSONValue) {
            switch value {
            case .bool: self = .bool
            case .string: self = .string
            case .number: self = .number
            default: self = .json
            }
        }
    }

    let client: BurgeeClient
    let contexts: [Context]
    let batchSize: Int

    /// The flag's getter: the type of the first value served to one of the first contexts.
    static func getter(_ key: String, _ snapshot: Snapshot, _ contexts: [Context]) -> Getter {
        for context in contexts.prefix(32) {
            let detail = snapshot.evaluate(key, context: context)
            if detail.variationIndex != nil { return Getter(serving: detail.value) }
        }
        return .json
    }

    /// Evaluates `key` for about `duration`, in batches; at least 5 batches.
    func run(_ key: String, getter: Getter, for duration: Duration) -> Result {
        let clock = ContinuousClock()
        var samples: [Double] = []
        var evaluations = 0
        var elapsed = Duration.zero
        var next = 0
        var sink = 0
        while elapsed < duration || samples.count < 5 {
            let start = clock.now
            for _ in 0..<batchSize {
                let context = contexts[next]
                next = next + 1 == contexts.count ? 0 : next + 1
                sink &+= evaluate(key, getter, context)
            }
            let batch = clock.now - start
            elapsed += batch
            evaluations += batchSize
            samples.append(Self.nanoseconds(batch) / Double(batchSize))
        }
        blackHole(sink)
        samples.sort()
        return Result(key: key, getter: getter.rawValue, evaluations: evaluations, seconds: Self.nanoseconds(elapsed) / 1e9,
                      p50Nanoseconds: Self.percentile(samples, 0.50), p99Nanoseconds: Self.percentile(samples, 0.99))
    }

    /// One evaluation through the getter an application would call, folded into an integer so
    /// that the optimiser keeps it.
    @inline(__always)
    func evaluate(_ key: String, _ getter: Getter, _ context: Context) -> Int {
        switch getter {
        case .bool: client.boolVariation(key, context: context, default: false) ? 1 : 0
        case .string: client.stringVariation(key, context: context, default: "").utf8.count
        case .number: Int(client.doubleVariation(key, context: context, default: 0).sign == .minus ? 1 : 0)
        case .json: client.jsonVariation(key, context: context, default: .null).isNull ? 0 : 1
        }
    }

    static func nanoseconds(_ d: Duration) -> Double {
        let (seconds, attoseconds) = d.components
        return Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    }

    static func percentile(_ sorted: [Double], _ p: Double) -> Double {
        guard !sorted.isEmpty else { return 0 }
        return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
    }
}

/// Keeps `value` alive for the optimiser.
@inline(never)
func blackHole(_ value: Int) {
    if value == Int.min { print("") }
}
