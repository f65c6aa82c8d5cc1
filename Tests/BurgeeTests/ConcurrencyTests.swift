@testable import Burgee
import BurgeeCore
import Foundation
import Synchronization
import Testing

/// Run under the thread sanitizer in CI (`swift test --sanitize=thread --filter Concurrency`).
@Suite("Concurrency")
struct ConcurrencyTests {
    /// Generation `n` serves `n` from `gen` and the same `n` from `mirror`: a reader seeing a mix
    /// of two generations would see them differ.
    static func generation(_ n: Int) -> String {
        func flag(_ key: String) -> String {
            """
            "\(key)": { "version": \(n), "enabled": true, "type": "number",
              "variations": [ { "key": "v", "value": \(n) } ], "fallthrough": { "variation": "v" } }
            """
        }
        return Definitions.document(version: n, flags: [flag("gen"), flag("mirror")])
    }

    @Test func updatesRacingEvaluationsFromManyTasks() async throws {
        let (client, source) = try await ClientHarness.manual()
        await source.push(Self.generation(0))
        let updates = 200
        let stop = StopFlag()
        let user = Context(key: "u-1")
        let results = await withTaskGroup(of: (Int, Int).self) { group in
            for _ in 0..<8 {
                group.addTask {
                    var evaluations = 0, torn = 0, last = 0
                    while !stop.isSet {
                        let state = client.allFlagsState(context: user)
                        let gen = state.value("gen")?.numberValue.map(Int.init) ?? -1
                        let mirror = state.value("mirror")?.numberValue.map(Int.init) ?? -2
                        // One read sees one snapshot; generations never go backwards for a task.
                        if gen != mirror || gen < last { torn += 1 }
                        last = gen
                        let single = client.intVariation("gen", context: user, default: -1)
                        if single < gen { torn += 1 }
                        evaluations += 2
                        // The cooperative pool may have 2 threads: let the writer in.
                        if evaluations % 64 == 0 { await Task.yield() }
                    }
                    return (evaluations, torn)
                }
            }
            group.addTask {
                for n in 1...updates { await source.push(Self.generation(n)) }
                stop.set()
                return (0, 0)
            }
            var total = (0, 0)
            for await (evaluations, torn) in group { total = (total.0 + evaluations, total.1 + torn) }
            return total
        }
        #expect(results.1 == 0)
        #expect(results.0 > 0)
        #expect(client.intVariation("gen", context: user, default: -1) == updates)
        await client.close()
    }
}

@Suite("Snapshot cell")
struct SnapshotCellTests {
    /// Counts releases and reads, and holds the values of the boxes not yet released.
    final class Counter: Sendable {
        let released = Atomic(0)
        let reads = Atomic(0)
        let live = LiveValues()

        func isLive(_ value: Int) -> Bool { live.contains(value) }
    }

    /// The values of the boxes not yet released, behind a ``Locked`` (a lock the thread sanitizer
    /// follows).
    final class LiveValues: Sendable {
        private let values = Locked<Set<Int>>([])

        func insert(_ value: Int) { values.withLock { _ = $0.insert(value) } }
        func remove(_ value: Int) { values.withLock { _ = $0.remove(value) } }
        func contains(_ value: Int) -> Bool { values.withLock { $0.contains(value) } }
        var all: Set<Int> { values.withLock { $0 } }
    }

    final class Box: Sendable {
        let value: Int
        let counter: Counter
        init(_ value: Int, _ counter: Counter) {
            self.value = value
            self.counter = counter
            counter.live.insert(value)
        }
        deinit {
            counter.live.remove(value)
            counter.released.add(1, ordering: .relaxed)
        }
    }

