import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// `GET /visit/visitor?siteCode=…&visitorCode=…&maxNumberPreviousVisits=…&…`: Kameleoon's
    /// remote visitor data, the body ``DefinitionsServerConfiguration/visitorData`` holds for
    /// the visitor, as configured (the filter parameters are accepted and not applied), or `{}`
    /// for a visitor it does not hold. A visitor sent as `mappingValue` is looked up the same way;
    /// without either, 400. With an SDK key, the request needs a token from `POST /oauth/token`
    /// (401 otherwise). Each answer is counted.
    func kameleoonVisitorResponse(_ request: Request) -> Response {
        if let refusal = kameleoonBearerRefusal(request) { return refusal }
        let query = Self.kameleoonQuery(request)
        guard let visitor = KameleoonTrackingPost.visitor(of: query) else {
            return JSONResponses.error(.badRequest, "invalid_request", "visitorCode is missing: /visit/visitor?siteCode=…&visitorCode=…")
        }
        server.records.of(KameleoonFetches.self).count(.visitor)
        return JSONResponses.json(.ok, server.configuration.visitorData[visitor] ?? [:])
    }

    /// `GET /map/map?siteCode=…&key=…`: Kameleoon's remote data, the entry of
    /// ``DefinitionsServerConfiguration/visitorData`` under `key`, or `{}`; without `key`,
    /// 400. With an SDK key, the request needs a token from `POST /oauth/token` (401 otherwise).
    /// Each answer is counted.
    func kameleoonMapResponse(_ request: Request) -> Response {
        if let refusal = kameleoonBearerRefusal(request) { return refusal }
        guard let key = Self.kameleoonQuery(request)["key"], !key.isEmpty else {
            return JSONResponses.error(.badRequest, "invalid_request", "key is missing: /map/map?siteCode=…&key=…")
        }
        server.records.of(KameleoonFetches.self).count(.map)
        return JSONResponses.json(.ok, server.configuration.visitorData[key] ?? [:])
    }
}
