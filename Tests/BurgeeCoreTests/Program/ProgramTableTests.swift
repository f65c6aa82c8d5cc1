@testable import BurgeeCore
import Synchronization
import Testing

@Suite("program tables")
struct ProgramTableTests {
    /// Counts its instances alive, to check that shared storage frees each element once.
    final class Tracked: Sendable {
        static let alive = Atomic<Int>(0)
        let value: Int
        init(_ value: Int) {
            self.value = value
            Self.alive.add(1, ordering: .relaxed)
        }
        deinit { Self.alive.subtract(1, ordering: .relaxed) }
    }

    @Test("a table continued from the last appends in its storage; one continued from an earlier table copies; each reads its own elements and all are freed once")
    func sharing() {
        let before = Tracked.alive.load(ordering: .relaxed)
        do {
            var builder = TableBuilder<Tracked>()
            builder += (0..<3).map(Tracked.init)
            let (first, firstStorage) = builder.build()

            var second = TableBuilder(continuing: first)
            second.append(Tracked(3))
            #expect(second.count == 4)
            let (grown, grownStorage) = second.build()
            // The first table's storage has no room (laid out exactly): the first continuation copies, with room.
            #expect(grownStorage !== firstStorage)

            var third = TableBuilder(continuing: grown)
            third += [Tracked(4), Tracked(5)]
            let (appended, appendedStorage) = third.build()
            #expect(appendedStorage === grownStorage, "appended after the last table, in place")
            #expect(appended.base == grown.base)

            var branch = TableBuilder(continuing: grown)
            branch.append(Tracked(40))
            let (branched, branchStorage) = branch.build()
            #expect(branchStorage !== grownStorage, "places after `grown` are taken: a copy")

            var unchanged = TableBuilder(continuing: appended)
            unchanged += []
            let (same, sameStorage) = unchanged.build()
            #expect(sameStorage === appendedStorage && same.count == appended.count)

            #expect((0..<first.count).map { first[$0].value } == [0, 1, 2])
            #expect((0..<grown.count).map { grown[$0].value } == [0, 1, 2, 3])
            #expect((0..<appended.count).map { appended[$0].value } == [0, 1, 2, 3, 4, 5])
            #expect((0..<branched.count).map { branched[$0].value } == [0, 1, 2, 3, 40])
            withExtendedLifetime((firstStorage, grownStorage, appendedStorage, branchStorage, sameStorage)) {}
        }
        #expect(Tracked.alive.load(ordering: .relaxed) == before)
    }
}