    /// `replace` returns only once no reader still reads the old value, so the writer can release
    /// it: a reader must never find the box it is reading already released, nor see an older value
    /// after a newer one. The writer keeps replacing until the readers have read many times.
    @Test func replacedValuesAreReleasedOnceAndNeverWhileRead() async {
        let counter = Counter()
        let shared = SnapshotCell(Box(0, counter))
        let stop = StopFlag()
        let (failures, replacements) = await withTaskGroup(of: (failures: Int, replacements: Int).self) { group in
            for _ in 0..<4 {
                group.addTask {
                    var failures = 0, reads = 0, last = 0
                    while !stop.isSet {
                        let value = shared.readCounting { box in
                            // Checked at the end of the read: released by now means released while read.
                            (counter.isLive(box.value) ? box.value : -1, 7)
                        }
                        if value < last { failures += 1 }
                        last = max(last, value)
                        reads += 1
                        counter.reads.add(1, ordering: .relaxed)
                        if reads % 64 == 0 { await Task.yield() }
                    }
                    return (failures, 0)
                }
            }
            group.addTask {
                var failures = 0, n = 0
                while n < 2_000 || counter.reads.load(ordering: .relaxed) < 20_000 {
                    n += 1
                    // `old` is released at the end of each iteration, while readers keep reading.
                    let old = shared.replace(with: Box(n, counter))
                    if old.value != n - 1 { failures += 1 }
                    if n % 64 == 0 { await Task.yield() }
                }
                stop.set()
                return (failures, n)
            }
            return await group.reduce((0, 0)) { ($0.0 + $1.failures, $0.1 + $1.replacements) }
        }
        #expect(failures == 0)
        #expect(counter.released.load(ordering: .relaxed) == replacements)
        #expect(counter.live.all == [replacements])
        // Every read was counted in the "other" slot, none as an evaluation.
        #expect(shared.evaluationCounts() == [0, 0, 0, 0, 0, 0, 0])
    }

    /// A reader inside `read` holds the value: `replace` cannot return, and the old value cannot be
    /// released, until the read ends. The reader gives the writer every chance to return early.
    @Test func replaceWaitsForAReaderInside() async {
        let counter = Counter()
        let shared = SnapshotCell(Box(0, counter))
        let entered = StopFlag(), replaced = StopFlag()
        let reader = Task.detached { () -> Bool in
            shared.read { box in
                entered.set()
                var spins = 0
                while !replaced.isSet, spins < 5_000_000 { spins += 1 }
                // A correct replace is still waiting here; a broken one returned and released the box.
                return !replaced.isSet && counter.isLive(box.value)
            }
        }
        while !entered.isSet { await Task.yield() }
        _ = shared.replace(with: Box(1, counter))
        replaced.set()
        #expect(await reader.value)
        #expect(counter.live.all == [1])
    }

    @Test func theLastValueIsReleasedWithTheCell() {
        let counter = Counter()
        var cell: SnapshotCell<Box>? = SnapshotCell(Box(0, counter))
        _ = cell?.replace(with: Box(1, counter))
        #expect(counter.released.load(ordering: .relaxed) == 1)
        cell = nil
        #expect(counter.released.load(ordering: .relaxed) == 2)
    }

    @Test func exitSlotsCountEvaluations() {
        let cell = SnapshotCell(Box(1, Counter()))
        for slot in 1...6 { for _ in 0..<slot { cell.readCounting { _ in ((), slot) } } }
        cell.readCountingMany { _, tally in
            tally.count(slot: 2)
            tally.count(slot: 2)
            tally.count(slot: 6)
        }
        cell.readCountingMany { _, _ in () }
        #expect(cell.evaluationCounts() == [0, 1, 4, 3, 4, 5, 7])
        // Every reader left: a replace does not wait.
        _ = cell.replace(with: Box(2, Counter()))
        #expect(cell.read { $0.value } == 2)
    }
}

/// A flag tasks poll to stop.
final class StopFlag: Sendable {
    private let flag = Atomic(false)
    var isSet: Bool { flag.load(ordering: .relaxed) }
    func set() { flag.store(true, ordering: .relaxed) }
}
