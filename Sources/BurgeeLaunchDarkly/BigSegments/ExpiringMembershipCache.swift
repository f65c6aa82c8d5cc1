/// The memberships of context keys, each kept for a fixed time after it was written and at most
/// `capacity` of them, a new key evicting the one written first (reads do not change the order),
/// as LaunchDarkly's SDKs cache big segment memberships. Times are a coarse millisecond count that
/// wraps (`EventClock.coarseMilliseconds()`: no allocation, a few nanoseconds to read); ages are
/// wrapping differences, exact for ages under 24 days.
struct ExpiringMembershipCache {
    private struct Entry {
        var references: [String: [Int64: Bool]]
        var writtenAt: UInt32
        var stamp: Int
    }

    let capacity: Int
    let maxAge: Duration
    private let maxAgeMilliseconds: UInt32
    private var entries: [String: Entry] = [:]
    /// Keys in the order written, with the stamp of that write; an entry rewritten since (its
    /// stamp differs) or removed is skipped when evicting.
    private var order: [(key: String, stamp: Int)] = []
    private var head = 0
    private var stamps = 0

    init(capacity: Int, maxAge: Duration) {
        self.capacity = max(1, capacity)
        self.maxAge = maxAge
        let (seconds, attoseconds) = maxAge.components
        maxAgeMilliseconds = UInt32(clamping: max(0, seconds * 1_000 + attoseconds / 1_000_000_000_000_000))
    }

    /// The memberships of `key` written less than ``maxAge`` before `now`.
    mutating func get(_ key: String, now: UInt32) -> [String: [Int64: Bool]]? {
        guard let entry = entries[key] else { return nil }
        guard now &- entry.writtenAt < maxAgeMilliseconds else {
            entries[key] = nil
            return nil
        }
        return entry.references
    }

    /// Keeps `references` for `key`, written at `now`.
    mutating func set(_ key: String, _ references: [String: [Int64: Bool]], now: UInt32) {
        if entries[key] == nil, entries.count >= capacity { evictFirstWritten() }
        stamps += 1
        entries[key] = Entry(references: references, writtenAt: now, stamp: stamps)
        order.append((key, stamps))
        if head > 1_024, head * 2 > order.count {
            order.removeFirst(head)
            head = 0
        }
    }

    var count: Int { entries.count }

    private mutating func evictFirstWritten() {
        while head < order.count {
            let (key, stamp) = order[head]
            head += 1
            if entries[key]?.stamp == stamp {
                entries[key] = nil
                return
            }
        }
    }
}
