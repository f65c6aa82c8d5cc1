import BurgeeCore

/// One exposure post a server in Datadog mode accepted.
public struct UFCExposurePost: Sendable {
    /// The path it came to: the agentless intake's or the Agent's.
    public var path: String
    /// `{"context":{…},"exposures":[…]}`.
    public var body: JSONValue
    /// The body's size as received (before decompression).
    public var receivedBytes: Int

    /// The exposures, in the order posted.
    public var exposures: [JSONValue] { body.objectValue?["exposures"]?.arrayValue ?? [] }

    /// The exposures' flag keys, one per exposure (`?` for one without).
    public var flagKeys: [String] {
        (body.objectValue?["exposures"]?.arrayValue ?? []).map {
            $0.objectValue?["flag"]?.objectValue?["key"]?.stringValue ?? "?"
        }
    }

    /// `{"path","body"}` for `GET /events`.
    var listed: JSONValue { ["path": .string(path), "body": body] }
}

/// Exact totals of the exposure posts: posts, exposures, exposures by flag, bytes as received.
public struct UFCExposureStats: Sendable, Equatable {
    /// Posts accepted.
    public var posts = 0
    /// Exposures in them.
    public var exposures = 0
    /// Exposures by flag key.
    public var flags: [String: Int] = [:]
    /// Bytes received.
    public var bytes = 0

    /// `{"posts","exposures","flags","bytes"}`.
    var json: JSONValue {
        ["posts": .number(Double(posts)), "exposures": .number(Double(exposures)),
         "flags": .object(flags.mapValues { .number(Double($0)) }), "bytes": .number(Double(bytes))]
    }
}

/// The most recent exposure posts a server in Datadog mode accepted (at most
/// ``DefinitionsServerConfiguration/maxRetainedRecords``; older ones are dropped) and exact
/// totals of every post.
final class UFCExposureInbox: FormatRecords.Record {
    private struct State: Sendable {
        var posts: RecentEntries<UFCExposurePost>
        var stats = UFCExposureStats()
    }

    private let state: Locked<State>

    init(capacity: Int) {
        state = Locked(State(posts: RecentEntries(capacity: capacity)))
    }

    /// Keeps `post` and adds it to the totals.
    func store(_ post: UFCExposurePost) {
        let keys = post.flagKeys
        state.withLock { s in
            s.posts.append(post)
            s.stats.posts += 1
            s.stats.exposures += keys.count
            s.stats.bytes += post.receivedBytes
            for key in keys { s.stats.flags[key, default: 0] += 1 }
        }
    }

    /// The posts kept, oldest first.
    var posts: [UFCExposurePost] { state.withLock { $0.posts.elements } }

    /// Totals of every post, dropped ones included.
    var stats: UFCExposureStats { state.withLock { $0.stats } }
}
