/// How many visitors a client keeps, and for how long an idle one is kept.
///
/// Kameleoon's server SDKs keep a visitor for a session (30 minutes since its last use by
/// default); Burgee does the same and also bounds the count, forgetting the least recently used
/// visitor when a new one would exceed it. A forgotten visitor starts again empty: its data,
/// consent and assignments are gone, as after Kameleoon's session expiry.
public struct KameleoonVisitorLimits: Sendable, Hashable {
    /// The most visitors kept at once (at least 16).
    public var maxVisitors: Int
    /// How long a visitor that nothing touched is kept (Kameleoon's `session_duration`).
    public var sessionDuration: Duration

    /// Limits; 100,000 visitors and 30 minutes by default.
    public init(maxVisitors: Int = 100_000, sessionDuration: Duration = .seconds(30 * 60)) {
        self.maxVisitors = maxVisitors
        self.sessionDuration = sessionDuration
    }
}
