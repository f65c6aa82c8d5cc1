import BurgeeCore
import Synchronization

/// The registration and metrics bodies posted to a server in Unleash mode, kept in memory.
final class UnleashInbox: Sendable {
    /// What an Unleash client reports.
    enum Kind: Sendable {
        case registration
        case metrics
    }

    private struct State {
        var registrations: [JSONValue] = []
        var metrics: [JSONValue] = []
        var toggleCounts: [String: UnleashToggleCounts] = [:]
    }

    private let state = Mutex(State())

    func store(_ body: JSONValue, as kind: Kind) {
        state.withLock { s in
            switch kind {
            case .registration:
                s.registrations.append(body)
            case .metrics:
                s.metrics.append(body)
                let toggles = body.objectValue?["bucket"]?.objectValue?["toggles"]?.objectValue ?? [:]
                for (name, toggle) in toggles {
                    let members = toggle.objectValue ?? [:]
                    var counts = s.toggleCounts[name] ?? UnleashToggleCounts()
                    counts.yes += Self.count(members["yes"])
                    counts.no += Self.count(members["no"])
                    for (variant, n) in members["variants"]?.objectValue ?? [:] {
                        counts.variants[variant, default: 0] += Self.count(n)
                    }
                    s.toggleCounts[name] = counts
                }
            }
        }
    }

    var registrations: [JSONValue] { state.withLock { $0.registrations } }
    var metrics: [JSONValue] { state.withLock { $0.metrics } }
    var toggleCounts: [String: UnleashToggleCounts] { state.withLock { $0.toggleCounts } }

    private static func count(_ value: JSONValue?) -> Int {
        guard case .number(let n)? = value, n >= 0, n < 1e15, n.rounded() == n else { return 0 }
        return Int(n)
    }
}
