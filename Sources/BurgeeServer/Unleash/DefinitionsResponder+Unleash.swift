import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// `POST /api/client/register` and `POST /api/client/metrics`: a JSON object (with a `bucket`
    /// object for metrics) is stored and answered 202; anything else 400, a body above
    /// ``DefinitionsServerConfiguration/maxEventsBodyBytes`` 413.
    func unleashReportResponse(_ request: Request, kind: UnleashInbox.Kind) async throws -> Response {
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
        server.unleashInbox.store(body, as: kind)
        return Response(status: .accepted)
    }
}
