/// How a ``DefinitionsServer`` listens and behaves.
public struct DefinitionsServerConfiguration: Sendable {
    /// The address to listen on: a host name or an IP address.
    public var host: String
    /// The port to listen on; `0` lets the system pick a free port, reported once listening.
    public var port: Int
    /// The key every request must carry in `Authorization`, raw or as `Bearer <key>`; `nil` for none.
    public var sdkKey: String?
    /// The keys Unleash's frontend API (`/api/frontend` and below, `/api/proxy`, `/proxy`)
    /// requires in `Authorization`, raw or as `Bearer <key>`, apart from ``sdkKey``, which it
    /// refuses: a frontend key is public, shipped in apps, and reads only evaluated toggles.
    /// Empty (the default) leaves those routes open.
    public var frontendKeys: [String]
    /// The mobile keys LaunchDarkly's mobile SDKs' routes (`/msdk/evalx`, `/meval`, `/mobile`)
    /// require in `Authorization` (raw, `api_key <key>` or `Bearer <key>`), apart from ``sdkKey``.
    /// Empty (the default) leaves those routes open.
    public var mobileKeys: [String] = []
    /// The client-side IDs LaunchDarkly's JavaScript SDKs' routes (`/sdk/evalx/{envId}`,
    /// `/eval/{envId}`, `/events/bulk/{envId}`) answer for; another ID gets 404. Empty (the
    /// default) answers for any.
    public var environmentIDs: [String] = []
    /// Whether LaunchDarkly's JavaScript SDKs' evaluation routes require secure mode's `h`: the
    /// context's hash under ``sdkKey`` (HMAC-SHA256 of its fully qualified key); 400 otherwise.
    public var launchDarklySecureMode = false
    /// The client tokens Datadog's client SDKs' routes (`POST /precompute-assignments`, and the
    /// intake's `POST /api/v2/exposures` beside the ``sdkKey``) accept in `dd-client-token` /
    /// `DD-API-KEY`. Empty (the default) leaves the precompute route open.
    public var clientTokens: [String] = []
    /// The auth tokens the Split Evaluator REST API (`/client/…`, `/manager/…`, `/admin/…`)
    /// requires in `Authorization`, as Split's evaluator checks `SPLIT_EVALUATOR_AUTH_TOKEN`.
    /// Empty (the default) leaves those routes open.
    public var splitEvaluatorTokens: [String] = []
    /// How often an open stream receives a `: heartbeat` comment line.
    public var heartbeatInterval: Duration
    /// How often a definitions file is checked for changes.
    public var watchInterval: Duration
    /// The clock ``watchInterval`` is measured on: `ContinuousClock()` by default. A test that
    /// passes a manual clock (`ManualClock` of `BurgeeTesting`) decides when the file is checked,
    /// by advancing it.
    public var watchClock: any Clock<Duration>
    /// The largest `POST /events` body accepted, as received and once decoded; larger ones are
    /// answered with 413.
    public var maxEventsBodyBytes: Int
    /// Whether `POST /events` accepts gzipped bodies and says so with `Accept-Encoding: gzip` on
    /// its answers (RFC 7694); when off, the header is not sent and gzipped bodies get 415.
    public var acceptsGzipEvents: Bool
    /// The reconnection delay sent as a `retry:` field when a stream opens; `nil` sends none.
    public var streamRetry: Duration?
    /// How long ``RunningDefinitionsServer/stop()`` lets requests in progress finish before it cancels them.
    public var shutdownGracePeriod: Duration
    /// The definitions' format and with it the API served: Burgee's own for
    /// `DefinitionsFormat.native` (`GET /definitions`, `GET /stream`, `POST /events`; see
    /// `docs/sync.md`), and for each other format the API its clients speak, described on the
    /// format's page in `docs/`. ``RunningDefinitionsServer/clientURL`` is the URL its clients take.
    public var format: DefinitionsFormat
    /// Whether the server answers OFREP, the OpenFeature Remote Evaluation Protocol
    /// (`POST /ofrep/v1/evaluate/flags/{key}` and `POST /ofrep/v1/evaluate/flags`), evaluating
    /// the served definitions of any format; on by default. See `docs/openfeature.md`.
    public var servesOFREP: Bool
    /// Whether the server shows the flag explorer, a page at `/explorer` (`GET /` leads there)
    /// with the JSON API behind it: the served flags, rules and segments in words, a context
    /// evaluated with its trace, rollouts drawn; on by default. See `docs/explorer.md`.
    public var servesExplorer: Bool
    /// The largest OFREP (and explorer) request body accepted; larger ones are answered with 413.
    public var maxOFREPBodyBytes: Int
    /// How many entries each of the server's in-memory records keeps: the request log, the
    /// `POST /events` bodies, and each kind of post a format's clients send. Past it the oldest
    /// are dropped, so memory stays bounded however long the server runs; the totals
    /// (``DefinitionsServer/requestCount``, ``DefinitionsServer/eventStats``, and the format's
    /// own) count every entry, dropped ones included.
    public var maxRetainedRecords: Int
    /// Whether push notifications are offered where the API makes them optional: in Split mode,
    /// `GET /api/v2/auth` answers `pushEnabled: true` with a token for `GET /event-stream`; when
    /// off it answers `pushEnabled: false` and Split's SDKs only poll. On by default.
    public var offersPush: Bool
    /// What the served API answers about visitors, for formats whose vendor keeps data per
    /// visitor on its servers: a visitor code → that API's answer for it. In Kameleoon mode, the
    /// body of the Data API's `GET /visit/visitor` (`{"currentVisit", "previousVisits", "kcs",
    /// "cbs"}`), also looked up by mapping value, and `GET /map/map?key=…`'s entry under the key;
    /// a visitor or key without an entry is answered `{}`. Empty by default.
    public var visitorData: [String: JSONValue]
    /// Where the posts the server accepts are sent on, when it relays from a vendor (`burgee serve
    /// --upstream`): every event post, impression, metrics bucket, exposure and tracking line its
    /// clients send, and the impressions and events of the evaluations it makes for them (Split's
    /// evaluator). `nil` (the default) keeps them here only.
    public var forwarder: (any PostForwarder)?

