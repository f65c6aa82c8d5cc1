import BurgeeCore
import Hummingbird

/// Datadog's flag configuration CDN and exposure intake, from a file (a UFC document, raw or in
/// the CDN's JSON:API envelope): `GET /api/v2/feature-flagging/config/rules-based/server`
/// (the envelope, `ETag`, 304 for `If-None-Match`; open, as a custom base URL is to Datadog's
/// SDKs, but a `DD-API-KEY` that is sent must be the SDK key), and the exposures Datadog's SDKs
/// send, agentless (`POST /api/v2/exposures`, with `DD-API-KEY`) or through the Agent's EVP proxy
/// (`POST /evp_proxy/v2/api/v2/exposures`, announced by the Agent's `GET /info`), recorded and
/// counted. The document is also served whole at `GET /definitions`; OFREP
/// evaluates its flags.
enum DatadogServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .datadog }
    /// A subject: `targetingKey` and `attributes`.
    static var exampleContext: JSONValue { ["targetingKey": "user-1", "attributes": ["country": "FR"]] }
    /// `targetingKey`.
    static var contextKeyMember: String { "targetingKey" }

    /// The configuration path; a client given the server's root as its agentless base URL (an
    /// origin) appends it.
    static let configurationPath = "/api/v2/feature-flagging/config/rules-based/server"

    /// Clients take the root as the CDN's (and the intake's) origin.
    static var clientPath: String { "" }

    static let routes: [ServedRoute] = [
        .get("/definitions", .definitions),
        .get(configurationPath, .datadogConfiguration),
        .post("/api/v2/exposures", .datadogExposures),
        .post("/evp_proxy/v2/api/v2/exposures", .datadogAgentExposures),
        .get("/info", .datadogAgentInfo),
        .post("/precompute-assignments", .datadogPrecompute),
    ]

    static var help: String {
        """
        With Datadog definitions (--format datadog: a Universal Flag Configuration, raw or in its JSON:API \
        envelope) the server speaks Datadog's flag CDN and exposure intake at the root (the agentless base \
        URL): GET /api/v2/feature-flagging/config/rules-based/server (the document in its envelope; ETag, 304; \
        open, as Datadog's SDKs send no key to a custom base URL, but with --sdk-key a DD-API-KEY sent must \
        be the key, else 403), POST /api/v2/exposures (with --sdk-key, DD-API-KEY must carry the key, else \
        403), and, as the Agent (DD_TRACE_AGENT_URL), GET /info and POST /evp_proxy/v2/api/v2/exposures \
        (X-Datadog-EVP-Subdomain: event-platform-intake); exposures are listed at GET /events and counted by \
        flag at GET /events/stats. For Datadog's client SDKs (iOS, browser; their customFlagsEndpoint) it \
        answers POST /precompute-assignments, the flags assigned to the subject in the body evaluated on the \
        server ({"data":{"attributes":{"flags":{key:{allocationKey, variationKey, variationType, \
        variationValue, reason, doLog}}}}}), and takes their exposures at POST /api/v2/exposures as lines of \
        JSON; with --client-token those routes need one of the tokens (dd-client-token, DD-API-KEY).
        """
    }

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        try ParsedDefinitions(whole: json, as: self)
    }

    /// The exposure posts kept, oldest first: `[{"path","body"}, …]`.
    static func receivedEvents(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, .array(server.records.of(UFCExposureInbox.self).posts.map(\.listed)))
    }

    /// `{"posts": N, "exposures": N, "flags": {flag: N, …}, "bytes": N}`, every post counted.
    static func eventStats(on server: DefinitionsServer) -> Response {
        JSONResponses.json(.ok, server.records.of(UFCExposureInbox.self).stats.json)
    }

    static func count(on server: DefinitionsServer, into activity: inout ServerActivity) {
        let stats = server.records.of(UFCExposureInbox.self).stats
        activity.datadogExposurePosts = stats.posts
        activity.datadogExposures = stats.exposures
    }

    /// `Datadog: 2 exposure posts (5 exposures)`.
    static func summary(of activity: ServerActivity) -> String? {
        guard activity.datadogExposurePosts > 0 else { return nil }
        return "Datadog: " + ServerActivity.counted(activity.datadogExposurePosts, "exposure post")
            + " (" + ServerActivity.counted(activity.datadogExposures, "exposure") + ")"
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["  GET  \(clientURL)\(configurationPath)  (DD_FEATURE_FLAGS_CONFIGURATION_SOURCE_AGENTLESS_BASE_URL=\(clientURL))",
         "  POST \(clientURL)/api/v2/exposures, \(clientURL)/evp_proxy/v2/api/v2/exposures  (DD_TRACE_AGENT_URL=\(clientURL))"]
    }
}

/// Eppo's flag configuration CDN, from a file (a UFC document): `GET /api/flag-config/v1/config`
/// (`ETag`, 304 for `If-None-Match`; the `apiKey` parameter must be the SDK key when the server has
/// one, else 401, which stops Eppo's poller). Eppo's SDKs log assignments to the application's
/// own logger, so there is nothing to post. The document is also served whole at
/// `GET /definitions`; OFREP evaluates its flags.
enum EppoServedFormat: ServedFormat {
    static var format: DefinitionsFormat { .eppo }
    /// A subject: `targetingKey` and `attributes`.
    static var exampleContext: JSONValue { ["targetingKey": "user-1", "attributes": ["country": "FR"]] }
    /// `targetingKey`.
    static var contextKeyMember: String { "targetingKey" }

    static let configurationPath = "/api/flag-config/v1/config"

    /// Eppo's SDKs take a base URL ending in `/api` and append `/flag-config/v1/config`.
    static var clientPath: String { "/api" }

    static let routes: [ServedRoute] = [
        .get("/definitions", .definitions),
        .get(configurationPath, .eppoConfiguration),
        .post("/assignments", .eppoPrecompute),
    ]

    static var help: String {
        """
        With Eppo definitions (--format eppo) the server speaks Eppo's CDN below /api: \
        GET /api/flag-config/v1/config (ETag, 304; with --sdk-key, the apiKey parameter must be the key, \
        else 401). For Eppo's precomputed clients (given the server's root as their base URL) it answers \
        POST /assignments: the flags assigned to the subject in the body ({"subject_key", \
        "subject_attributes"}), evaluated on the server and obfuscated as Eppo's service obfuscates them \
        (keys as MD5 of a salt and the key, values in base64); apiKey as above.
        """
    }

    static func parse(_ json: JSONValue) throws(DefinitionsError) -> ParsedDefinitions {
        try ParsedDefinitions(whole: json, as: self)
    }

    static func routeLines(at clientURL: String) -> [String] {
        ["  GET  \(clientURL)/flag-config/v1/config?apiKey=…  (Eppo's base URL: \(clientURL))"]
    }
}
