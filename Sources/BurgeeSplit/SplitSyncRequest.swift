import Burgee

/// What the Split sync loop is asked to do, by its own timers and by the streaming task: the one
/// input of the loop that owns the synced state, so polling and push never fetch at once.
enum SplitSyncRequest: Sendable {
    /// A timer the loop set (a poll, or a retry after a failure); stale when a newer one was set.
    case timer(generation: Int)
    /// A notification from Split's streaming service.
    case notification(SplitNotification)
    /// The stream's state changed.
    case streaming(SplitStreamingState)
    /// The auth service refused the SDK key (401, 403): the whole source stops.
    case refused(DataSourceError)
}

/// Whether push notifications can arrive, as the streaming task sees it.
enum SplitStreamingState: Sendable, Equatable {
    /// Connected, with publishers and streaming enabled: polling stops (after one full sync).
    case up
    /// Connecting, reconnecting, paused or without publishers: polling runs.
    case down
    /// Push is not offered or was disabled: polling runs from now on.
    case off
}

/// A change Split's streaming service announces; the loop fetches what it names when it is newer
/// than what it holds, or applies the item it carries when it follows on from what it holds.
enum SplitNotification: Sendable, Equatable {
    /// `SPLIT_UPDATE`: flags changed up to `changeNumber`, from `previous` (`pcn`), carrying the
    /// changed flag when Split's service sent it (`c` and `d`).
    case flagsUpdated(changeNumber: Int64, previous: Int64? = nil, item: SplitPushedItem? = nil)
    /// `RB_SEGMENT_UPDATE`: rule-based segments changed up to `changeNumber`, likewise.
    case ruleBasedSegmentsUpdated(changeNumber: Int64, previous: Int64? = nil, item: SplitPushedItem? = nil)
    /// `SPLIT_KILL`: a flag was killed; applied at once, then fetched.
    case flagKilled(name: String, defaultTreatment: String, changeNumber: Int64)
    /// `SEGMENT_UPDATE`: a segment's keys changed up to `changeNumber`.
    case segmentUpdated(name: String, changeNumber: Int64)
}