    /// A configuration; the defaults listen on a free loopback port without an SDK key.
    public init(
        host: String = "127.0.0.1",
        port: Int = 0,
        sdkKey: String? = nil,
        frontendKeys: [String] = [],
        heartbeatInterval: Duration = .seconds(15),
        watchInterval: Duration = .milliseconds(250),
        maxEventsBodyBytes: Int = 10 << 20,
        streamRetry: Duration? = nil,
        shutdownGracePeriod: Duration = .seconds(1),
        acceptsGzipEvents: Bool = true,
        format: DefinitionsFormat = .native,
        servesOFREP: Bool = true,
        servesExplorer: Bool = true,
        maxOFREPBodyBytes: Int = 1 << 20,
        maxRetainedRecords: Int = 10_000,
        offersPush: Bool = true,
        visitorData: [String: JSONValue] = [:],
        watchClock: any Clock<Duration> = ContinuousClock()
    ) {
        self.watchClock = watchClock
        self.visitorData = visitorData
        self.offersPush = offersPush
        self.maxRetainedRecords = maxRetainedRecords
        self.format = format
        self.servesOFREP = servesOFREP
        self.servesExplorer = servesExplorer
        self.maxOFREPBodyBytes = maxOFREPBodyBytes
        self.host = host
        self.port = port
        self.sdkKey = sdkKey
        self.frontendKeys = frontendKeys
        self.heartbeatInterval = heartbeatInterval
        self.watchInterval = watchInterval
        self.maxEventsBodyBytes = maxEventsBodyBytes
        self.streamRetry = streamRetry
        self.shutdownGracePeriod = shutdownGracePeriod
        self.acceptsGzipEvents = acceptsGzipEvents
    }
}
