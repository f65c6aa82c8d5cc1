import BurgeeCore

/// Totals of the posts a server in Split mode accepted, as `GET /events/stats` reports them:
/// exact, posts dropped from the retained list included.
public struct SplitPostStats: Sendable, Hashable {
    /// Posts by where they were sent.
    public var posts: [SplitPost.Kind: Int]
    /// Their total size in bytes as received, before decoding.
    public var bytes: Int
    /// Impressions by flag (`/testImpressions/bulk`).
    public var impressions: [String: Int]
    /// Impression counts (`rc`) summed by flag (`/testImpressions/count`).
    public var impressionCounts: [String: Int]
    /// Events by event type (`/events/bulk`).
    public var events: [String: Int]

    /// Nothing counted.
    init() {
        self.init(posts: [:])
    }

    /// Totals.
    public init(posts: [SplitPost.Kind: Int] = [:], bytes: Int = 0, impressions: [String: Int] = [:],
                impressionCounts: [String: Int] = [:], events: [String: Int] = [:]) {
        self.posts = posts
        self.bytes = bytes
        self.impressions = impressions
        self.impressionCounts = impressionCounts
        self.events = events
    }

    /// `{"requests","bytes","impressions":{"posts","total","flags"},"impressionCounts":{…},"events":{"posts","total","types"},"telemetry"}`.
    var json: JSONValue {
        func section(_ kind: SplitPost.Kind, _ counts: [String: Int], _ member: String) -> JSONValue {
            ["posts": .number(Double(posts[kind] ?? 0)), "total": .number(Double(counts.values.reduce(0, +))),
             member: .object(counts.mapValues { .number(Double($0)) })]
        }
        return [
            "requests": .number(Double(posts.values.reduce(0, +))), "bytes": .number(Double(bytes)),
            "impressions": section(.impressions, impressions, "flags"),
            "impressionCounts": section(.impressionCounts, impressionCounts, "flags"),
            "events": section(.events, events, "types"),
            "telemetry": .number(Double((posts[.telemetryConfig] ?? 0) + (posts[.telemetryUsage] ?? 0) + (posts[.uniqueKeys] ?? 0))),
        ]
    }
}
