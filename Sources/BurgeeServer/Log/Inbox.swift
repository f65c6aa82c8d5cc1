import BurgeeCore

/// The most recent posts of one kind that the server accepted (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped), kept decoded,
/// and `Tally`'s exact totals of every post: the one shape of every format's record of what its
/// SDKs post (`GET /events`, `GET /events/stats`).
final class Inbox<Tally: PostTally>: FormatRecords.Record {
    private struct State: Sendable {
        var posts: RecentEntries<Tally.Post>
        var tally = Tally()
    }

    private let state: Locked<State>

    /// An inbox keeping at most `capacity` posts.
    init(capacity: Int) {
        state = Locked(State(posts: RecentEntries(capacity: capacity)))
    }

    /// Keeps `post` and adds it to the totals.
    func store(_ post: Tally.Post) {
        state.withLock { s in
            s.posts.append(post)
            s.tally.add(post)
        }
    }

    /// The posts kept, oldest first.
    var posts: [Tally.Post] { state.withLock { $0.posts.elements } }

    /// Totals of every post, dropped ones included.
    var stats: Tally { state.withLock { $0.tally } }

    /// How many posts were stored, dropped ones included.
    var total: Int { state.withLock { $0.posts.total } }
}
