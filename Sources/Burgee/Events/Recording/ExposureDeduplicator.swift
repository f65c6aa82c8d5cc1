/// Remembers recent exposures in a fixed table so that each context, flag, variation and flag
/// version is recorded once per window. Lock-free: one atomic word per entry.
///
/// The table has buckets of four entries; an entry holds 32 bits of the exposure's fingerprint
/// (the bucket index takes other bits) and the time it was recorded, in coarse milliseconds. A
/// miss replaces an empty entry or the bucket's oldest. Two threads recording the same exposure
/// at once may both record it; an exposure is never suppressed except by a match of 32 fingerprint
/// bits within one bucket (about one in four billion).
final class ExposureDeduplicator: Sendable {
    private let words: AtomicWords
    private let bucketMask: Int
    private let windowMilliseconds: UInt32

    /// - Parameters:
    ///   - capacity: entries, rounded up to a power of two (at least 4).
    ///   - window: how long an exposure is remembered; at most 24 days (the clock wraps at 49).
    init(capacity: Int, window: Duration) {
        var entries = 4
        while entries < capacity { entries <<= 1 }
        words = AtomicWords(count: entries)
        bucketMask = entries / 4 - 1
        let (seconds, attoseconds) = window.components
        let ms = seconds * 1000 + attoseconds / 1_000_000_000_000_000
        windowMilliseconds = UInt32(clamping: min(max(ms, 1), Int64(UInt32.max / 2)))
    }

    /// Whether the exposure should be recorded now: it was not seen within the window. Records it.
    @inline(__always)
    func shouldRecord(_ fingerprint: UInt64, now: UInt32) -> Bool {
        let base = (Int(truncatingIfNeeded: fingerprint) & bucketMask) &* 4
        let tag = UInt32(truncatingIfNeeded: fingerprint >> 32) | 1
        let entry = UInt64(tag) << 32 | UInt64(now)
        var victim = base
        var victimAge: UInt32 = 0
        for index in base..<(base + 4) {
            let word = words.load(index)
            let age = now &- UInt32(truncatingIfNeeded: word)
            if UInt32(truncatingIfNeeded: word >> 32) == tag {
                if age < windowMilliseconds { return false }
                words.store(entry, at: index)
                return true
            }
            if word == 0 {
                if victimAge != .max { victim = index; victimAge = .max }
            } else if age >= victimAge, victimAge != .max {
                victim = index
                victimAge = age
            }
        }
        words.store(entry, at: victim)
        return true
    }
}
