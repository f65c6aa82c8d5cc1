import Benchmark
import Burgee
import BurgeeCore
import Dispatch
import Foundation

// Evaluation throughput of one client (and of one snapshot) shared by 1 and by 2 threads, each
// thread evaluating with its own `Context` (made on that thread). Each iteration starts the
// threads, lets each evaluate the flag `ThreadScenarios.evaluationsPerThread` times, and joins
// them; `evaluationsPerSecond` counts the evaluations of all threads together, so the 2-thread
// figure over the 1-thread one is the scaling (2.0 would be perfect).
//
// On a shared machine the second thread may find no free core: `cpuPercentOfWallClock` (process
// CPU time over wall-clock time, 200 when two cores were busy throughout) tells whether the threads
// really ran at once, and `evaluationsPerCPUSecond` is the throughput per core actually used, which
// falls with contention between the threads but not with time taken by other processes.
//
// Starting threads allocates, so these gate nothing: their malloc tolerance is unbounded, and
// they have no file in Thresholds/ (the evaluations' mallocs are gated by the benchmarks above).
func threadBenchmarks() {
    let configuration = ThreadScenarios.configuration

    for threads in [1, 2] {
        let suffix = threads == 1 ? "1Thread" : "\(threads)Threads"

        Benchmark("CoreSimpleFlag\(suffix)", configuration: configuration) { benchmark in
            ThreadScenarios.measure(benchmark, threads: threads, ThreadScenarios.core("simple"))
        }

        Benchmark("ClientSimpleFlag\(suffix)", configuration: configuration) { benchmark in
            let client = await ClientScenarios.readyClient()
            ThreadScenarios.measure(benchmark, threads: threads, ThreadScenarios.client(client, "simple"))
            await client.close()
        }

        Benchmark("CoreRollout5050With\(suffix)", configuration: configuration) { benchmark in
            ThreadScenarios.measure(benchmark, threads: threads, ThreadScenarios.core("rollout"))
        }

        Benchmark("ClientRollout5050With\(suffix)", configuration: configuration) { benchmark in
            let client = await ClientScenarios.readyClient()
            ThreadScenarios.measure(benchmark, threads: threads, ThreadScenarios.client(client, "rollout"))
            await client.close()
        }
    }
}

enum ThreadScenarios {
    /// The configuration of thread benchmarks: throughput metrics, no malloc gate.
    static var configuration: Benchmark.Configuration { Benchmark.Configuration(
        metrics: [.wallClock, evaluationsPerSecond, evaluationsPerCPUSecond, cpuPercentOfWallClock, .mallocCountTotal],
        timeUnits: .milliseconds,
        scalingFactor: .one,
        maxDuration: .seconds(3),
        maxIterations: 20,
        thresholds: [.mallocCountTotal: .init(absolute: [.p90: .max])]
    ) }

    /// Evaluations by each thread in one iteration: enough that starting the threads is negligible.
    static let evaluationsPerThread = 1_000_000

    /// Evaluations per second, all threads together.
    static let evaluationsPerSecond = BenchmarkMetric.custom("evaluationsPerSecond", polarity: .prefersLarger,
                                                             useScalingFactor: false)

    /// Evaluations per second of the process's CPU time, all threads together.
    static let evaluationsPerCPUSecond = BenchmarkMetric.custom("evaluationsPerCPUSecond", polarity: .prefersLarger,
                                                                useScalingFactor: false)

    /// The process's CPU time over the wall-clock time of the iteration, in percent.
    static let cpuPercentOfWallClock = BenchmarkMetric.custom("cpuPercentOfWallClock", polarity: .prefersLarger,
                                                              useScalingFactor: false)

    /// The context of thread `index`, made by that thread.
    static func context(_ index: Int) -> Context {
        Context(json: ["kind": "user", "key": .string("u-\(index + 1)"), "country": "FR", "plan": "free"])
    }

    /// The work of one thread: `flag` evaluated through the shared snapshot.
    static func core(_ flag: String) -> @Sendable (Int) -> Void {
        let snapshot = ClientScenarios.snapshot
        return { index in
            let context = Self.context(index)
            for _ in 0..<Self.evaluationsPerThread {
                let detail = snapshot.evaluate(flag, context: context, default: .null, as: .boolean)
                blackHole(detail.variationIndex != nil ? detail.value.boolValue ?? false : false)
            }
        }
    }

    /// The work of one thread: `flag` evaluated through the shared client.
    static func client(_ client: BurgeeClient, _ flag: String) -> @Sendable (Int) -> Void {
        { index in
            let context = Self.context(index)
            for _ in 0..<Self.evaluationsPerThread {
                blackHole(client.boolVariation(flag, context: context, default: false))
            }
        }
    }

    /// Runs `work` on `threads` threads at once per iteration and records the evaluations per
    /// second of wall-clock and of CPU time.
    static func measure(_ benchmark: Benchmark, threads: Int, _ work: @escaping @Sendable (Int) -> Void) {
        let evaluations = Double(threads * evaluationsPerThread)
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            let start = ContinuousClock.now
            let cpuStart = processCPUSeconds()
            onThreads(threads, work)
            let cpu = processCPUSeconds() - cpuStart
            let elapsed = (ContinuousClock.now - start).components
            let seconds = Double(elapsed.seconds) + Double(elapsed.attoseconds) * 1e-18
            benchmark.measurement(evaluationsPerSecond, Int(evaluations / seconds))
            benchmark.measurement(evaluationsPerCPUSecond, Int(evaluations / cpu))
            benchmark.measurement(cpuPercentOfWallClock, Int((100 * cpu / seconds).rounded()))
        }
        benchmark.stopMeasurement()
    }

    /// CPU time used by all threads of the process so far.
    static func processCPUSeconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) * 1e-9
    }

    /// Runs `body(0)`, …, `body(count - 1)` each on a thread of its own, and returns when all have returned.
    static func onThreads(_ count: Int, _ body: @escaping @Sendable (Int) -> Void) {
        let group = DispatchGroup()
        for index in 0..<count {
            group.enter()
            let thread = Thread {
                body(index)
                group.leave()
            }
            thread.start()
        }
        group.wait()
    }
}
