/// Whether notifications can arrive on an open stream, from its control and occupancy messages,
/// as Split's SDKs track it: a stream opens as up (publishers assumed on both control channels,
/// streaming enabled); it goes down when no control channel has publishers or streaming is
/// paused, back up when one has publishers and streaming is enabled, and off for good when
/// streaming is disabled. Messages older than the last of their kind are ignored.
struct SplitPushStatus {
    /// What a message changed.
    enum Transition: Equatable {
        case up
        case down
        case disabled
    }

    private var publishers: [String: Int] = ["control_pri": 2, "control_sec": 2]
    private var control: SplitPushEvent.Control = .enabled
    private var isUp = true
    private var lastControlTimestamp: Int64 = -1
    private var lastOccupancyTimestamp: Int64 = -1

    /// Reads an occupancy message; the transition it makes, if any.
    mutating func occupancy(channel: String, publishers count: Int, timestamp: Int64) -> Transition? {
        guard publishers[channel] != nil, timestamp >= lastOccupancyTimestamp else { return nil }
        lastOccupancyTimestamp = timestamp
        publishers[channel] = count
        return next()
    }

    /// Reads a control message; the transition it makes, if any.
    mutating func control(_ control: SplitPushEvent.Control, timestamp: Int64) -> Transition? {
        guard timestamp >= lastControlTimestamp else { return nil }
        lastControlTimestamp = timestamp
        self.control = control
        return next()
    }

    private mutating func next() -> Transition? {
        if control == .disabled { return .disabled }
        let hasPublishers = publishers.values.contains { $0 > 0 }
        if isUp, !hasPublishers || control == .paused {
            isUp = false
            return .down
        }
        if !isUp, hasPublishers, control == .enabled {
            isUp = true
            return .up
        }
        return nil
    }
}
