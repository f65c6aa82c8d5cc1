#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The clocks of event recording, read without Foundation.
package enum EventClock {
    /// Milliseconds since the Unix epoch: event timestamps.
    package static func wallMilliseconds() -> Int64 {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        return Int64(ts.tv_sec) * 1000 + Int64(ts.tv_nsec) / 1_000_000
    }

    /// A monotonic millisecond count of coarse resolution (a few milliseconds) that costs a few
    /// nanoseconds to read: the deduplication window's clock, read on every tracked evaluation.
    @inline(__always)
    package static func coarseMilliseconds() -> UInt32 {
        #if canImport(Darwin)
        return UInt32(truncatingIfNeeded: clock_gettime_nsec_np(CLOCK_MONOTONIC_RAW_APPROX) / 1_000_000)
        #else
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC_COARSE, &ts)
        return UInt32(truncatingIfNeeded: Int64(ts.tv_sec) &* 1000 &+ Int64(ts.tv_nsec) / 1_000_000)
        #endif
    }
}
