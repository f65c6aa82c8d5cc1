import BurgeeCore

/// Totals of the tracking posts a server in Kameleoon mode accepted, as `GET /events/stats`
/// reports them: exact, posts dropped from the retained list included.
///
/// The counts by visitor hold one entry per visitor that ever sent an event, so they grow with
/// the number of distinct visitors a server sees, unlike the retained posts.
public struct KameleoonTrackingStats: Sendable, Hashable {
    /// Tracking posts accepted.
    public var posts: Int
    /// Their total size in bytes as received, before decoding.
    public var bytes: Int
    /// Events by `eventType` (`experiment`, `conversion`, `customData`, …).
    public var events: [String: Int]
    /// Events by visitor (`visitorCode`, or `mappingValue`).
    public var visitors: [String: Int]

    /// Totals.
    public init(posts: Int = 0, bytes: Int = 0, events: [String: Int] = [:], visitors: [String: Int] = [:]) {
        self.posts = posts
        self.bytes = bytes
        self.events = events
        self.visitors = visitors
    }

    /// `{"posts": N, "events": {"experiment": N, …}, "visitors": N}`, `visitors` counting distinct visitors.
    var json: JSONValue {
        ["posts": .number(Double(posts)), "events": .object(events.mapValues { .number(Double($0)) }),
         "visitors": .number(Double(visitors.count))]
    }
}
