#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The time an evaluation's date tests compare with when the context gives none: the system's
/// real-time clock, or a fixed instant (tests, `burgee eval --now`).
///
/// Plain values only, so that a program can hold one without evaluation ever touching a reference
/// count; the evaluator reads it at most once per evaluation, and only when a test needs it.
package struct EvaluationClock: Sendable {
    private let fixedSeconds: Int64
    private let fixedAttoseconds: UInt64
    private let isFixed: Bool

    /// The system's real-time clock.
    package static let system = EvaluationClock(seconds: 0, attoseconds: 0, fixed: false)

    /// A clock that always reads `instant`.
    package static func fixed(_ instant: Timestamp) -> EvaluationClock {
        EvaluationClock(seconds: instant.seconds, attoseconds: instant.attoseconds, fixed: true)
    }

    private init(seconds: Int64, attoseconds: UInt64, fixed: Bool) {
        fixedSeconds = seconds
        fixedAttoseconds = attoseconds
        isFixed = fixed
    }

    /// The current instant of this clock.
    package func now() -> Timestamp {
        if isFixed { return Timestamp(seconds: fixedSeconds, attoseconds: fixedAttoseconds) }
        var spec = timespec()
        clock_gettime(CLOCK_REALTIME, &spec)
        return Timestamp(seconds: Int64(spec.tv_sec), attoseconds: UInt64(spec.tv_nsec) * 1_000_000_000)
    }
}
