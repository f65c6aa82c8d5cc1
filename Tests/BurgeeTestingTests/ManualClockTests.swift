import Burgee
import BurgeeCore
import BurgeeTesting
import Synchronization
import Testing

@Suite("ManualClock")
struct ManualClockTests {
    typealias Instant = ManualClock.Instant

    /// A task sleeping on `clock` until `deadline`; its value is the clock's time when it woke.
    private func sleeper(_ clock: ManualClock, until deadline: Duration) -> Task<Instant, any Error> {
        Task {
            try await clock.sleep(until: Instant(offset: deadline))
            return clock.now
        }
    }

    @Test("a sleep resumes only once an advance reaches its deadline")
    func resumesAtTheDeadline() async throws {
        let clock = ManualClock()
        #expect(clock.now == Instant(offset: .zero))
        let task = sleeper(clock, until: .seconds(10))
        try await clock.sleepers(atLeast: 1)
        #expect(clock.deadlines == [Instant(offset: .seconds(10))])
        #expect(clock.advance(by: .seconds(9)) == 0)
        #expect(clock.advance(by: .milliseconds(999)) == 0)
        #expect(clock.sleeperCount == 1)
        #expect(clock.advance(by: .milliseconds(1)) == 1)
        #expect(clock.sleeperCount == 0)
        let woke = try await withTimeLimit(.seconds(30), "the woken sleep returning") { try await task.value }
        #expect(woke == Instant(offset: .seconds(10)))

        // A deadline already reached: no suspension.
        try await clock.sleep(until: Instant(offset: .seconds(3)))
        try await clock.sleep(for: .zero)
        #expect(clock.sleeperCount == 0)
    }

    @Test("advance(to:) reaches deadlines at the instant; an earlier instant changes nothing")
    func advanceTo() async throws {
        let clock = ManualClock()
        let task = sleeper(clock, until: .seconds(5))
        try await clock.sleepers(atLeast: 1)
        #expect(clock.advance(to: Instant(offset: .seconds(4))) == 0)
        #expect(clock.advance(to: Instant(offset: .seconds(1))) == 0)
        #expect(clock.now == Instant(offset: .seconds(4)))
        #expect(clock.advance(to: Instant(offset: .seconds(5))) == 1)
        _ = try await withTimeLimit(.seconds(30), "the woken sleep returning") { try await task.value }
        #expect(clock.now.duration(to: Instant(offset: .seconds(7))) == .seconds(2))
    }

    @Test("cancelling a sleeping task ends its sleep at once with CancellationError")
    func cancellation() async throws {
        let clock = ManualClock()
        let task = sleeper(clock, until: .seconds(60))
        try await clock.sleepers(atLeast: 1)
        task.cancel()
        let result = try await withTimeLimit(.seconds(30), "the cancelled sleep returning") { await task.result }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
        #expect(clock.now == Instant(offset: .zero))
        // Nothing left to wake.
        #expect(clock.advance(by: .seconds(60)) == 0)
    }

    @Test("a task cancelled before it sleeps does not sleep")
    func cancelledBeforeSleeping() async throws {
        let clock = ManualClock()
        let started = AsyncStream<Void>.makeStream()
        let proceed = AsyncStream<Void>.makeStream()
        let task = Task {
            started.continuation.yield()
            for await _ in proceed.stream { break }
            try await clock.sleep(for: .seconds(1))
        }
        _ = await firstElement(started.stream)
        task.cancel()
        proceed.continuation.yield()
        let result = try await withTimeLimit(.seconds(30), "the cancelled task returning") { await task.result }
        #expect(throws: CancellationError.self) { try result.get() }
        #expect(clock.sleeperCount == 0)
    }

