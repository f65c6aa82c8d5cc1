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

    static let routes: [ServedRoute] = serverRoutes + clientRoutes

    /// LaunchDarkly's server-side SDK protocol.
    private static let serverRoutes: [ServedRoute] = [
        .get("/sdk/latest-all", .definitions),
        .get("/all", .stream),
        .post("/bulk", .launchDarklyBulk),
        .post("/diagnostic", .launchDarklyDiagnostic),
        .collection(flagsPath, .launchDarklyFlags),
        .collection(segmentsPath, .launchDarklySegments),
    ]

    /// The client-side (JavaScript) and mobile SDKs' routes, as the Relay Proxy serves them;
    /// `users/{context}` and `user` are the older names of `contexts/{context}` and `context`.
    private static let clientRoutes: [ServedRoute] = {
        let report = HTTPRequest.Method("REPORT")!
        var routes: [ServedRoute] = []
        for (get, byReport) in [("contexts/{context}", "context"), ("users/{context}", "user")] {
            routes.append(.template(.get, "/msdk/evalx/" + get, .launchDarklyMobileFlags))
            routes.append(.template(report, "/msdk/evalx/" + byReport, .launchDarklyMobileFlags))
            routes.append(.template(.get, "/sdk/evalx/{envId}/" + get, .launchDarklyJavaScriptFlags))
            routes.append(.template(report, "/sdk/evalx/{envId}/" + byReport, .launchDarklyJavaScriptFlags))
        }
        routes += [
            .template(.get, "/meval/{context}", .launchDarklyMobileStream),
            .template(report, "/meval", .launchDarklyMobileStream),
            .template(.get, "/eval/{envId}/{context}", .launchDarklyJavaScriptStream),
            .template(report, "/eval/{envId}", .launchDarklyJavaScriptStream),
            .template(.post, "/mobile/events/bulk", .launchDarklyMobileEvents),
            .template(.post, "/mobile/events", .launchDarklyMobileEvents),
            .template(.post, "/mobile", .launchDarklyMobileEvents),
            .template(.post, "/mobile/events/diagnostic", .launchDarklyMobileDiagnostic),
            .template(.post, "/events/bulk/{envId}", .launchDarklyJavaScriptEvents),
            .template(.post, "/events/diagnostic/{envId}", .launchDarklyJavaScriptDiagnostic),
        ]
        // A browser asks before each cross-origin request to the JavaScript SDKs' paths.
        let javaScriptPaths = Set(routes.filter { $0.path.hasPrefix("/sdk/") || $0.path.hasPrefix("/eval/") || $0.path.hasPrefix("/events/") }
            .map(\.path))
        routes += javaScriptPaths.sorted().map { .template(.options, $0, .launchDarklyPreflight) }
        return routes
    }()

    static var help: String {
        """
        With LaunchDarkly definitions (--format launchdarkly, or a document told by its shape: \
        {"flags","segments"} as GET /sdk/latest-all serves it, or a stream put's {"path":"/","data"}) the \
        server speaks LaunchDarkly's server-side SDK protocol, as a Relay Proxy does: GET /sdk/latest-all \
        (ETag, 304), GET /sdk/latest-flags and GET /sdk/latest-segments, GET /all (Server-Sent Events: put, \
        then patch and delete with each item's version as the file changes), and the SDKs' event posts \
        POST /bulk and POST /diagnostic (202; listed at GET /events, counted by kind at GET /events/stats); \
        a payload filter (?filter=) is not found and gets 404 with a message, as from the Relay Proxy. Point a client \
        at it with LaunchDarklyConnection.relayProxy. It also serves LaunchDarkly's client-side and mobile \
        SDKs, as the Relay Proxy does, each flag evaluated for the SDK's context: GET \
        /msdk/evalx/contexts/{base64url context} and REPORT /msdk/evalx/context (mobile), GET \
        /sdk/evalx/{envId}/contexts/{context} and REPORT /sdk/evalx/{envId}/context (JavaScript, with CORS) \
        answer {flag: {value, variation, version, flagVersion, trackEvents, trackReason, reason, \
        debugEventsUntilDate, prerequisites}} for the flags the SDK's kind may see (clientSideAvailability; \
        reasons with ?withReasons=true; ETag, 304); GET /meval/{context}, REPORT /meval, GET \
        /eval/{envId}/{context} and REPORT /eval/{envId} stream a put of those flags, then another as the file \
        changes; their event posts (/mobile/events/bulk, /mobile/events, /mobile, /mobile/events/diagnostic, \
        /events/bulk/{envId}, /events/diagnostic/{envId}) are counted with the server-side ones. With \
        --mobile-key the mobile routes need one of the keys in Authorization (401 otherwise); with \
        --environment-id the JavaScript routes answer those IDs only (404 otherwise); with --secure-mode they \
        need h, the context's hash under the --sdk-key (400 otherwise). Without them those routes are open.
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
            "POST \(clientURL)/bulk and \(clientURL)/diagnostic (events)",
         "LaunchDarkly mobile and client-side SDKs (their base, stream and events URLs): \(clientURL)"]
    }
}
