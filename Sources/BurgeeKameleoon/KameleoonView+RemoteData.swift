import Burgee
import BurgeeCore

/// What `getRemoteVisitorData` asks Kameleoon's Data API for (Kameleoon's `RemoteVisitorDataFilter`).
public struct KameleoonRemoteDataFilter: Sendable, Hashable {
    /// How many previous visits (1…25).
    public var previousVisitAmount: Int = 1
    /// The current visit.
    public var currentVisit = true
    /// Custom data.
    public var customData = true
    /// Page views.
    public var pageViews = false
    /// Geolocation.
    public var geolocation = false
    /// Device type.
    public var device = false
    /// Browser.
    public var browser = false
    /// Operating system.
    public var operatingSystem = false
    /// Conversions.
    public var conversions = false
    /// Experiment assignments.
    public var experiments = false
    /// Key-moment scores (`HEAT_SLICE` conditions).
    public var kcs = false
    /// The newest visit's visitor code, which then becomes the visitor's bucketing code.
    public var visitorCode = true
    /// Personalizations.
    public var personalization = false
    /// Contextual bandit scores.
    public var cbs = false

    /// Kameleoon's default filter.
    public init() {}

    var core: KameleoonRemoteVisitorDataFilter {
        var f = KameleoonRemoteVisitorDataFilter()
        f.previousVisitAmount = min(max(previousVisitAmount, 1), 25)
        f.currentVisit = currentVisit
        f.customData = customData
        f.pageViews = pageViews
        f.geolocation = geolocation
        f.device = device
        f.browser = browser
        f.operatingSystem = operatingSystem
        f.conversions = conversions
        f.experiments = experiments
        f.kcs = kcs
        f.visitorCode = visitorCode
        f.personalization = personalization
        f.cbs = cbs
        return f
    }
}

extension KameleoonView {
    /// The data stored under `key` in Kameleoon's Data API (Kameleoon's `getRemoteData(key)`,
    /// `GET {data}/map/map?siteCode=…&key=…` with the client's access token): the answer's JSON
    /// whatever its status, as Kameleoon's SDKs return it; `nil` when the answer is empty or not
    /// JSON or the request failed (the failure is logged, as theirs log it).
    /// - Throws: ``KameleoonError/remoteData(_:)`` when the client was not configured with
    ///   `Configuration.kameleoon(…)`.
    public func getRemoteData(key: String) async throws(KameleoonError) -> JSONValue? {
        guard let remote = client.kameleoonServices.remoteData else {
            throw .remoteData("the client has no Kameleoon connection (BurgeeClient.Configuration.kameleoon)")
        }
        return await remote.remoteData(key)
    }

    /// Fetches what Kameleoon's Data API holds for the visitor (Kameleoon's
    /// `getRemoteVisitorData(visitorCode, addData, filter)`) and, with `addData`, adds it to the
    /// visitor without replacing local data, as Kameleoon's SDKs do (previous visits, scores,
    /// assignments and the newest visit's code for bucketing included).
    /// - Returns: the Data API's answer.
    /// - Throws: ``KameleoonError/visitorCodeInvalid(_:)``; ``KameleoonError/remoteData(_:)`` when the
    ///   client was not configured with `Configuration.kameleoon(…)` or the Data API failed.
    @discardableResult
    public func getRemoteVisitorData(visitorCode: String, addData: Bool = true,
                                     filter: KameleoonRemoteDataFilter = KameleoonRemoteDataFilter()) async throws(KameleoonError)
        -> JSONValue
    {
        try Self.check(visitorCode)
        guard let remote = client.kameleoonServices.remoteData else {
            throw .remoteData("the client has no Kameleoon connection (BurgeeClient.Configuration.kameleoon)")
        }
        let answer = try await remote.visitorData(visitorCode, filter: filter.core)
        guard addData else { return answer }
        let (document, now) = client.cell.read { ($0.snapshot?.kameleoonDocument, $0.snapshot?.nowMilliseconds) }
        let time = now ?? client.clock.wallMilliseconds()
        let data = KameleoonRemoteVisitorData(json: answer, filter: filter.core, now: time)
        try client.kameleoonServices.visitors.withTrackedVisitor(visitorCode, now: time) { visitor, tracking throws(KameleoonError) in
            visitor.add(data, at: time, document: document)
            // Kameleoon's SDKs hold the Data API's data as sent: `flush()` registers the visitor.
            if !data.isEmpty { tracking.holdsRemoteData = true }
        }
        return answer
    }
}