    @Test("several sleepers wake in the order of their deadlines, each once an advance reaches it")
    func deadlineOrder() async throws {
        let clock = ManualClock()
        let late = sleeper(clock, until: .seconds(3))
        let early = sleeper(clock, until: .seconds(1))
        let middle = sleeper(clock, until: .seconds(2))
        try await clock.sleepers(atLeast: 3)
        #expect(clock.deadlines == [1, 2, 3].map { Instant(offset: .seconds($0)) })

        #expect(clock.advance(by: .milliseconds(1500)) == 1)
        #expect(try await withTimeLimit(.seconds(30), "the earliest") { try await early.value } == Instant(offset: .milliseconds(1500)))
        #expect(clock.deadlines == [2, 3].map { Instant(offset: .seconds($0)) })
        #expect(clock.advance(by: .seconds(1)) == 1)
        #expect(try await withTimeLimit(.seconds(30), "the middle one") { try await middle.value } == Instant(offset: .milliseconds(2500)))
        #expect(clock.deadlines == [Instant(offset: .seconds(3))])
        #expect(clock.advance(by: .seconds(1)) == 1)
        #expect(try await withTimeLimit(.seconds(30), "the latest") { try await late.value } == Instant(offset: .milliseconds(3500)))

        // One advance past several deadlines wakes them all.
        let tasks = (1...4).map { sleeper(clock, until: .seconds(10 + $0)) }
        try await clock.sleepers(atLeast: 4)
        #expect(clock.advance(by: .seconds(20)) == 4)
        for task in tasks {
            #expect(try await withTimeLimit(.seconds(30), "a woken sleeper") { try await task.value } == Instant(offset: .milliseconds(23500)))
        }
    }

    @Test("sleepers(atLeast:) returns once enough sleep, and throws when they do not within the limit")
    func waitingForSleepers() async throws {
        let clock = ManualClock()
        try await clock.sleepers(atLeast: 0)
        let error = await #expect(throws: ManualClock.SleepersTimedOut.self) {
            try await clock.sleepers(atLeast: 1, within: .milliseconds(20))
        }
        #expect(error?.sleeping == 0)
        #expect(error?.expected == 1)
        let waiting = Task { try await clock.sleepers(atLeast: 2) }
        let first = sleeper(clock, until: .seconds(1))
        let second = sleeper(clock, until: .seconds(1))
        try await withTimeLimit(.seconds(60), "the wait for two sleepers") { try await waiting.value }
        #expect(clock.sleeperCount == 2)
        #expect(clock.advance(by: .seconds(1)) == 2)
        _ = try await (first.value, second.value)
    }

    @Test("the wall time starts where it is set and moves with the clock")
    func wallTime() {
        let clock = ManualClock(wallMilliseconds: 1_700_000_000_000)
        #expect(clock.wallMilliseconds == 1_700_000_000_000)
        clock.advance(by: .milliseconds(1500))
        #expect(clock.wallMilliseconds == 1_700_000_001_500)
        #expect(clock.minimumResolution == .nanoseconds(1))
        #expect("\(clock.now)" == "+1.5 seconds")
    }

    @Test("a client on a manual clock: events carry its time, and deliver when it reaches the flush interval")
    func drivesAClient() async throws {
        let testData = TestData()
        await testData.update(testData.flag("layout").variations("list", "grid").fallthroughVariation(1))
        let clock = ManualClock(wallMilliseconds: 1_700_000_000_000)
        let sink = InMemoryEventSink()
        let client = try await Clients.ready(testData) {
            $0.clock = clock
            $0.metricsInterval = .seconds(3600)
            $0.events = EventsConfiguration(destination: .sink(sink), exposures: .deduplicated,
                                            deduplicationWindow: .seconds(30), flushInterval: .seconds(60))
        }
        // The metrics loop and the flush interval.
        try await clock.sleepers(atLeast: 2)
        _ = client.stringVariation("layout", context: Clients.user, default: "none")
        clock.advance(by: .seconds(29))
        _ = client.stringVariation("layout", context: Clients.user, default: "none")
        #expect(clock.advance(by: .seconds(1)) == 0)
        // The window has passed: a second exposure, 30 s after the first.
        _ = client.stringVariation("layout", context: Clients.user, default: "none")
        #expect(clock.advance(by: .milliseconds(29_999)) == 0)
        #expect(sink.batches.isEmpty)
        #expect(clock.advance(by: .milliseconds(1)) == 1)
        #expect(await eventually { !sink.batches.isEmpty })
        #expect(sink.exposures.map(\.timestamp) == [1_700_000_000_000, 1_700_000_030_000])
        let summary = try #require(sink.summaries.first)
        #expect(summary.startTimestamp == 1_700_000_000_000)
        #expect(summary.endTimestamp == 1_700_000_060_000)
        await client.close()
    }
}
