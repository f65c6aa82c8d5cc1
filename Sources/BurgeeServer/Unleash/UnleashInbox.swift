import BurgeeCore

/// The registration bodies posted to a server in Unleash mode (`/api/client/register`).
typealias UnleashRegistrationInbox = Inbox<UnleashRegistrations>

/// The metrics bodies posted to a server in Unleash mode (`/api/client/metrics`), and their toggle
/// counts summed exactly.
typealias UnleashMetricsInbox = Inbox<UnleashMetricsTally>

/// What an Unleash client reports.
enum UnleashReport: Sendable {
    case registration
    case metrics
}

/// Registrations are only counted (``Inbox/total``).
struct UnleashRegistrations: PostTally {
    mutating func add(_ post: JSONValue) {}
}

/// The `yes`, `no` and variant counts of every metrics body, summed per toggle.
struct UnleashMetricsTally: PostTally {
    var toggleCounts: [String: UnleashToggleCounts] = [:]

    mutating func add(_ post: JSONValue) {
        let toggles = post.objectValue?["bucket"]?.objectValue?["toggles"]?.objectValue ?? [:]
        for (name, toggle) in toggles {
            let members = toggle.objectValue ?? [:]
            var counts = toggleCounts[name] ?? UnleashToggleCounts()
            counts.yes += Self.count(members["yes"])
            counts.no += Self.count(members["no"])
            for (variant, n) in members["variants"]?.objectValue ?? [:] {
                counts.variants[variant, default: 0] += Self.count(n)
            }
            toggleCounts[name] = counts
        }
    }

    private static func count(_ value: JSONValue?) -> Int {
        guard case .number(let number)? = value, case let n = number.doubleValue, n >= 0, n < 1e15, n.rounded() == n else { return 0 }
        return Int(n)
    }
}
