import BurgeeCore
import Hummingbird
import NIOCore

/// Kameleoon's SDK API, from a file (one environment's SDK configuration document): the
/// configuration endpoint `GET /v3/{siteCode}` (`ETag`, `Last-Modified`, 304), its real-time
/// updates `GET /sse` (`configuration-update-event` as the file changes), the access token
/// `POST /oauth/token`, and the Data API: tracking `POST /visit/events` (recorded and counted),
/// visitor data `GET /visit/visitor` and `GET /map/map` (from
/// ``DefinitionsServerConfiguration/visitorData``). The document is also served whole at
/// `GET /definitions`; OFREP evaluates its flags.
///
/// Kameleoon's SDKs fetch the configuration and open the stream without credentials, so those two
/// routes are open whatever the server's SDK key: the document stays behind the key at
/// `GET /definitions`. The Data API's routes take the bearer tokens `POST /oauth/token` issues,
/// checked when the server has an SDK key (the client secret); see
/// ``DefinitionsResponder/kameleoonTokenResponse(_:)``.
enum KameleoonServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .kameleoon }
    /// A visitor: its code, and what the command line replays (docs/kameleoon.md).
    static var exampleContext: JSONValue { ["visitorCode": "visitor-1"] }
    /// `visitorCode`.
    static var contextKeyMember: String { "visitorCode" }

    /// Kameleoon's SDKs reach four domains (configuration, events, Data API, OAuth); one server
    /// stands for all of them, so clients take its root and append each path.
    static var clientPath: String { "" }

    /// The configuration endpoint's collection: `/v3/{siteCode}`.
    static let configurationPath = "/v3"

    static let routes: [ServedRoute] = [
        .get("/definitions", .definitions),
        .collection(configurationPath, .kameleoonConfiguration),
        .get("/sse", .kameleoonStream),
        .post("/oauth/token", .kameleoonToken),
        .post("/visit/events", .kameleoonTracking),
        .get("/visit/visitor", .kameleoonVisitor),
        .get("/map/map", .kameleoonMap),
    ]

    static var help: String {
        """
        With Kameleoon definitions (--format kameleoon: the body of Kameleoon's SDK configuration endpoint) \
        the server speaks Kameleoon's SDK API at the root, which stands for Kameleoon's configuration, events, \
        Data API and OAuth domains: GET /v3/{siteCode} (any site code; environment and ts ignored; ETag and \
        Last-Modified, 304 for If-None-Match or If-Modified-Since), GET /sse (Server-Sent Events: \
        configuration-update-event with {"ts"} as the file changes), POST /oauth/token \
        (grant_type=client_credentials with Basic credentials; with --sdk-key the client secret must be the \
        key, and the Data API routes need a token it issued), POST /visit/events (one event per line; listed \
        at GET /events, counted by event type and visitor at GET /events/stats), and GET /visit/visitor and \
        GET /map/map, answered from --kameleoon-visitors (a JSON object: visitor code or key → the Data API's \
        answer; {} for others). Kameleoon's SDKs fetch the configuration and open the stream without a key, \
        so those two routes are open whatever --sdk-key; the document stays behind the key at \
        GET /definitions.
        """
    }

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        try ParsedDefinitions(whole: json, as: self)
    }

    /// A comment: Kameleoon's stream carries nothing until the configuration changes.
    static func openingEvent(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        KameleoonStreamEvents.opening(retry: retry)
    }

    /// `configuration-update-event` when the document changed, with the moment it did.
    static func streamEvents(for changes: [DefinitionsChange], from previous: ServedDefinitions,
                             to served: ServedDefinitions) -> [ByteBuffer] {
        guard served.documentVersion != previous.documentVersion else { return [] }
        return [KameleoonStreamEvents.configurationUpdate(at: served.modified.milliseconds)]
    }

    /// `[{"path":"/visit/events","query":{…},"events":[{param: value, …}, …]}, …]`, the tracking
    /// posts kept, oldest first.
    static func receivedEvents(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, .array(server.kameleoonTrackingPosts.map(\.listed)))
    }

    /// ``KameleoonTrackingStats``' JSON: `{"posts": N, "events": {type: N, …}, "visitors": N}`.
    static func eventStats(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, server.kameleoonTrackingStats.json)
    }

    static func count(on server: DefinitionsServer, into activity: inout ServerActivity) {
        let inbox = server.records.of(KameleoonInbox.self)
        let stats = inbox.stats
        activity.kameleoonTrackingPosts = stats.posts
        activity.kameleoonEvents = stats.events.values.reduce(0, +)
        let fetches = server.records.of(KameleoonFetches.self).fetches
        activity.kameleoonVisitorFetches = fetches.visitor
        activity.kameleoonMapFetches = fetches.map
        activity.kameleoonTokens = server.records.of(KameleoonTokens.self).issued
    }

    /// `Kameleoon: 2 tracking posts (5 events), 1 visitor fetch, 1 map fetch, 1 token issued`.
    static func summary(of activity: ServerActivity) -> String? {
        var parts: [String] = []
        if activity.kameleoonTrackingPosts > 0 {
            parts.append(ServerActivity.counted(activity.kameleoonTrackingPosts, "tracking post")
                + " (\(ServerActivity.counted(activity.kameleoonEvents, "event")))")
        }
        if activity.kameleoonVisitorFetches > 0 {
            parts.append(ServerActivity.counted(activity.kameleoonVisitorFetches, "visitor fetch", plural: "visitor fetches"))
        }
        if activity.kameleoonMapFetches > 0 {
            parts.append(ServerActivity.counted(activity.kameleoonMapFetches, "map fetch", plural: "map fetches"))
        }
        if activity.kameleoonTokens > 0 {
            parts.append(ServerActivity.counted(activity.kameleoonTokens, "token") + " issued")
        }
        return parts.isEmpty ? nil : "Kameleoon: " + parts.joined(separator: ", ")
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["Kameleoon (one base URL for the configuration, events, Data API and OAuth domains): " +
            "GET \(clientURL)/v3/{siteCode} (ETag, Last-Modified, 304), GET \(clientURL)/sse?siteCode={siteCode} " +
            "(configuration-update-event as the file changes), POST \(clientURL)/oauth/token",
         "Kameleoon Data API: POST \(clientURL)/visit/events (tracking; listed at GET \(clientURL)/events, counted at " +
            "GET \(clientURL)/events/stats), GET \(clientURL)/visit/visitor and GET \(clientURL)/map/map (from the visitors document)",
         "Burgee's Kameleoon polling: GET \(clientURL)/definitions (the whole document)"]
    }
}
