/// Running totals of what a ``DefinitionsServer`` received, or (from ``since(_:)``) the counts of
/// an interval; ``summary`` is the line `burgee serve` prints per interval.
///
/// The served formats add their own counts, as properties declared beside their routes.
public struct ServerActivity: Sendable, Hashable {
    /// Requests, whatever their answer.
    public var requests: Int
    /// `POST /events` bodies accepted (native).
    public var eventBatches: Int
    /// The served formats' counts by name; a zero count is absent, so that equal counts compare equal.
    private var counts: [String: Int] = [:]

    /// Totals; a format's own counts are set through its properties.
    public init(requests: Int = 0, eventBatches: Int = 0) {
        self.requests = requests
        self.eventBatches = eventBatches
    }

    /// A served format's count named `name`, 0 when none.
    subscript(count name: String) -> Int {
        get { counts[name] ?? 0 }
        set { counts[name] = newValue == 0 ? nil : newValue }
    }

    /// The served formats' counts whose names start with `prefix`, by the rest of their names.
    subscript(countsPrefixed prefix: String) -> [String: Int] {
        get {
            var found: [String: Int] = [:]
            for (name, n) in counts where name.hasPrefix(prefix) { found[String(name.dropFirst(prefix.count))] = n }
            return found
        }
        set {
            for name in counts.keys where name.hasPrefix(prefix) { counts[name] = nil }
            for (name, n) in newValue where n != 0 { counts[prefix + name] = n }
        }
    }

    /// What arrived after `earlier`, a reading of the same server's totals.
    public func since(_ earlier: ServerActivity) -> ServerActivity {
        var interval = ServerActivity(requests: requests - earlier.requests, eventBatches: eventBatches - earlier.eventBatches)
        for name in Set(counts.keys).union(earlier.counts.keys) {
            interval[count: name] = self[count: name] - earlier[count: name]
        }
        return interval
    }

    /// Whether nothing arrived.
    public var isEmpty: Bool { self == ServerActivity() }

    /// One line: the request count (which may be 0 when a body is stored in the interval after its
    /// request began), then only what arrived, such as
    /// `7 requests; 2 event batches`, followed by the served format's own counts.
    public var summary: String {
        var parts = [Self.counted(requests, "request")]
        if eventBatches > 0 { parts.append(Self.counted(eventBatches, "event batch", plural: "event batches")) }
        for served in ServedFormats.all {
            if let part = served.summary(of: self) { parts.append(part) }
        }
        return parts.joined(separator: "; ")
    }

    /// `n` and `singular`, or `plural` (by default `singular` + `s`) unless `n` is 1.
    static func counted(_ n: Int, _ singular: String, plural: String? = nil) -> String {
        "\(n) " + (n == 1 ? singular : plural ?? singular + "s")
    }
}
