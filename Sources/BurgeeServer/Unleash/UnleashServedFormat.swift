import BurgeeCore
import Hummingbird
import NIOCore

/// Unleash's client API, as Unleash Edge serves it offline: the features document served whole
/// at `GET /api/client/features`, its streaming, and the SDKs' registrations and metrics.
enum UnleashServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .unleash }
    /// Unleash's context: `userId`, the standard fields, `properties`.
    static var exampleContext: JSONValue { ["userId": "user-1", "properties": ["country": "FR"]] }
    /// `userId`, the default stickiness.
    static var contextKeyMember: String { "userId" }

    /// Unleash SDKs take the API's base URL and append `/client/features` and the rest.
    static var clientPath: String { "/api" }

    static let routes: [ServedRoute] = serverRoutes + frontendRoutes

    /// Unleash's client API, for the server-side SDKs.
    private static let serverRoutes: [ServedRoute] = [
        .get("/api/client/features", .unleashFeatures),
        .get("/api/client/streaming", .stream),
        .post("/api/client/register", .unleashRegister),
        .post("/api/client/metrics", .unleashMetrics),
    ]

    /// Unleash's frontend API, for the frontend SDKs, at each of its prefixes.
    private static let frontendRoutes: [ServedRoute] = DefinitionsResponder.unleashFrontendPrefixes.flatMap { prefix -> [ServedRoute] in
        [
            .get(prefix, .unleashFrontend),
            .post(prefix, .unleashFrontend),
            .collection(prefix + "/features", .unleashFrontendFeature),
            .collection(prefix + "/features", .unleashFrontendFeature, method: .post),
            .post(prefix + "/client/metrics", .unleashFrontendMetrics),
            .post(prefix + "/client/register", .unleashFrontendRegister),
        ]
    }

    static var help: String {
        """
        With Unleash definitions (--format unleash, or a features document told by its shape) the server \
        speaks Unleash's client API, as Unleash Edge does offline: GET /api/client/features (ETag, 304; the \
        project and namePrefix filters applied), GET /api/client/streaming (Server-Sent Events: \
        unleash-connected, then unleash-updated as the file changes), POST /api/client/register and \
        POST /api/client/metrics (stored, listed at GET /events, counted at GET /events/stats). It also \
        serves Unleash's frontend API, as Unleash and Unleash Edge do, for the frontend SDKs (given \
        URL/api/frontend): GET /api/frontend (the context in the query: userId, sessionId, remoteAddress, \
        environment, appName, currentTime, properties[name]=value) and POST /api/frontend (the context as the \
        JSON body) answer the toggles enabled for the context, with their variants (ETag, 304); \
        GET /api/frontend/features/{name} one toggle (404 when disabled or unknown); POST \
        /api/frontend/client/metrics and /client/register are counted with the server-side ones; /api/proxy \
        and /proxy answer the same. With --frontend-key those routes need one of the frontend keys in \
        Authorization (401 otherwise, the --sdk-key included); without it they are open.
        """
    }

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        try ParsedDefinitions(whole: json, as: self)
    }

    static func refusal(of request: Request, at endpoint: DefinitionsServer.Endpoint) -> Response? {
        endpoint == .stream ? DefinitionsResponder.unleashStreamFilterRefusal(request) : nil
    }

    static func openingEvent(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        UnleashStreamEvents.state(served, event: "unleash-connected", retry: retry)
    }

    /// One `unleash-updated` event with the delta API's events of what changed.
    static func streamEvents(for changes: [DefinitionsChange], in served: ServedDefinitions,
                             documentChanged: Bool) -> [ByteBuffer] {
        documentChanged ? [UnleashStreamEvents.update(served)] : []
    }

    /// `{"registrations":[…],"metrics":[…]}`, the bodies as posted.
    static func receivedEvents(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, ["registrations": .array(server.unleashRegistrations), "metrics": .array(server.unleashMetrics)])
    }

    /// `{"registrations": r, "metrics": m, "toggles": {name: {"yes","no","variants"}}}`.
    static func eventStats(on server: DefinitionsServer) -> Response {
        let totals = server.unleashReportCounts
        let toggles = server.unleashToggleCounts.mapValues { counts -> JSONValue in
            ["yes": .number(Double(counts.yes)), "no": .number(Double(counts.no)),
             "variants": .object(counts.variants.mapValues { .number(Double($0)) })]
        }
        return JSONResponses.json(.ok, ["registrations": .number(Double(totals.registrations)),
                                        "metrics": .number(Double(totals.metrics)), "toggles": .object(toggles)])
    }

    static func count(on server: DefinitionsServer, into activity: inout ServerActivity) {
        let toggles = server.unleashToggleCounts.values
        let reports = server.unleashReportCounts
        activity.unleashRegistrations = reports.registrations
        activity.unleashMetrics = reports.metrics
        activity.unleashYes = toggles.reduce(0) { $0 + $1.yes }
        activity.unleashNo = toggles.reduce(0) { $0 + $1.no }
    }

    /// `Unleash: 1 registration, 2 metrics buckets (yes 7, no 2)`.
    static func summary(of activity: ServerActivity) -> String? {
        var reports: [String] = []
        if activity.unleashRegistrations > 0 {
            reports.append(ServerActivity.counted(activity.unleashRegistrations, "registration"))
        }
        if activity.unleashMetrics > 0 {
            reports.append(ServerActivity.counted(activity.unleashMetrics, "metrics bucket")
                + " (yes \(activity.unleashYes), no \(activity.unleashNo))")
        }
        return reports.isEmpty ? nil : "Unleash: " + reports.joined(separator: ", ")
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["Unleash: GET \(clientURL)/client/features, GET \(clientURL)/client/streaming, " +
            "POST \(clientURL)/client/register and \(clientURL)/client/metrics",
         "Unleash frontend API (frontend SDKs' URL): \(clientURL)/frontend"]
    }
}
