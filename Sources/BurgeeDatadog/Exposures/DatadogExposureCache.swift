import BurgeeCore

/// Datadog's exposure deduplication: the last exposure logged per (flag, subject), in a cache of
/// at most `capacity` pairs that forgets the least recently used. An exposure identical to the
/// one kept (same allocation, variant and serial id) is not logged again; a different one
/// replaces it and is logged.
struct DatadogExposureCache {
    /// What is compared: the allocation, variant and serial id of an exposure.
    struct Served: Equatable {
        var allocation: String
        var variant: String
        var serialId: JSONValue
    }

    /// A flag and a subject.
    struct Pair: Hashable {
        var flag: String
        var subject: String
    }

    /// Datadog's tracers keep this many pairs.
    static let defaultCapacity = 65_536

    let capacity: Int
    private var slots: [Pair: Int] = [:]
    private var keys: [Pair] = []
    private var served: [Served] = []
    /// Neighbours in recency order; -1 ends the list.
    private var newer: [Int] = []
    private var older: [Int] = []
    private var newest = -1
    private var oldest = -1

    init(capacity: Int = Self.defaultCapacity) {
        precondition(capacity > 0, "the exposure cache holds at least one pair")
        self.capacity = capacity
    }

    /// The number of pairs kept.
    var count: Int { slots.count }

    /// Whether the exposure of `flag` to `subject` is to be logged: it is, unless the pair's kept
    /// exposure is the same. Either way the pair becomes the most recently used.
    mutating func admit(flag: String, subject: String, _ exposure: Served) -> Bool {
        let key = Pair(flag: flag, subject: subject)
        if let slot = slots[key] {
            unlink(slot)
            pushNewest(slot)
            if served[slot] == exposure { return false }
            served[slot] = exposure
            return true
        }
        let slot: Int
        if keys.count < capacity {
            slot = keys.count
            keys.append(key)
            served.append(exposure)
            newer.append(-1)
            older.append(-1)
        } else {
            slot = oldest
            unlink(slot)
            slots[keys[slot]] = nil
            keys[slot] = key
            served[slot] = exposure
        }
        slots[key] = slot
        pushNewest(slot)
        return true
    }

    private mutating func unlink(_ slot: Int) {
        let n = newer[slot], o = older[slot]
        if n >= 0 { older[n] = o } else { newest = o }
        if o >= 0 { newer[o] = n } else { oldest = n }
        newer[slot] = -1
        older[slot] = -1
    }

    private mutating func pushNewest(_ slot: Int) {
        older[slot] = newest
        newer[slot] = -1
        if newest >= 0 { newer[newest] = slot }
        newest = slot
        if oldest < 0 { oldest = slot }
    }
}
