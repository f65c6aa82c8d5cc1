import Burgee
import BurgeeCore
import Foundation
import Synchronization

/// Evaluations per second of every measured flag in turn, on one thread and on `threads`
/// threads through the same client: the scaling an application sees on that many cores.
struct ThroughputBench {
    let bench: FlagBench
    let flags: [(key: String, getter: FlagBench.Getter)]

    /// Evaluations per second on `threads` threads together, for about `duration`.
    func run(threads: Int, for duration: Duration) -> Double {
        let total = Atomic<Int>(0)
        let deadline = ContinuousClock.now + duration
        let start = ContinuousClock.now
        let group = DispatchGroup()
        for thread in 0..<threads {
            group.enter()
            let worker = Thread { [bench, flags] in
                var count = 0
                var sink = 0
                var context = thread % bench.contexts.count
                var flag = thread % flags.count
                // At least one batch: on a loaded machine a thread may first run after the deadline.
                repeat {
                    for _ in 0..<256 {
                        sink &+= bench.evaluate(flags[flag].key, flags[flag].getter, bench.contexts[context])
                        context = context + 1 == bench.contexts.count ? 0 : context + 1
                        flag = flag + 1 == flags.count ? 0 : flag + 1
                    }
                    count += 256
                } while ContinuousClock.now < deadline
                blackHole(sink)
                total.add(count, ordering: .relaxed)
                group.leave()
            }
            worker.start()
        }
        group.wait()
        let seconds = FlagBench.nanoseconds(ContinuousClock.now - start) / 1e9
        return seconds > 0 ? Double(total.load(ordering: .relaxed)) / seconds : 0
    }
}
