/// Remembers when each distinct impression (matching key, flag, treatment, label, change number)
/// was last seen, as Split's SDKs' impression observer does, in a bounded table: once it holds
/// `capacity` impressions, the one remembered longest ago is forgotten first (and is then new
/// again when it comes back).
///
/// An impression is identified by a 64-bit hash of its fields (Split's SDKs hash them too).
struct SplitImpressionObserver {
    /// Split's SDKs' observer size.
    static let defaultCapacity = 500_000

    private var lastSeen: [Int: Int64] = [:]
    /// The identities in the order they were first remembered, for forgetting the oldest.
    private var order: [Int] = []
    private var oldest = 0
    let capacity: Int

    init(capacity: Int = Self.defaultCapacity) {
        self.capacity = max(capacity, 1)
    }

    /// The time `impression` was last seen (`nil` if never, or forgotten), remembering `time` as
    /// the new one. Like Split's Java, Go and .NET SDKs, the answer is never later than `time`.
    mutating func testAndSet(_ impression: SplitImpression) -> Int64? {
        var hasher = Hasher()
        hasher.combine(impression.key)
        hasher.combine(impression.flag)
        hasher.combine(impression.treatment)
        hasher.combine(impression.label)
        hasher.combine(impression.changeNumber)
        let identity = hasher.finalize()
        if let previous = lastSeen.updateValue(impression.time, forKey: identity) {
            return min(previous, impression.time)
        }
        if order.count < capacity {
            order.append(identity)
        } else {
            lastSeen[order[oldest]] = nil
            order[oldest] = identity
            oldest = oldest + 1 == capacity ? 0 : oldest + 1
        }
        return nil
    }
}
