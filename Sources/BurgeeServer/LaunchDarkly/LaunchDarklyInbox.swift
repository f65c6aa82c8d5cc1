import BurgeeCore

/// The most recent event posts a server in LaunchDarkly mode accepted (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), and exact
/// totals of every post: by endpoint, by event `kind`, and bytes as received.
final class LaunchDarklyInbox: FormatRecords.Record {
    private struct State: Sendable {
        var posts: RecentEntries<LaunchDarklyEventPost>
        var bulk = 0
        var diagnostic = 0
        var bytes = 0
        var kinds: [String: Int] = [:]
    }

    private let state: Locked<State>

    /// An inbox keeping at most `capacity` posts.
    init(capacity: Int) {
        state = Locked(State(posts: RecentEntries(capacity: capacity)))
    }

    func store(_ post: LaunchDarklyEventPost) {
        let kinds = post.events.map { $0.objectValue?["kind"]?.stringValue ?? "" }
        state.withLock { s in
            s.posts.append(post)
            s.bytes += post.receivedBytes
            switch post.kind {
            case .bulk: s.bulk += 1
            case .diagnostic: s.diagnostic += 1
            }
            for kind in kinds { s.kinds[kind, default: 0] += 1 }
        }
    }

    /// The posts kept, oldest first.
    var posts: [LaunchDarklyEventPost] {
        state.withLock { $0.posts.elements }
    }

    /// Totals of every post, dropped ones included.
    var stats: LaunchDarklyEventStats {
        state.withLock { s in
            LaunchDarklyEventStats(bulkRequests: s.bulk, diagnosticRequests: s.diagnostic, bytes: s.bytes, kinds: s.kinds)
        }
    }
}
