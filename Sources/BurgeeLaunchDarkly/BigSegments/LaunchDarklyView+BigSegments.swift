import Burgee

extension LaunchDarklyView where Caller == BurgeeClient {
    /// The big segment store's status, as LaunchDarkly's `BigSegmentStoreStatusProvider.status`
    /// says it: `nil` for a client configured without big segments (``LaunchDarklyBigSegments``),
    /// unavailable before the store's first poll.
    public var bigSegmentStoreStatus: LaunchDarklyBigSegmentStoreStatus? {
        guard let manager = client.configuration[module: LaunchDarklyBigSegmentsManager.self] else { return nil }
        return manager.status ?? LaunchDarklyBigSegmentStoreStatus(available: false, stale: false)
    }

    /// Each change of the big segment store's status from now on, as LaunchDarkly's status
    /// listeners hear them (a poll that finds the same status says nothing); finished at once for a
    /// client configured without big segments.
    public func bigSegmentStoreStatusUpdates() -> AsyncStream<LaunchDarklyBigSegmentStoreStatus> {
        guard let manager = client.configuration[module: LaunchDarklyBigSegmentsManager.self] else {
            return AsyncStream { $0.finish() }
        }
        return manager.updates()
    }
}
