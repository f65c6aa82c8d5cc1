/// The fully qualified keys of the contexts seen lately, least recently seen evicted first, as
/// LaunchDarkly's SDKs keep them to send each context's index event once
/// (`contextKeysCapacity`, 1,000 by default; emptied every `contextKeysFlushInterval`).
struct LaunchDarklyContextKeyCache: Sendable {
    /// How many keys are kept; 0 keeps none, so every context is new.
    let capacity: Int
    /// Each key's last use, and the keys by last use.
    private var lastUse: [String: UInt64] = [:]
    private var byUse: [UInt64: String] = [:]
    private var clock: UInt64 = 0
    private var oldest: UInt64 = 0

    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// Notes `key` as seen now; returns whether it was seen before.
    mutating func add(_ key: String) -> Bool {
        guard capacity > 0 else { return false }
        clock += 1
        if let previous = lastUse[key] {
            byUse[previous] = nil
            byUse[clock] = key
            lastUse[key] = clock
            return true
        }
        if lastUse.count == capacity {
            while byUse[oldest] == nil { oldest += 1 }
            if let evicted = byUse.removeValue(forKey: oldest) { lastUse[evicted] = nil }
        }
        lastUse[key] = clock
        byUse[clock] = key
        return false
    }

    /// Forgets every key.
    mutating func removeAll() {
        lastUse.removeAll()
        byUse.removeAll()
        oldest = clock
    }

    /// How many keys are kept now.
    var count: Int { lastUse.count }
}
