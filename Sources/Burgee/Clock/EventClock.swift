#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks of event recording, read without Foundation, locks or allocations: the system's,
/// or the time a manual clock shows (``ManualTime``), as the client's clock says.
///
/// A concrete type rather than a `Clock`: the deduplication window reads it on every tracked
/// evaluation, where an existential's witness call would cost more than the read itself.
package struct EventClock: Sendable {
    /// `nil`: the system's clocks.
    private let manual: ManualTime?

    /// The system's clocks.
    package static let system = EventClock(manual: nil)

    /// The time `manual` shows.
    package init(manual: ManualTime?) {
        self.manual = manual
    }

    /// Milliseconds since the Unix epoch: event timestamps.
    @inline(__always)
    package func wallMilliseconds() -> Int64 {
        if _slowPath(manual != nil) { return manualWallMilliseconds() }
        return Self.systemWallMilliseconds()
    }

    /// A monotonic millisecond count of coarse resolution (a few milliseconds) that costs a few
    /// nanoseconds to read: the deduplication window's clock, read on every tracked evaluation.
    /// The system's clock costs one test of a word more than reading it directly.
    @inline(__always)
    package func coarseMilliseconds() -> UInt32 {
        if _slowPath(manual != nil) { return manualCoarseMilliseconds() }
        return Self.systemCoarseMilliseconds()
    }

    // A manual clock is for tests: its reads stay out of line, so that the evaluation path keeps
    // the registers and instructions it had without one.

    @inline(never)
    private func manualWallMilliseconds() -> Int64 {
        manual?.wallMilliseconds ?? Self.systemWallMilliseconds()
    }

    @inline(never)
    private func manualCoarseMilliseconds() -> UInt32 {
        manual?.coarseMilliseconds ?? Self.systemCoarseMilliseconds()
    }

    /// The system's wall clock, in milliseconds since the Unix epoch.
    package static func systemWallMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// The system's coarse monotonic clock, in milliseconds (wrapping).
    @inline(__always)
    package static func systemCoarseMilliseconds() -> UInt32 {
        #if canImport(Darwin)
        return UInt32(truncatingIfNeeded: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW_APPROX) / 1_000_000)
        #else
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &ts)
        return UInt32(truncatingIfNeeded: Int64(ts.tv_sec) &* 1000 &+ Int64(ts.tv_nsec) / 1_000_000)
        #endif
    }
}
