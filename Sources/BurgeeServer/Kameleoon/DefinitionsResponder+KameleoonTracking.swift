import Hummingbird

extension DefinitionsResponder {
    /// `POST /visit/events?sdkName=…&sdkVersion=…&siteCode=…&bodyUa=…`: Kameleoon's tracking. The
    /// body is decoded like `POST /events` (gzip accepted, 415 for other codings, 413 above
    /// ``DefinitionsServerConfiguration/maxEventsBodyBytes``) and read as one event per line
    /// (``KameleoonTrackingLines``); a body that is not UTF-8, or with a line that names no
    /// `eventType` or visitor, gets 400 with a message and nothing is recorded. Accepted posts are
    /// kept and counted (by event type and visitor) and answered 204. With an SDK key, the request
    /// needs a token from `POST /oauth/token` (401 otherwise).
    func kameleoonTrackingResponse(_ request: Request) async throws -> Response {
        if let refusal = kameleoonBearerRefusal(request) { return refusal }
        let body = try await readEventBody(request) { (bytes) throws(EventBodyDecoding.Failure) in
            try KameleoonTrackingLines.events(in: bytes)
        }
        switch body {
        case .refused(let response):
            return response
        case .accepted(let events, let receivedBytes):
            let post = KameleoonTrackingPost(query: Self.kameleoonQuery(request), events: events, receivedBytes: receivedBytes)
            server.records.of(KameleoonInbox.self).store(post)
            var response = Response(status: .noContent, headers: eventAnswerHeaders)
            response.headers[.contentLength] = nil
            return response
        }
    }

    /// The request's query parameters by name, decoded (kept as written when they cannot be); a
    /// repeated name keeps its last value.
    static func kameleoonQuery(_ request: Request) -> [String: String] {
        KameleoonQueryString.lenientParameters(Substring(request.uri.query ?? ""))
    }
}
