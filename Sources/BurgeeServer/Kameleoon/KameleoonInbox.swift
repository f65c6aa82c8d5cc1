import BurgeeCore

/// The most recent tracking posts a server in Kameleoon mode accepted (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), exact totals
/// of every post, and how many visitor data fetches it answered.
final class KameleoonInbox: FormatRecords.Record {
    /// A Data API read: `GET /visit/visitor` or `GET /map/map`.
    enum Fetch: Sendable {
        case visitor
        case map
    }

    private struct State: Sendable {
        var posts: RecentEntries<KameleoonTrackingPost>
        var stats = KameleoonTrackingStats()
        var visitorFetches = 0
        var mapFetches = 0
    }

    private let state: Locked<State>

    /// An inbox keeping at most `capacity` posts.
    init(capacity: Int) {
        state = Locked(State(posts: RecentEntries(capacity: capacity)))
    }

    /// Keeps `post` and adds it to the totals.
    func store(_ post: KameleoonTrackingPost) {
        let types = post.eventTypeCounts
        let visitors = post.visitorCounts
        state.withLock { s in
            s.posts.append(post)
            s.stats.posts += 1
            s.stats.bytes += post.receivedBytes
            s.stats.events.merge(types, uniquingKeysWith: +)
            s.stats.visitors.merge(visitors, uniquingKeysWith: +)
        }
    }

    /// Counts one answered fetch.
    func count(_ fetch: Fetch) {
        state.withLock { s in
            switch fetch {
            case .visitor: s.visitorFetches += 1
            case .map: s.mapFetches += 1
            }
        }
    }

    /// The posts kept, oldest first.
    var posts: [KameleoonTrackingPost] { state.withLock { $0.posts.elements } }

    /// Totals of every post, dropped ones included.
    var stats: KameleoonTrackingStats { state.withLock { $0.stats } }

    /// The fetches answered, by kind.
    var fetches: (visitor: Int, map: Int) { state.withLock { ($0.visitorFetches, $0.mapFetches) } }
}
