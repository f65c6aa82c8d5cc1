/// The state of the big segment store, as LaunchDarkly's `BigSegmentStoreStatus` says it:
/// `client.launchDarkly.bigSegmentStoreStatus`, and each change through
/// `client.launchDarkly.bigSegmentStoreStatusUpdates()`.
public struct LaunchDarklyBigSegmentStoreStatus: Sendable, Hashable, CustomStringConvertible {
    /// Whether the store answered its last poll: evaluations can read memberships.
    public var available: Bool
    /// Whether the store has not been synchronised within `staleAfter`, or never: memberships may
    /// be out of date (`bigSegmentsStatus: STALE`).
    public var stale: Bool

    /// A status.
    public init(available: Bool, stale: Bool) {
        self.available = available
        self.stale = stale
    }

    public var description: String { "available: \(available), stale: \(stale)" }
}
