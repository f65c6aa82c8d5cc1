import BurgeeCore
import Synchronization

/// The contexts noticed in the current period, in a fixed lock-free table: whether an evaluation's
/// context is new costs its fingerprint and a probe of one bucket of four entries.
///
/// An entry holds 32 bits of the fingerprint (the bucket index takes others) and the period it
/// was noticed in, so that a new period forgets every entry at once. A bucket that is full
/// replaces an entry of an earlier period, else its first: the replaced context may be noticed
/// again, never missed (except for a match of 32 fingerprint bits within one bucket). Two
/// threads noticing one context at once may both notice it; the destination deduplicates.
final class ContextNoticeFilter: Sendable {
    private let words: AtomicWords
    private let bucketMask: Int
    private let currentPeriod = Atomic<Int>(0)
    /// ``mark``, kept whole so that reading it is one load.
    private let currentMark: Atomic<UInt64>
    /// A number no other filter of the process has, so that a context's ``Context/noticeMark``
    /// names this filter's period and no other's.
    private let serial: UInt64
    private static let serials = Atomic<UInt64>(0)

    /// A filter for about `capacity` contexts a period.
    init(capacity: Int) {
        var entries = 4
        while entries < 4 * max(capacity, 1) { entries <<= 1 }
        words = AtomicWords(count: entries)
        bucketMask = entries / 4 - 1
        serial = Self.serials.add(1, ordering: .relaxed).newValue
        currentMark = Atomic(serial << 32)
    }

    /// The mark a context noticed by this filter in the current period carries: one compare tells
    /// an evaluation of the same context object again, without a probe.
    @inline(__always)
    var mark: UInt64 { currentMark.load(ordering: .relaxed) }

    /// The current period.
    var period: Int { currentPeriod.load(ordering: .relaxed) }

    /// Starts the next period: every context is new again.
    func advance() {
        let period = currentPeriod.add(1, ordering: .relaxed).newValue
        currentMark.store(serial << 32 | UInt64(UInt32(truncatingIfNeeded: period)), ordering: .relaxed)
    }

    /// Whether the context with `fingerprint` is new in the current period; notes it.
    @inline(__always)
    func isNew(_ fingerprint: UInt64) -> Bool {
        let base = (Int(truncatingIfNeeded: fingerprint) & bucketMask) &* 4
        let period = UInt32(truncatingIfNeeded: currentPeriod.load(ordering: .relaxed))
        let entry = UInt64(UInt32(truncatingIfNeeded: fingerprint >> 32) | 1) << 32 | UInt64(period)
        var victim = base
        for index in base..<(base &+ 4) {
            let word = words.load(index)
            if word == entry { return false }
            if word >> 32 == entry >> 32 || UInt32(truncatingIfNeeded: word) != period || word == 0 { victim = index }
        }
        words.store(entry, at: victim)
        return true
    }
}
