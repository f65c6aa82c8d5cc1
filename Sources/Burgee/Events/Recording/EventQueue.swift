/// The bounded queue between recording and delivery: a ring of fixed capacity, allocated once,
/// so that recording an event stores into a slot and never allocates. Full means dropped.
///
/// Counts are kept here, under the same lock as the ring, so that `accepted + dropped` equals
/// the events offered exactly.
struct EventQueue {
    private var slots: [PendingEvent?]
    private var head = 0
    private(set) var count = 0
    /// Events offered (`accepted + dropped`).
    private(set) var offered = 0
    /// Events stored in the ring, ever.
    private(set) var accepted = 0
    /// Events dropped because the ring was full, ever.
    private(set) var dropped = 0
    /// Events taken out for delivery, ever.
    private(set) var taken = 0
    /// Whether a full batch was signalled and not yet taken.
    var batchSignalled = false

    init(capacity: Int) {
        slots = Array(repeating: nil, count: capacity)
    }

    var capacity: Int { slots.count }

    /// Stores the event, or counts it as dropped when the ring is full.
    mutating func push(_ event: PendingEvent) -> Bool {
        offered &+= 1
        guard count < slots.count else {
            dropped &+= 1
            return false
        }
        var index = head &+ count
        if index >= slots.count { index &-= slots.count }
        slots[index] = event
        count &+= 1
        accepted &+= 1
        return true
    }

    /// Takes up to `limit` events, oldest first.
    mutating func take(upTo limit: Int) -> [PendingEvent] {
        let n = min(limit, count)
        var result: [PendingEvent] = []
        result.reserveCapacity(n)
        for _ in 0..<n {
            if let event = slots[head].take() { result.append(event) }
            head = head + 1 == slots.count ? 0 : head + 1
        }
        count -= n
        taken &+= n
        return result
    }
}
