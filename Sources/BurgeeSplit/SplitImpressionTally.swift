/// What Split's SDKs count instead of sending: impressions per flag and clock hour
/// (`/testImpressions/count`) and, in mode NONE and for flags with `impressionsDisabled`, the
/// keys each flag was evaluated for (`/v1/keys/ss`). Taken whole at each post.
struct SplitImpressionTally {
    /// Split's SDKs' unique keys cache size: beyond it the keys are posted at once.
    static let uniqueKeysCapacity = 30_000
    static let hourMilliseconds: Int64 = 3_600_000

    struct HourlyCount: Hashable {
        let flag: String
        /// The hour's start, in milliseconds since the Unix epoch.
        let hour: Int64
    }

    private(set) var counts: [HourlyCount: Int] = [:]
    private(set) var uniqueKeys: [String: Set<String>] = [:]
    private(set) var uniqueKeyCount = 0

    /// The start of the clock hour of `time` (milliseconds since the Unix epoch).
    static func hour(of time: Int64) -> Int64 {
        time - ((time % hourMilliseconds) + hourMilliseconds) % hourMilliseconds
    }

    mutating func count(_ impression: SplitImpression) {
        counts[HourlyCount(flag: impression.flag, hour: Self.hour(of: impression.time)), default: 0] += 1
    }

    /// Remembers the key for the flag; returns whether the unique keys are now over capacity.
    mutating func trackKey(_ impression: SplitImpression) -> Bool {
        if uniqueKeys[impression.flag, default: []].insert(impression.key).inserted { uniqueKeyCount += 1 }
        return uniqueKeyCount > Self.uniqueKeysCapacity
    }

    mutating func takeCounts() -> [HourlyCount: Int] {
        defer { counts = [:] }
        return counts
    }

    mutating func takeUniqueKeys() -> [String: Set<String>] {
        defer { uniqueKeys = [:]; uniqueKeyCount = 0 }
        return uniqueKeys
    }
}
