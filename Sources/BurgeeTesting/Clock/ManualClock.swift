import Burgee
import BurgeeCore

/// A clock whose time moves only when a test moves it, so that what a client times (polling,
/// backoff, reconnections, event flushes and retries, the ready timeout, file watching) happens
/// exactly when the test says, and never by itself.
///
/// Give it to a client as `BurgeeClient.Configuration.clock`. A sleep on it
/// (`sleep(until:tolerance:)`) suspends until ``advance(by:)`` or ``advance(to:)`` moves the time
/// to its deadline or past it; a cancelled sleep ends at once with `CancellationError`. Event
/// timestamps show the clock's wall time (``init(wallMilliseconds:)`` plus the time advanced), and
/// the exposure deduplication window runs on its time too.
///
/// Advancing does not wait for what it wakes: a loop woken by an advance runs on its own, and
/// sleeps again from the clock's time then. To step a loop interval by interval, wait until it
/// sleeps again (``sleepers(atLeast:within:)``) before each advance:
///
/// ```swift
/// let clock = ManualClock()
/// let client = try BurgeeClient(configuration: .init(
///     source: .polling(url, every: .seconds(10)), metricsInterval: .seconds(3600), clock: clock))
/// client.start()
/// try await clock.sleepers(atLeast: 2)           // the metrics loop and the poller
/// #expect(clock.advance(by: .seconds(9)) == 0)   // no poll before the interval
/// #expect(clock.advance(by: .seconds(1)) == 1)   // the poller wakes and polls
/// ```
///
/// The timeouts of HTTP requests themselves (connecting, awaiting an answer) are the HTTP client's
/// and stay on the system's clock. The clock is safe to use from any task and thread.
public final class ManualClock: Clock, Sendable {
    /// A time of a ``ManualClock``: how long after the clock's start.
    public struct Instant: InstantProtocol, CustomStringConvertible {
        /// The time since the clock's start.
        public var offset: Duration

        /// The instant `offset` after the clock's start.
        public init(offset: Duration) {
            self.offset = offset
        }

        /// The instant `duration` later (earlier when negative).
        public func advanced(by duration: Duration) -> Instant {
            Instant(offset: offset + duration)
        }

        /// The time from this instant to `other` (negative when `other` is earlier).
        public func duration(to other: Instant) -> Duration {
            other.offset - offset
        }

        /// Whether `lhs` is earlier than `rhs`.
        public static func < (lhs: Instant, rhs: Instant) -> Bool {
            lhs.offset < rhs.offset
        }

        /// The offset from the clock's start, as `+1.5 seconds`.
        public var description: String { "+\(offset)" }
    }

    /// ``sleepers(atLeast:within:)``'s error: fewer sleepers than asked for within the time limit.
    public struct SleepersTimedOut: Error, CustomStringConvertible {
        /// The number of sleepers waited for.
        public var expected: Int
        /// The number of sleepers when the time limit passed.
        public var sleeping: Int
        /// The time limit.
        public var limit: Duration

        /// A sentence for a test report.
        public var description: String {
            "expected at least \(expected) sleepers on the manual clock within \(limit); \(sleeping) were sleeping"
        }
    }

    /// What one sleep or one wait for sleepers is at.
    private enum Entry {
        /// Started, not yet suspended.
        case starting
        /// Cancelled before it suspended.
        case cancelled
        /// A sleep suspended until `deadline` (nanoseconds since the start).
        case sleeping(deadline: Int64, CheckedContinuation<Void, any Error>)
        /// A wait suspended until `count` sleepers sleep.
        case waiting(count: Int, CheckedContinuation<Bool, Never>)
    }

    private struct State {
        var nextID: UInt64 = 0
        var entries: [UInt64: Entry] = [:]
        var sleepers = 0

        mutating func makeID() -> UInt64 {
            defer { nextID += 1 }
            entries[nextID] = .starting
            return nextID
        }

        /// Removes and returns the waits that `sleepers` sleepers satisfy.
        mutating func satisfiedWaits() -> [CheckedContinuation<Bool, Never>] {
            var satisfied: [CheckedContinuation<Bool, Never>] = []
            for (id, entry) in entries {
                if case .waiting(let count, let continuation) = entry, count <= sleepers {
                    entries[id] = nil
                    satisfied.append(continuation)
                }
            }
            return satisfied
        }
    }

    private let time: ManualTime
    private let state = Locked(State())

    /// A clock at its start, whose wall time is then `wallMilliseconds` since the Unix epoch (the
    /// system's wall time now by default): event timestamps show it, plus the time advanced.
    public init(wallMilliseconds: Int64? = nil) {
        time = ManualTime(wallStart: wallMilliseconds ?? EventClock.systemWallMilliseconds())
    }

    /// The clock's time now.
    public var now: Instant {
        Instant(offset: .nanoseconds(time.nanoseconds))
    }

    /// One nanosecond: deadlines are kept to the nanosecond.
    public var minimumResolution: Duration { .nanoseconds(1) }

    /// The wall time now, in milliseconds since the Unix epoch: what event timestamps show.
    public var wallMilliseconds: Int64 {
        time.wallStart + time.nanoseconds / 1_000_000
    }

