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

/// The exposure posts a server in Datadog mode accepted, and their totals.
typealias UFCExposureInbox = Inbox<UFCExposureStats>

extension UFCExposureStats: PostTally {
    /// Counts one post: its exposures by flag and its size.
    mutating func add(_ post: UFCExposurePost) {
        let keys = post.flagKeys
        posts += 1
        exposures += keys.count
        bytes += post.receivedBytes
        for key in keys { flags[key, default: 0] += 1 }
    }
}
