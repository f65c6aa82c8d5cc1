import Hummingbird

extension DefinitionsResponder {
    /// `GET /v3/{siteCode}[?environment=…][&ts=…]`: the document whole, as Kameleoon's
    /// configuration endpoint answers, for any site code; `environment` and `ts` are accepted and
    /// ignored (the file is one environment's document). `ETag` and `Last-Modified` (see
    /// ``ContentModification``) come with it, and `Cache-Control: no-cache`. A request whose
    /// `If-None-Match` names the tag gets 304 without a body; without `If-None-Match`, one whose
    /// `If-Modified-Since` is at or after `Last-Modified` gets 304 too (RFC 9110 §13.2.2: when both
    /// are sent the tag decides, and a date that is not an HTTP date is ignored).
    ///
    /// Open without the SDK key, as Kameleoon's SDKs send none; `GET /v3` without a site code is
    /// answered as an unknown path (401 without the key, 404 with it).
    func kameleoonConfigurationResponse(_ request: Request) -> Response {
        let siteCode = request.uri.path.dropFirst(KameleoonServedFormat.configurationPath.count).dropFirst()
        guard !siteCode.isEmpty else {
            guard server.keyCheck.accepts(request.headers[.authorization]) else {
                return JSONResponses.error(.unauthorized, "unauthorized", "the Authorization header must carry the SDK key")
            }
            return JSONResponses.error(.notFound, "not_found", "name a site: \(KameleoonServedFormat.configurationPath)/{siteCode}")
        }
        let served = server.store.served
        let lastModified = served.modified.lastModifiedSeconds
        var headers: HTTPFields = [.eTag: served.etag, .lastModified: HTTPDate.format(unixSeconds: lastModified), .cacheControl: "no-cache"]
        if Self.isNotModified(request, etag: served.etag, lastModified: lastModified) {
            var response = Response(status: .notModified, headers: headers)
            // A 304 describes the 200 it stands for; a Content-Length of 0 would misstate it.
            response.headers[.contentLength] = nil
            return response
        }
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: served.body))
    }

    /// Whether the client holds the served document, by its tag or, without one, by its date.
    private static func isNotModified(_ request: Request, etag: String, lastModified: Int64) -> Bool {
        let ifNoneMatch = request.headers[values: .ifNoneMatch].joined(separator: ",")
        if !ifNoneMatch.isEmpty { return EntityTag.ifNoneMatch(ifNoneMatch, matches: etag) }
        // More than one value is not a date (RFC 9110 §13.1.3): ignored.
        let dates = request.headers[values: .ifModifiedSince]
        guard dates.count == 1, let since = HTTPDate.parse(dates[0]) else { return false }
        return since >= lastModified
    }

    /// `GET /sse?siteCode=…`: Server-Sent Events with the server's heartbeats; a comment when it
    /// opens, then `configuration-update-event` with `{"ts": <Unix ms of the change>}` at each
    /// change of the served document. Any site code, or none, is accepted. Open without the SDK
    /// key, as Kameleoon's SDKs send none.
    func kameleoonStreamResponse(_ request: Request) -> Response {
        let store = server.store
        let retry = server.configuration.streamRetry
        return eventStreamResponse(request) { store.subscribe(retry: retry) }
    }
}
