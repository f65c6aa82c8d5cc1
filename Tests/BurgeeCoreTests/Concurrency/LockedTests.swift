@testable import BurgeeCore
import Foundation
import Testing

@Suite("locked values")
struct LockedTests {
    /// Two counters that every critical section moves together: a lock that excluded nothing would
    /// lose increments (a read, then a write, interleaved with another thread's) and let a reader see
    /// them apart.
    struct Pair: Sendable {
        var first = 0
        var second = 0
        var work = 0
    }

    /// A little arithmetic, to hold a critical section open between its read and its write.
    static func stir(_ value: Int) -> Int {
        var value = value
        for _ in 0..<8 { value = value &* 31 &+ 7 }
        return value
    }

    @Test("increments from many threads at once are none of them lost, and no reader sees a half-done update")
    func mutualExclusion() async {
        let threads = 4
        let increments = 100_000
        let pair = Locked(Pair())
        let torn = await withTaskGroup(of: Int.self) { group in
            for _ in 0..<threads {
                group.addTask {
                    await Self.onThreadOfItsOwn {
                        var torn = 0
                        for _ in 0..<increments {
                            pair.withLock { pair in
                                if pair.first != pair.second { torn += 1 }
                                // Read, work, then write back one more: the window another writer could fall into.
                                let first = pair.first
                                pair.second += 1
                                pair.work = Self.stir(pair.work)
                                pair.first = first + 1
                            }
                        }
                        return torn
                    }
                }
            }
            return await group.reduce(0, +)
        }
        let final = pair.withLock { $0 }
        #expect(torn == 0)
        #expect(final.first == threads * increments)
        #expect(final.second == threads * increments)
    }

    /// Runs `work` on a new thread and suspends until it ends. Waiting for the lock on one of the
    /// threads of Swift's cooperative pool (as many as there are cores: two here) would stall every
    /// other test meanwhile, and their deadlines would pass without their code running.
    static func onThreadOfItsOwn<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
        await withCheckedContinuation { continuation in
            Thread { continuation.resume(returning: work()) }.start()
        }
    }

    @Test("withLock returns its closure's result and keeps its writes")
    func returnsResult() {
        let names = Locked(["a"])
        let count = names.withLock { names -> Int in
            names.append("b")
            return names.count
        }
        #expect(count == 2)
        #expect(names.withLock { $0 } == ["a", "b"])
    }

    struct Refused: Error, Equatable {}

    @Test("a closure that throws leaves its writes and releases the lock; the error keeps its type")
    func throwingReleases() {
        let value = Locked(0)
        let thrown: Refused? = {
            do throws(Refused) {
                try value.withLock { (value) throws(Refused) in
                    value = 1
                    throw Refused()
                }
                return nil
            } catch {
                return error
            }
        }()
        #expect(thrown == Refused())
        // Locking again would fail (or hang) had the throw left the lock held.
        #expect(value.withLock { $0 } == 1)
    }

    @Test("copies share one value")
    func copiesShare() {
        let original = Locked(1)
        let copy = original
        copy.withLock { $0 = 2 }
        #expect(original.withLock { $0 } == 2)
    }
}
