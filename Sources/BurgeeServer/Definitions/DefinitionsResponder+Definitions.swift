import Hummingbird

extension DefinitionsResponder {
    /// `GET /definitions`: the document, or 304 when the client holds it already.
    func definitionsResponse(_ request: Request) -> Response {
        let served = server.store.served
        var headers: HTTPFields = [.eTag: served.etag, .cacheControl: "no-cache"]
        let ifNoneMatch = request.headers[values: .ifNoneMatch].joined(separator: ",")
        if !ifNoneMatch.isEmpty, EntityTag.ifNoneMatch(ifNoneMatch, matches: served.etag) {
            var response = Response(status: .notModified, headers: headers)
            // A 304 describes the 200 it stands for; a Content-Length of 0 would misstate it.
            response.headers[.contentLength] = nil
            return response
        }
        headers[.contentType] = "application/json"
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: served.body))
    }
}
