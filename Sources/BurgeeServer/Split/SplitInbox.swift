import BurgeeCore

/// The most recent posts a server in Split mode accepted (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), and exact
/// totals of every post.
final class SplitInbox: FormatRecords.Record {
    private struct State: Sendable {
        var posts: RecentEntries<SplitPost>
        var stats = SplitPostStats()
    }

    private let state: Locked<State>

    /// An inbox keeping at most `capacity` posts.
    init(capacity: Int) {
        state = Locked(State(posts: RecentEntries(capacity: capacity)))
    }

    func store(_ post: SplitPost) {
        let counts = post.counts
        state.withLock { s in
            s.posts.append(post)
            s.stats.posts[post.kind, default: 0] += 1
            s.stats.bytes += post.receivedBytes
            switch post.kind {
            case .impressions: s.stats.impressions.merge(counts, uniquingKeysWith: +)
            case .impressionCounts: s.stats.impressionCounts.merge(counts, uniquingKeysWith: +)
            case .events: s.stats.events.merge(counts, uniquingKeysWith: +)
            case .telemetryConfig, .telemetryUsage, .uniqueKeys: break
            }
        }
    }

    /// The posts kept, oldest first.
    var posts: [SplitPost] { state.withLock { $0.posts.elements } }

    /// Totals of every post, dropped ones included.
    var stats: SplitPostStats { state.withLock { $0.stats } }
}
