import Burgee
import BurgeeCore

/// Where a client finds Kameleoon's services for one site and environment, and its credentials:
/// the SDK configuration, real-time updates, the Data API (tracking and visitor data) and the
/// OAuth token endpoint.
struct KameleoonConnection: Sendable {
    var siteCode: String
    var environment: String?
    /// `https://sdk-config.kameleoon.eu`, or the base every service is below.
    var configurationBase: String
    /// `https://events.kameleoon.eu:8110` (real-time updates).
    var eventsBase: String
    /// `https://data.kameleoon.io` (tracking, visitor data).
    var dataBase: String
    /// `https://api.kameleoon.com` (access tokens).
    var apiBase: String
    var clientID: String?
    var clientSecret: String?
    var refreshInterval: Duration
    var http: HTTPOptions

    /// Kameleoon's services, or those of `networkDomain` (`sdk-config.D`, `events.D`, `data.D`,
    /// `api.D`), or everything below `baseURL` (a proxy, `burgee serve --format kameleoon`).
    init(siteCode: String, environment: String?, clientID: String?, clientSecret: String?, networkDomain: String?,
         baseURL: String?, refreshInterval: Duration, http: HTTPOptions) {
        self.siteCode = siteCode
        self.environment = environment
        self.clientID = clientID
        self.clientSecret = clientSecret
        self.refreshInterval = refreshInterval
        self.http = http
        if let baseURL {
            let base = baseURL.hasSuffix("/") ? String(baseURL.dropLast()) : baseURL
            configurationBase = base
            eventsBase = base
            dataBase = base
            apiBase = base
        } else {
            let domain = networkDomain ?? "kameleoon.eu"
            configurationBase = "https://sdk-config.\(domain)"
            eventsBase = "https://events.\(domain):8110"
            dataBase = networkDomain.map { "https://data.\($0)" } ?? "https://data.kameleoon.io"
            apiBase = networkDomain.map { "https://api.\($0)" } ?? "https://api.kameleoon.com"
        }
    }

    /// Burgee's name in Kameleoon's `sdkName` parameter and `X-Kameleoon-SDK-Type` header.
    static let sdkName = "BURGEE"

    /// The query parameters of every Data API and token request.
    var sdkQuery: String {
        "sdkName=\(Self.sdkName)&sdkVersion=\(SDKVersion.version)&siteCode=\(KameleoonQuery.encode(siteCode))"
    }

    func configurationURL(timestamp: Int64?) throws(ConfigurationError) -> ServiceURL {
        var query: [String] = []
        if let environment { query.append("environment=\(KameleoonQuery.encode(environment))") }
        if let timestamp { query.append("ts=\(timestamp)") }
        let url = configurationBase + "/v3/" + KameleoonQuery.encode(siteCode) + (query.isEmpty ? "" : "?" + query.joined(separator: "&"))
        return try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP)
    }

    func realTimeURL() throws(ConfigurationError) -> ServiceURL {
        try ServiceURL(eventsBase + "/sse?siteCode=" + KameleoonQuery.encode(siteCode), allowInsecureHTTP: http.allowInsecureHTTP)
    }

    func trackingURL() -> String {
        dataBase + "/visit/events?" + sdkQuery + "&bodyUa=true"
    }

    func tokenURL() throws(ConfigurationError) -> ServiceURL {
        try ServiceURL(apiBase + "/oauth/token?" + sdkQuery, allowInsecureHTTP: http.allowInsecureHTTP)
    }

    func visitorDataURL(_ code: String, filter: KameleoonRemoteVisitorDataFilter) throws(ConfigurationError) -> ServiceURL {
        var url = dataBase + "/visit/visitor?siteCode=\(KameleoonQuery.encode(siteCode))&visitorCode=\(KameleoonQuery.encode(code))"
        url += "&maxNumberPreviousVisits=\(filter.previousVisitAmount)&version=0&staticData=true"
        let flags: [(Bool, String)] = [
            (filter.kcs, "kcs"), (filter.currentVisit, "currentVisit"), (filter.customData, "customData"),
            (filter.conversions, "conversion"), (filter.geolocation, "geolocation"), (filter.experiments, "experiment"),
            (filter.pageViews, "page"), (filter.personalization, "personalization"), (filter.cbs, "cbs"),
        ]
        for (on, name) in flags where on { url += "&\(name)=true" }
        return try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP)
    }

    /// Checks what a client needs before it starts.
    func validate() throws(ConfigurationError) {
        guard !siteCode.isEmpty else { throw .invalidConnection("Kameleoon needs the site code") }
        guard refreshInterval > .zero else { throw .notPositive("the Kameleoon configuration refresh interval") }
        try http.validate()
        _ = try configurationURL(timestamp: nil)
        _ = try realTimeURL()
        _ = try tokenURL()
        _ = try ServiceURL(trackingURL(), allowInsecureHTTP: http.allowInsecureHTTP)
    }
}

/// Percent-encoding of a query value (``PercentEncoding``).
enum KameleoonQuery {
    static func encode(_ text: String) -> String { PercentEncoding.encode(text) }
}
