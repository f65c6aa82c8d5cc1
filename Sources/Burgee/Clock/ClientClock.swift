/// A client's clock (``BurgeeClient/Configuration/clock``) as its parts use it: the waits and
/// timers of its loops (polling, backoff, reconnections, event flushes and retries, timeouts,
/// file watching, token renewals), the deadlines they keep, and the concrete ``EventClock`` that
/// events read.
///
/// The clock is an existential: its calls happen off the evaluation path, at most once per wait.
/// Events read ``events`` instead, which is concrete.
package struct ClientClock: Sendable {
    /// The configured clock.
    package let base: any Clock<Duration>
    /// What event timestamps and the exposure deduplication window read: the clock's own time when
    /// it is a manual clock, else the system's.
    package let events: EventClock
    private let reading: @Sendable () -> Duration

    /// `clock` as the client's parts use it.
    package init(_ clock: any Clock<Duration>) {
        base = clock
        events = EventClock(manual: (clock as? any ManualTimeClock)?.manualTime)
        reading = Self.reader(clock)
    }

    /// The continuous clock: the default.
    package static let continuous = ClientClock(ContinuousClock())

    private static func reader<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// The time now on this clock, as the time since it was wrapped: only the differences of two
    /// readings of one ``ClientClock`` mean anything.
    package var now: Duration { reading() }

    /// Suspends for `duration` of this clock's time; throws `CancellationError` when cancelled.
    package func sleep(for duration: Duration) async throws {
        try await base.sleep(for: duration)
    }

    /// Milliseconds since the Unix epoch, as events read them.
    package func wallMilliseconds() -> Int64 {
        events.wallMilliseconds()
    }
}
