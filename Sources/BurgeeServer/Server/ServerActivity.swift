/// Running totals of what a ``DefinitionsServer`` received, or (from ``since(_:)``) the counts of
/// an interval; ``summary`` is the line `burgee serve` prints per interval.
public struct ServerActivity: Sendable, Hashable {
    /// Requests, whatever their answer.
    public var requests: Int
    /// `POST /events` bodies accepted (native).
    public var eventBatches: Int
    /// `POST /bulk` requests accepted (LaunchDarkly).
    public var launchDarklyBulk: Int
    /// `POST /diagnostic` requests accepted (LaunchDarkly).
    public var launchDarklyDiagnostic: Int
    /// LaunchDarkly events by `kind`.
    public var launchDarklyEventKinds: [String: Int]
    /// `POST /api/client/register` bodies accepted (Unleash).
    public var unleashRegistrations: Int
    /// `POST /api/client/metrics` bodies accepted (Unleash).
    public var unleashMetrics: Int
    /// The metrics' `yes` counts, summed over toggles.
    public var unleashYes: Int
    /// The metrics' `no` counts, summed over toggles.
    public var unleashNo: Int

    /// Totals.
    public init(requests: Int = 0, eventBatches: Int = 0, launchDarklyBulk: Int = 0, launchDarklyDiagnostic: Int = 0,
                launchDarklyEventKinds: [String: Int] = [:], unleashRegistrations: Int = 0, unleashMetrics: Int = 0,
                unleashYes: Int = 0, unleashNo: Int = 0) {
        self.requests = requests
        self.eventBatches = eventBatches
        self.launchDarklyBulk = launchDarklyBulk
        self.launchDarklyDiagnostic = launchDarklyDiagnostic
        self.launchDarklyEventKinds = launchDarklyEventKinds
        self.unleashRegistrations = unleashRegistrations
        self.unleashMetrics = unleashMetrics
        self.unleashYes = unleashYes
        self.unleashNo = unleashNo
    }

    /// What arrived after `earlier`, a reading of the same server's totals.
    public func since(_ earlier: ServerActivity) -> ServerActivity {
        var kinds = launchDarklyEventKinds
        for (kind, n) in earlier.launchDarklyEventKinds { kinds[kind, default: 0] -= n }
        return ServerActivity(
            requests: requests - earlier.requests, eventBatches: eventBatches - earlier.eventBatches,
            launchDarklyBulk: launchDarklyBulk - earlier.launchDarklyBulk,
            launchDarklyDiagnostic: launchDarklyDiagnostic - earlier.launchDarklyDiagnostic,
            launchDarklyEventKinds: kinds.filter { $0.value != 0 },
            unleashRegistrations: unleashRegistrations - earlier.unleashRegistrations,
            unleashMetrics: unleashMetrics - earlier.unleashMetrics,
            unleashYes: unleashYes - earlier.unleashYes, unleashNo: unleashNo - earlier.unleashNo
        )
    }

    /// Whether nothing arrived.
    public var isEmpty: Bool { self == ServerActivity() }

    /// One line: the request count (which may be 0 when a body is stored in the interval after its
    /// request began), then only what arrived, such as
    /// `7 requests; LaunchDarkly: 1 bulk post (custom 1, feature 2, index 1, summary 1), 1 diagnostic post (diagnostic-init 1)`.
    public var summary: String {
        var parts = [Self.counted(requests, "request")]
        if eventBatches > 0 { parts.append(Self.counted(eventBatches, "event batch", plural: "event batches")) }
        var launchDarkly: [String] = []
        let byKind = launchDarklyEventKinds.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        let kindList = byKind.map { "\($0.key.isEmpty ? "?" : $0.key) \($0.value)" }.joined(separator: ", ")
        if launchDarklyBulk > 0 { launchDarkly.append(Self.counted(launchDarklyBulk, "bulk post")) }
        if launchDarklyDiagnostic > 0 { launchDarkly.append(Self.counted(launchDarklyDiagnostic, "diagnostic post")) }
        if !launchDarkly.isEmpty {
            parts.append("LaunchDarkly: " + launchDarkly.joined(separator: ", ") + (kindList.isEmpty ? "" : " (events: \(kindList))"))
        }
        var unleash: [String] = []
        if unleashRegistrations > 0 { unleash.append(Self.counted(unleashRegistrations, "registration")) }
        if unleashMetrics > 0 {
            unleash.append(Self.counted(unleashMetrics, "metrics bucket") + " (yes \(unleashYes), no \(unleashNo))")
        }
        if !unleash.isEmpty { parts.append("Unleash: " + unleash.joined(separator: ", ")) }
        return parts.joined(separator: "; ")
    }

    private static func counted(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
