import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// `POST /api/client/register` and `POST /api/client/metrics`: a JSON object (with a `bucket`
    /// object for metrics) is stored and answered 202; anything else 400, a body above
    /// ``DefinitionsServerConfiguration/maxEventsBodyBytes`` 413.
    func unleashReportResponse(_ request: Request, kind: UnleashReport) async throws -> Response {
        let limit = server.configuration.maxEventsBodyBytes
        let tooLarge = JSONResponses.error(.contentTooLarge, "too_large", "bodies are limited to \(limit) bytes")
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit { return tooLarge }
        var collected = ByteBuffer()
        for try await chunk in request.body {
            guard collected.readableBytes + chunk.readableBytes <= limit else { return tooLarge }
            collected.writeImmutableBuffer(chunk)
        }
        let body: JSONValue
        do {
            body = try JSONValue(parsing: Array(collected.readableBytesView))
        } catch {
            return JSONResponses.error(.badRequest, "invalid_body", "the body is not JSON: \(error)")
        }
        guard case .object(let members) = body else {
            return JSONResponses.error(.badRequest, "invalid_body", "the body must be a JSON object")
        }
        if kind == .metrics, members["bucket"]?.objectValue == nil {
            return JSONResponses.error(.badRequest, "invalid_body", "metrics need a bucket object")
        }
        switch kind {
        case .registration: server.unleashRegistrationInbox.store(body)
        case .metrics: server.unleashMetricsInbox.store(body)
        }
        forward(request, body: Array(collected.readableBytesView))
        return Response(status: .accepted)
    }
}

extension DefinitionsResponder {
    /// `GET /api/client/features`: the features document, with the query's `project` and
    /// `namePrefix` filters applied (``UnleashFeatureQuery``); a filtered answer has a strong
    /// `ETag` of its own body. 304 for `If-None-Match`.
    func unleashFeaturesResponse(_ request: Request) -> Response {
        let parameters = request.uri.queryParameters
        let query = UnleashFeatureQuery(projects: parameters.getAll("project"), namePrefix: parameters.getAll("namePrefix").first)
        let served = server.store.served
        guard !query.isEmpty, let document = served.wholeDocument else { return definitionsResponse(request) }
        return Self.taggedJSON(Array(query.apply(to: document).serialized().utf8), version: served.documentVersion, request)
    }
}

extension DefinitionsResponder {
    /// The `project` and `namePrefix` filters are applied to `GET /api/client/features` only: on
    /// `GET /api/client/streaming` every subscriber gets the same events, so a filtered stream is
    /// refused with 400 and a message rather than served unfiltered; `nil` when the request
    /// carries no filter.
    static func unleashStreamFilterRefusal(_ request: Request) -> Response? {
        let parameters = request.uri.queryParameters
        let query = UnleashFeatureQuery(projects: parameters.getAll("project"), namePrefix: parameters.getAll("namePrefix").first)
        guard !query.isEmpty else { return nil }
        return JSONResponses.error(
            .badRequest, "stream_filter_unsupported",
            "burgee serve does not filter the stream by project or namePrefix; filter GET /api/client/features, or stream without them")
    }
}
