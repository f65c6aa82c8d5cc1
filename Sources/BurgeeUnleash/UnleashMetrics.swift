import Burgee
import BurgeeCore

/// Unleash usage metrics (`POST /api/client/metrics`) built from a batch's summary: the same
/// counters that summary events report, not a second count.
///
/// Each flag's evaluations count as `yes` when they served an enabled variation (any but the
/// feature's "off" variation, index 0) and as `no` otherwise (off, unknown flag, error); those
/// that served one of the feature's variants are also counted under the variant's name. Every
/// evaluation computes the variant, so `unleash.isEnabled` and `unleash.variant` calls count alike.
enum UnleashMetrics {
    /// The metrics body for `batch`, or `nil` when the batch holds no summary with counts.
    static func body(_ batch: EventBatch, connection: UnleashConnection) -> JSONValue? {
        var start = Int64.max
        var stop = Int64.min
        var toggles: [String: (yes: Int, no: Int, variants: [String: Int])] = [:]
        for event in batch.events {
            guard case .summary(let summary) = event else { continue }
            start = min(start, summary.startTimestamp)
            stop = max(stop, summary.endTimestamp)
            for (flag, counters) in summary.flags {
                var toggle = toggles[flag] ?? (0, 0, [:])
                for counter in counters {
                    guard let index = counter.variationIndex, index > 0 else {
                        toggle.no += counter.count
                        continue
                    }
                    toggle.yes += counter.count
                    if index >= UnleashVariations.firstVariant, let name = counter.variationKey {
                        toggle.variants[name, default: 0] += counter.count
                    }
                }
                toggles[flag] = toggle
            }
        }
        guard !toggles.isEmpty else { return nil }
        var body = UnleashIdentity.bodyFields(connection)
        body["bucket"] = .object([
            "start": .string(UnleashIdentity.timestamp(millisecondsSinceEpoch: start)),
            "stop": .string(UnleashIdentity.timestamp(millisecondsSinceEpoch: stop)),
            "toggles": .object(toggles.mapValues { toggle in
                .object([
                    "yes": .number(Double(toggle.yes)),
                    "no": .number(Double(toggle.no)),
                    "variants": .object(toggle.variants.mapValues { .number(Double($0)) }),
                ])
            }),
        ])
        return .object(body)
    }
}

/// How an Unleash feature's variations are laid out in the program: 0 off, 1 on without a
/// variant, then the variants.
enum UnleashVariations {
    static let firstVariant = 2
}
