import Hummingbird

extension DefinitionsResponder {
    /// `POST /events`: stores the body as it arrived and answers 202, or 413 when it is too large.
    func eventsResponse(_ request: Request) async throws -> Response {
        let arrived = ContinuousClock.now
        let limit = server.configuration.maxEventsBodyBytes
        let tooLarge = JSONResponses.error(.contentTooLarge, "too_large", "event bodies are limited to \(limit) bytes")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return tooLarge
        }
        var body: [UInt8] = []
        for try await chunk in request.body {
            guard body.count + chunk.readableBytes <= limit else { return tooLarge }
            body.append(contentsOf: chunk.readableBytesView)
        }
        server.inbox.store(ReceivedEvents(
            body: body, contentEncoding: request.headers[.contentEncoding],
            contentType: request.headers[.contentType], time: arrived
        ))
        return Response(status: .accepted)
    }

    /// `GET /events/stats`: `{"requests": n, "bytes": b}`.
    func eventStatsResponse() -> Response {
        let stats = server.inbox.stats
        return JSONResponses.json(.ok, ["requests": .number(Double(stats.requests)), "bytes": .number(Double(stats.bytes))])
    }
}
