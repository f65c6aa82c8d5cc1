import BurgeeCore

/// The tracking posts a server in Kameleoon mode accepted, and their totals.
typealias KameleoonInbox = Inbox<KameleoonTrackingStats>

extension KameleoonTrackingStats: PostTally {
    /// No posts.
    init() {
        self.init(posts: 0)
    }

    /// Counts one post: its size, its events by type and by visitor.
    mutating func add(_ post: KameleoonTrackingPost) {
        posts += 1
        bytes += post.receivedBytes
        events.merge(post.eventTypeCounts, uniquingKeysWith: +)
        visitors.merge(post.visitorCounts, uniquingKeysWith: +)
    }
}

/// How many visitor data fetches (Data API reads) a server in Kameleoon mode answered.
final class KameleoonFetches: FormatRecords.Record {
    /// A Data API read: `GET /visit/visitor` or `GET /map/map`.
    enum Fetch: Sendable {
        case visitor
        case map
    }

    private let counts = Locked((visitor: 0, map: 0))

    init(capacity: Int) {}

    /// Counts one answered fetch.
    func count(_ fetch: Fetch) {
        counts.withLock { c in
            switch fetch {
            case .visitor: c.visitor += 1
            case .map: c.map += 1
            }
        }
    }

    /// The fetches answered, by kind.
    var fetches: (visitor: Int, map: Int) { counts.withLock { $0 } }
}
