import BurgeeCore
import Testing

@testable import BurgeeServer

@Suite("Inbox")
struct InboxTests {
    /// Counts posts and sums their sizes, as the vendors' stats do.
    struct Sizes: PostTally {
        var posts = 0
        var total = 0
        mutating func add(_ post: Int) {
            posts += 1
            total += post
        }
    }

    @Test("keeps the most recent posts up to its capacity, tallies every post, dropped ones included")
    func keepsRecentAndTalliesAll() {
        let inbox = Inbox<Sizes>(capacity: 2)
        #expect(inbox.posts.isEmpty && inbox.total == 0 && inbox.stats.posts == 0)
        for size in [10, 20, 30] { inbox.store(size) }
        #expect(inbox.posts == [20, 30])
        #expect(inbox.total == 3)
        #expect(inbox.stats.posts == 3 && inbox.stats.total == 60)
    }

    @Test("a capacity of 0 keeps no post but still tallies")
    func zeroCapacity() {
        let inbox = Inbox<Sizes>(capacity: 0)
        inbox.store(5)
        #expect(inbox.posts.isEmpty)
        #expect(inbox.total == 1 && inbox.stats.total == 5)
    }

    @Test("each tally type is its own record of the server")
    func recordsByType() {
        let records = FormatRecords(capacity: 4)
        records.of(Inbox<Sizes>.self).store(1)
        #expect(records.of(Inbox<Sizes>.self).total == 1)
        #expect(records.of(SplitInbox.self).total == 0)
    }
}
