import BurgeeCore
import Hummingbird

/// Split's SDK API, from a file (the body of `/splitChanges` with `segments`): `GET
/// /api/splitChanges` and `GET /api/segmentChanges/{name}` with Split's since/till semantics,
/// `GET /api/v2/auth` with a streaming token and `GET /event-stream` (Split's streaming service:
/// notifications of file changes, control and occupancy messages), and the impression and event posts.
/// The document is also served whole at `GET /definitions`; OFREP evaluates its flags.
///
/// The served change number of flags, rule-based segments and segments alike is the document's
/// `ff.t` (at least 1), and moves up whenever the file's content changes, even when the file's
/// own number does not.
enum SplitServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .split }
    /// Split's key and attributes.
    static var exampleContext: JSONValue { ["key": "user-1", "attributes": ["country": "FR"]] }

    /// Split's SDKs take the SDK and events base URLs (`…/api`) and append their paths.
    static var clientPath: String { "/api" }

    static let segmentChangesPath = "/api/segmentChanges"

    static let routes: [ServedRoute] = [
        .get("/definitions", .definitions),
        .get("/api/splitChanges", .splitChanges),
        .collection(segmentChangesPath, .splitSegmentChanges),
        .get("/api/v2/auth", .splitAuth),
        .get("/api/v3/auth", .splitThinAuth),
        .post("/api/evaluations", .splitRemoteEvaluation),
        .get("/event-stream", .splitEventStream),
        .get("/api/event-stream", .splitEventStream),
        .post("/api/testImpressions/bulk", .splitImpressions),
        .post("/api/testImpressions/count", .splitImpressionCounts),
        .post("/api/events/bulk", .splitEvents),
        .post("/api/v1/metrics/config", .splitTelemetry),
        .post("/api/v1/metrics/usage", .splitTelemetry),
        .post("/api/v1/keys/ss", .splitTelemetry),
    ] + evaluatorRoutes

    /// Split's self-hosted Split Evaluator REST API.
    private static let evaluatorRoutes: [ServedRoute] = {
        let evaluations: [(String, DefinitionsServer.Endpoint)] = [
            ("get-treatment", .splitEvaluatorTreatment), ("get-treatment-with-config", .splitEvaluatorTreatmentWithConfig),
            ("get-treatments", .splitEvaluatorTreatments), ("get-treatments-with-config", .splitEvaluatorTreatmentsWithConfig),
            ("get-treatments-by-sets", .splitEvaluatorTreatmentsBySets),
            ("get-treatments-with-config-by-sets", .splitEvaluatorTreatmentsWithConfigBySets),
            ("get-all-treatments", .splitEvaluatorAllTreatments),
            ("get-all-treatments-with-config", .splitEvaluatorAllTreatmentsWithConfig),
        ]
        var routes = evaluations.flatMap { path, endpoint in
            [ServedRoute.get("/client/" + path, endpoint), .post("/client/" + path, endpoint)]
        }
        routes.append(.get("/client/track", .splitEvaluatorTrack))
        routes += ["split", "splits", "names"].map { .get("/manager/" + $0, .splitEvaluatorManager) }
        routes += ["ping", "healthcheck", "version", "machine", "uptime"].map { .get("/admin/" + $0, .splitEvaluatorAdmin) }
        return routes
    }()

    static var help: String {
        """
        With Split definitions (--format split: a /splitChanges body with segments) the server speaks Split's \
        SDK API below /api, for Split's SDKs (sdk, events and auth URL .../api, streaming off) and Burgee's \
        Split polling: GET /api/splitChanges (s=1.3 or 1.1, since and rbSince, sets= filtering by flag set; \
        the change number is the file's ff.t and moves up as the file changes), GET /api/segmentChanges/{name}, \
        GET /api/v2/auth (no push, so SDKs poll), and POST /api/testImpressions/bulk, \
        /api/testImpressions/count and /api/events/bulk (listed at GET /events, counted by flag and event type \
        at GET /events/stats), and the SDKs' telemetry (telemetry URL .../api too) at \
        POST /api/v1/metrics/config, /api/v1/metrics/usage and /api/v1/keys/ss; the document is also served \
        whole at GET /definitions. It also answers the REST API of Split's self-hosted Split Evaluator \
        (GET or POST /client/get-treatment, get-treatment-with-config, get-treatments, \
        get-treatments-with-config, get-treatments-by-sets, get-treatments-with-config-by-sets, \
        get-all-treatments, get-all-treatments-with-config; GET /client/track, /manager/split, /manager/splits, \
        /manager/names, /admin/ping, /admin/healthcheck, /admin/version, /admin/machine, /admin/uptime), its \
        impressions and events recorded with the SDKs'; with --evaluator-auth-token those routes need one of \
        the tokens in Authorization (401 otherwise). Split's thin client SDKs (remote evaluation) get a token \
        at GET /api/v3/auth and the treatments of every flag for their key at POST /api/evaluations \
        (304 when the change number is theirs).
        """
    }

    /// What a stream opens with when the server's own state is not at hand (a fault cutting it):
    /// an occupancy message per control channel, one publisher each.
    static func openingEvent(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        var opening = ByteBuffer()
        for channel in SplitPushMessage.ControlChannel.allCases {
            var event = SplitStreamEvents.occupancy(channel, publishers: 1, timestamp: DefinitionsResponder.unixMilliseconds())
            opening.writeBuffer(&event)
        }
        return opening
    }

    /// Split's notifications of what changed between the two documents.
    static func streamEvents(for changes: [DefinitionsChange], from previous: ServedDefinitions,
                             to served: ServedDefinitions) -> [ByteBuffer] {
        SplitStreamEvents.updates(from: previous, to: served, timestamp: DefinitionsResponder.unixMilliseconds())
    }

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        var parsed = try ParsedDefinitions(whole: json, as: self)
        // -1 (no `ff.t`) is what a client sends before its first fetch: a served number must differ.
        parsed.version = max(parsed.version, 1)
        return parsed
    }

    /// `[{"path":"/api/testImpressions/bulk","body":…}, …]`, the posts as received.
    static func receivedEvents(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, .array(server.splitPosts.map(\.listed)))
    }

    /// ``SplitPostStats``' JSON.
    static func eventStats(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, server.splitPostStats.json)
    }

    static func count(on server: DefinitionsServer, into activity: inout ServerActivity) {
        let stats = server.splitPostStats
        activity.splitImpressionPosts = stats.posts[.impressions] ?? 0
        activity.splitImpressions = stats.impressions.values.reduce(0, +)
        activity.splitImpressionCountPosts = stats.posts[.impressionCounts] ?? 0
        activity.splitEventPosts = stats.posts[.events] ?? 0
        activity.splitEvents = stats.events.values.reduce(0, +)
    }

    /// `Split: 2 impression posts (5 impressions), 1 count post, 1 event post (3 events)`.
    static func summary(of activity: ServerActivity) -> String? {
        var posts: [String] = []
        if activity.splitImpressionPosts > 0 {
            posts.append(ServerActivity.counted(activity.splitImpressionPosts, "impression post")
                + " (\(ServerActivity.counted(activity.splitImpressions, "impression")))")
        }
        if activity.splitImpressionCountPosts > 0 {
            posts.append(ServerActivity.counted(activity.splitImpressionCountPosts, "count post"))
        }
        if activity.splitEventPosts > 0 {
            posts.append(ServerActivity.counted(activity.splitEventPosts, "event post")
                + " (\(ServerActivity.counted(activity.splitEvents, "event")))")
        }
        return posts.isEmpty ? nil : "Split: " + posts.joined(separator: ", ")
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["Split (sdk, events and auth URL \(clientURL)): GET \(clientURL)/splitChanges, " +
            "GET \(clientURL)/segmentChanges/{name}, GET \(clientURL)/v2/auth (a streaming token), " +
            "POST \(clientURL)/testImpressions/bulk, \(clientURL)/testImpressions/count and \(clientURL)/events/bulk, " +
            "telemetry (its URL \(clientURL) too) at POST \(clientURL)/v1/metrics/config, \(clientURL)/v1/metrics/usage and \(clientURL)/v1/keys/ss",
         "Split streaming (streaming URL \(clientURL.dropLast(clientPath.count)) or \(clientURL)): " +
            "GET \(clientURL.dropLast(clientPath.count))/event-stream and \(clientURL)/event-stream",
         "Burgee's Split polling: GET \(clientURL.dropLast(clientPath.count))/definitions (the whole document)"]
    }
}
