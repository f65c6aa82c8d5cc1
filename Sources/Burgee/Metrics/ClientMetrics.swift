import BurgeeCore
import Metrics

/// The client's swift-metrics. Evaluations are counted by the snapshot cell's exit counters (one
/// atomic increment each, no metrics call); ``flush(_:)`` moves the new counts to the counters.
package final class ClientMetrics: Sendable {
    /// Exit slots 1...6 of the snapshot cell, in this order.
    package static let reasonKinds: [EvaluationReason.Kind] = [.off, .targetMatch, .ruleMatch, .prerequisiteFailed, .fallthrough, .error]

    @inline(__always)
    package static func slot(_ kind: EvaluationReason.Kind) -> Int {
        switch kind {
        case .off: 1
        case .targetMatch: 2
        case .ruleMatch: 3
        case .prerequisiteFailed: 4
        case .fallthrough: 5
        case .error: 6
        }
    }

    private let evaluations: [Counter]
    package let updates: Counter
    package let rejectedUpdates: Counter
    package let flags: Gauge
    private let reported = Locked([Int](repeating: 0, count: 7))

    package init(factory: any MetricsFactory) {
        evaluations = Self.reasonKinds.map {
            Counter(label: "burgee_evaluations_total", dimensions: [("reason", $0.rawValue)], factory: factory)
        }
        updates = Counter(label: "burgee_updates_total", factory: factory)
        rejectedUpdates = Counter(label: "burgee_rejected_updates_total", factory: factory)
        flags = Gauge(label: "burgee_flags", factory: factory)
    }

    /// Adds the evaluations counted since the last flush.
    package func flush(_ counts: [Int]) {
        let deltas = reported.withLock { last in
            defer { last = counts }
            return (1...6).map { counts[$0] &- last[$0] }
        }
        for (i, delta) in deltas.enumerated() where delta > 0 { evaluations[i].increment(by: Int64(delta)) }
    }
}
