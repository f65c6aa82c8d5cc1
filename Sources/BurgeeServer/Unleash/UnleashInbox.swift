import BurgeeCore

/// The most recent registration and metrics bodies posted to a server in Unleash mode (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords`` of each; older ones are dropped), kept in
/// memory, and the toggle counts of every metrics body, summed exactly.
final class UnleashInbox: FormatRecords.Record {
    /// What an Unleash client reports.
    enum Kind: Sendable {
        case registration
        case metrics
    }

    private struct State: Sendable {
        var registrations: RecentEntries<JSONValue>
        var metrics: RecentEntries<JSONValue>
        var toggleCounts: [String: UnleashToggleCounts] = [:]
    }

    private let state: Locked<State>

    /// An inbox keeping at most `capacity` bodies of each kind.
    init(capacity: Int) {
        state = Locked(State(registrations: RecentEntries(capacity: capacity), metrics: RecentEntries(capacity: capacity)))
    }

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

    /// The registrations kept, oldest first.
    var registrations: [JSONValue] { state.withLock { $0.registrations.elements } }
    /// The metrics bodies kept, oldest first.
    var metrics: [JSONValue] { state.withLock { $0.metrics.elements } }
    var toggleCounts: [String: UnleashToggleCounts] { state.withLock { $0.toggleCounts } }
    /// How many bodies of each kind were stored, dropped ones included.
    var totals: (registrations: Int, metrics: Int) {
        state.withLock { ($0.registrations.total, $0.metrics.total) }
    }

    private static func count(_ value: JSONValue?) -> Int {
        guard case .number(let number)? = value, case let n = number.doubleValue, n >= 0, n < 1e15, n.rounded() == n else { return 0 }
        return Int(n)
    }
}
