import BurgeeCore
import Hummingbird
import NIOCore

/// LaunchDarkly's server-side SDK protocol, as a Relay Proxy serves it: the data set by item at
/// `GET /sdk/latest-all` and the older collections, the `GET /all` stream, and the event posts.
enum LaunchDarklyServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .launchDarkly }

    /// The SDKs' base, stream and events URIs are all the root.
    static var clientPath: String { "" }

    static let flagsPath = "/sdk/latest-flags"
    static let segmentsPath = "/sdk/latest-segments"

    static let routes: [ServedRoute] = [
        .get("/sdk/latest-all", .definitions),
        .get("/all", .stream),
        .post("/bulk", .launchDarklyBulk),
        .post("/diagnostic", .launchDarklyDiagnostic),
        .collection(flagsPath, .launchDarklyFlags),
        .collection(segmentsPath, .launchDarklySegments),
    ]

    static var help: String {
        """
        With LaunchDarkly definitions (--format launchdarkly, or a document told by its shape: \
        {"flags","segments"} as GET /sdk/latest-all serves it, or a stream put's {"path":"/","data"}) the \
        server speaks LaunchDarkly's server-side SDK protocol, as a Relay Proxy does: GET /sdk/latest-all \
        (ETag, 304), GET /sdk/latest-flags and GET /sdk/latest-segments, GET /all (Server-Sent Events: put, \
        then patch and delete with each item's version as the file changes), and the SDKs' event posts \
        POST /bulk and POST /diagnostic (202; listed at GET /events, counted by kind at GET /events/stats); \
        a payload filter (?filter=) cannot be applied to a file and gets 400 with a message. Point a client \
        at it with LaunchDarklyConnection.relayProxy.
        """
    }

    /// LaunchDarkly documents carry no version: the served versions start at 0.
    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        let (flags, segments) = try LaunchDarklyFile.items(of: json)
        return ParsedDefinitions(flags: flags, segments: segments, version: 0, as: self)
    }

    /// LaunchDarkly's data set is `{"flags","segments"}` alone; its items carry the versions.
    static var itemDocumentHasHeader: Bool { false }

    static func refusal(of request: Request, at endpoint: DefinitionsServer.Endpoint) -> Response? {
        switch endpoint {
        case .definitions, .stream, .launchDarklyFlags, .launchDarklySegments:
            DefinitionsResponder.launchDarklyFilterRefusal(request)
        default:
            nil
        }
    }

    /// A `put` that wraps the data set as `{"path":"/","data":{…}}`, without an event ID.
    static func openingEvent(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        var line = ByteBuffer()
        line.reserveCapacity(served.body.readableBytes + 24)
        line.writeString(#"{"path":"/","data":"#)
        line.writeImmutableBuffer(served.body)
        line.writeString("}")
        return ServerSentEvent.encode(event: "put", id: nil, jsonLine: line, retry: retry)
    }

    static func streamEvents(for changes: [DefinitionsChange], in served: ServedDefinitions,
                             documentChanged: Bool) -> [ByteBuffer] {
        changes.map(event(for:))
    }

    /// `{"path":"/flags/KEY","data":{…}}` or `{"path":"/segments/KEY","version":N}`.
    private static func event(for change: DefinitionsChange) -> ByteBuffer {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("path")
        writer.string((change.kind == .flag ? "/flags/" : "/segments/") + change.key)
        if let object = change.object {
            writer.key("data")
            writer.value(object)
        } else {
            writer.key("version")
            writer.int(Int(change.version))
        }
        writer.endObject()
        return ServerSentEvent.encode(event: change.isDeletion ? "delete" : "patch", id: nil,
                                      jsonLine: ByteBuffer(bytes: writer.bytes))
    }

    /// The `/bulk` and `/diagnostic` posts: `[{"path":"/bulk","payloadId":…,"body":[…]}, …]`.
    static func receivedEvents(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, .array(server.launchDarklyInbox.posts.map(\.listed)))
    }

    /// `{"requests","bytes","bulk","diagnostic","events","kinds":{kind: n}}`.
    static func eventStats(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, server.launchDarklyInbox.stats.json)
    }

    static func count(on server: DefinitionsServer, into activity: inout ServerActivity) {
        let stats = server.launchDarklyInbox.stats
        activity.launchDarklyBulk = stats.bulkRequests
        activity.launchDarklyDiagnostic = stats.diagnosticRequests
        activity.launchDarklyEventKinds = stats.kinds
    }

    /// `LaunchDarkly: 1 bulk post, 1 diagnostic post (events: custom 1, diagnostic-init 1)`.
    static func summary(of activity: ServerActivity) -> String? {
        var posts: [String] = []
        if activity.launchDarklyBulk > 0 { posts.append(ServerActivity.counted(activity.launchDarklyBulk, "bulk post")) }
        if activity.launchDarklyDiagnostic > 0 {
            posts.append(ServerActivity.counted(activity.launchDarklyDiagnostic, "diagnostic post"))
        }
        guard !posts.isEmpty else { return nil }
        let byKind = activity.launchDarklyEventKinds.sorted { ByteOrder.precedes($0.key, $1.key) }
        let kindList = byKind.map { "\($0.key.isEmpty ? "?" : $0.key) \($0.value)" }.joined(separator: ", ")
        return "LaunchDarkly: " + posts.joined(separator: ", ") + (kindList.isEmpty ? "" : " (events: \(kindList))")
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["LaunchDarkly: GET \(clientURL)/sdk/latest-all (polling), GET \(clientURL)/all (streaming), " +
            "POST \(clientURL)/bulk and \(clientURL)/diagnostic (events)"]
    }
}
