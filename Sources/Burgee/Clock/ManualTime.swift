import Synchronization

/// The time a manual clock shows (`ManualClock` of `BurgeeTesting`), kept where the client reads
/// it without a lock: the time elapsed since the clock's start, in an atomic word, and the wall
/// time of that start.
///
/// Only the clock moves it; the client reads it for event timestamps and the exposure
/// deduplication window (``EventClock``), at the cost of one atomic load.
package final class ManualTime: Sendable {
    /// Nanoseconds since the clock's start.
    private let elapsed = Atomic<Int64>(0)
    /// Milliseconds since the Unix epoch at the clock's start.
    package let wallStart: Int64

    /// A time at its start, which shows `wallStart` (milliseconds since the Unix epoch) as wall time.
    package init(wallStart: Int64) {
        self.wallStart = wallStart
    }

    /// Nanoseconds since the clock's start.
    @inline(__always)
    package var nanoseconds: Int64 { elapsed.load(ordering: .acquiring) }

    /// Moves the time to `nanoseconds` since the start; never backwards.
    package func set(nanoseconds: Int64) {
        elapsed.store(nanoseconds, ordering: .releasing)
    }

    /// Milliseconds since the Unix epoch.
    var wallMilliseconds: Int64 { wallStart &+ nanoseconds / 1_000_000 }

    /// Milliseconds since the start, wrapping as the system's coarse clock does.
    @inline(__always)
    var coarseMilliseconds: UInt32 { UInt32(truncatingIfNeeded: nanoseconds / 1_000_000) }
}

/// A clock whose time is a ``ManualTime``: the client's events then read that time, so that a test
/// moving the clock moves their timestamps and deduplication windows too.
package protocol ManualTimeClock: AnyObject, Sendable {
    /// The time the clock shows.
    var manualTime: ManualTime { get }
}