    /// Suspends until the clock's time reaches `deadline` (at once when it has); `tolerance` is
    /// ignored. Throws `CancellationError`, at once, when the task is cancelled.
    public func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        try Task.checkCancellation()
        let id = state.withLock { $0.makeID() }
        let target = Self.nanoseconds(deadline.offset)
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let (outcome, satisfied) = state.withLock { s -> (Result<Void, any Error>?, [CheckedContinuation<Bool, Never>]) in
                    if case .cancelled = s.entries[id] {
                        s.entries[id] = nil
                        return (.failure(CancellationError()), [])
                    }
                    if target <= time.nanoseconds {
                        s.entries[id] = nil
                        return (.success(()), [])
                    }
                    s.entries[id] = .sleeping(deadline: target, continuation)
                    s.sleepers += 1
                    return (nil, s.satisfiedWaits())
                }
                if let outcome { continuation.resume(with: outcome) }
                for wait in satisfied { wait.resume(returning: true) }
            }
        } onCancel: {
            state.withLock { s -> CheckedContinuation<Void, any Error>? in
                switch s.entries[id] {
                case .starting:
                    s.entries[id] = .cancelled
                    return nil
                case .sleeping(_, let continuation):
                    s.entries[id] = nil
                    s.sleepers -= 1
                    return continuation
                default:
                    return nil
                }
            }?.resume(throwing: CancellationError())
        }
    }

    /// Moves the time forward by `duration` and wakes every sleeper whose deadline it reaches, in
    /// the order of their deadlines; returns how many it woke. The woken run on their own: this
    /// returns without waiting for them.
    /// - Precondition: `duration` is not negative.
    @discardableResult
    public func advance(by duration: Duration) -> Int {
        precondition(duration >= .zero, "a manual clock cannot go back (advance(by: \(duration)))")
        return advance(toNanoseconds: time.nanoseconds.addingSaturating(Self.nanoseconds(duration)))
    }

    /// Moves the time forward to `instant` (nothing happens when it is not later than now) and
    /// wakes every sleeper whose deadline it reaches, in the order of their deadlines; returns
    /// how many it woke, without waiting for them.
    @discardableResult
    public func advance(to instant: Instant) -> Int {
        advance(toNanoseconds: Self.nanoseconds(instant.offset))
    }

    private func advance(toNanoseconds target: Int64) -> Int {
        let due = state.withLock { s -> [CheckedContinuation<Void, any Error>] in
            guard target > time.nanoseconds else { return [] }
            time.set(nanoseconds: target)
            var due: [(deadline: Int64, id: UInt64, continuation: CheckedContinuation<Void, any Error>)] = []
            for (id, entry) in s.entries {
                if case .sleeping(let deadline, let continuation) = entry, deadline <= target {
                    due.append((deadline, id, continuation))
                }
            }
            for sleeper in due { s.entries[sleeper.id] = nil }
            s.sleepers -= due.count
            return due.sorted { ($0.deadline, $0.id) < ($1.deadline, $1.id) }.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
        return due.count
    }

    /// How many sleeps are suspended now.
    public var sleeperCount: Int {
        state.withLock { $0.sleepers }
    }

    /// The deadlines of the sleeps suspended now, earliest first.
    public var deadlines: [Instant] {
        state.withLock { s in
            s.entries.values.compactMap { entry -> Int64? in
                if case .sleeping(let deadline, _) = entry { deadline } else { nil }
            }
        }
        .sorted()
        .map { Instant(offset: .nanoseconds($0)) }
    }

    /// Waits until at least `count` sleeps are suspended on the clock, so that an advance then
    /// reaches them all; returns at once when they are.
    ///
    /// `limit` is a bound against a test that would hang, on the system's clock: give room for a
    /// loaded machine.
    /// - Throws: ``SleepersTimedOut`` when `limit` passes first; `CancellationError` when the task
    ///   is cancelled.
    public func sleepers(atLeast count: Int, within limit: Duration = .seconds(30)) async throws {
        let reached = await withTaskGroup(of: Bool.self) { group in
            group.addTask { await self.waitForSleepers(count) }
            group.addTask {
                // The system's clock: the bound holds while the manual time stands still.
                try? await Task.sleep(for: limit)
                return false
            }
            let first = await group.next() ?? false
            group.cancelAll()
            return first
        }
        try Task.checkCancellation()
        if !reached { throw SleepersTimedOut(expected: count, sleeping: sleeperCount, limit: limit) }
    }

    /// `true` once `count` sleepers sleep; `false` when cancelled first.
    private func waitForSleepers(_ count: Int) async -> Bool {
        let id = state.withLock { $0.makeID() }
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Bool, Never>) in
                let answer = state.withLock { s -> Bool? in
                    if case .cancelled = s.entries[id] {
                        s.entries[id] = nil
                        return false
                    }
                    if s.sleepers >= count {
                        s.entries[id] = nil
                        return true
                    }
                    s.entries[id] = .waiting(count: count, continuation)
                    return nil
                }
                if let answer { continuation.resume(returning: answer) }
            }
        } onCancel: {
            state.withLock { s -> CheckedContinuation<Bool, Never>? in
                switch s.entries[id] {
                case .starting:
                    s.entries[id] = .cancelled
                    return nil
                case .waiting(_, let continuation):
                    s.entries[id] = nil
                    return continuation
                default:
                    return nil
                }
            }?.resume(returning: false)
        }
    }

    /// `duration` in whole nanoseconds, saturating.
    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds < 0 ? .min : .max }
        return whole.addingSaturating(attoseconds / 1_000_000_000)
    }
}

extension ManualClock: ManualTimeClock {
    package var manualTime: ManualTime { time }
}

extension Int64 {
    fileprivate func addingSaturating(_ other: Int64) -> Int64 {
        let (sum, overflow) = addingReportingOverflow(other)
        return overflow ? (other < 0 ? .min : .max) : sum
    }
}
