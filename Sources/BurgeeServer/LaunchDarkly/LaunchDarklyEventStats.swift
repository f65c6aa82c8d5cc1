import BurgeeCore

/// Totals of the event posts a server in LaunchDarkly mode accepted, as `GET /events/stats`
/// reports them: exact, posts dropped from the retained list included.
public struct LaunchDarklyEventStats: Sendable, Hashable {
    /// `POST /bulk` requests accepted.
    public var bulkRequests: Int
    /// `POST /diagnostic` requests accepted.
    public var diagnosticRequests: Int
    /// Their total size in bytes as received, before decoding.
    public var bytes: Int
    /// Requests by the kind of SDK whose endpoint received them (`server`, `mobile`, `javascript`).
    public var sdks: [String: Int]
    /// Events by their `kind` member (`feature`, `summary`, `index`, `identify`, `custom`,
    /// `diagnostic-init`, `diagnostic` …), over both endpoints.
    public var kinds: [String: Int]

    /// Nothing counted.
    init() {
        self.init(bulkRequests: 0)
    }

    /// Totals.
    public init(bulkRequests: Int = 0, diagnosticRequests: Int = 0, bytes: Int = 0, kinds: [String: Int] = [:],
                sdks: [String: Int] = [:]) {
        self.sdks = sdks
        self.bulkRequests = bulkRequests
        self.diagnosticRequests = diagnosticRequests
        self.bytes = bytes
        self.kinds = kinds
    }

    /// How many events in all.
    public var events: Int { kinds.values.reduce(0, +) }

    /// `{"requests":n,"bytes":b,"bulk":x,"diagnostic":y,"events":e,"kinds":{…},"sdks":{…}}`.
    var json: JSONValue {
        [
            "requests": .number(Double(bulkRequests + diagnosticRequests)), "bytes": .number(Double(bytes)),
            "bulk": .number(Double(bulkRequests)), "diagnostic": .number(Double(diagnosticRequests)),
            "events": .number(Double(events)), "kinds": .object(kinds.mapValues { .number(Double($0)) }),
            "sdks": .object(sdks.mapValues { .number(Double($0)) }),
        ]
    }
}
