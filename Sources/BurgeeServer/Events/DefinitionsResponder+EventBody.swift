import Hummingbird
import NIOCore

/// An event post's body once read: what is stored, or the answer that refuses it.
enum EventPostBody<Value> {
    /// The body, turned into what is stored, and its size as received.
    case accepted(Value, receivedBytes: Int)
    /// The answer to send instead.
    case refused(Response)
}

extension DefinitionsResponder {
    /// The headers of every answer to an event post: `Accept-Encoding: gzip` while gzip is
    /// accepted (RFC 7694), so that a client learns it from its first request.
    var eventAnswerHeaders: HTTPFields {
        server.configuration.acceptsGzipEvents ? [.acceptEncoding: "gzip"] : [:]
    }

    /// Reads an event post's body the one way every event endpoint accepts it: a content coding
    /// other than gzip (or gzip while it is not accepted) gets 415 before the body is read; a body
    /// above ``DefinitionsServerConfiguration/maxEventsBodyBytes``, as received or decoded, 413; a
    /// corrupt gzip stream 400. `read` turns the decoded bytes into what is stored, or refuses
    /// them (400 for `.invalidBatch`).
    func readEventBody<Value>(
        _ request: Request, _ read: ([UInt8]) throws(EventBodyDecoding.Failure) -> Value
    ) async throws -> EventPostBody<Value> {
        let configuration = server.configuration
        let limit = configuration.maxEventsBodyBytes
        let headers = eventAnswerHeaders
        let coding: EventBodyDecoding.Coding
        do {
            coding = try EventBodyDecoding.coding(request.headers[values: .contentEncoding],
                                                  acceptsGzip: configuration.acceptsGzipEvents)
        } catch {
            return .refused(Self.refusal(error, limit: limit, headers: headers))
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return .refused(Self.refusal(.tooLarge, limit: limit, headers: headers))
        }
        guard let received = try await Self.collect(request.body, limit: limit) else {
            return .refused(Self.refusal(.tooLarge, limit: limit, headers: headers))
        }
        do {
            let decoded = try EventBodyDecoding.decode(received, coding: coding, limit: limit)
            let value = try read(decoded)
            // Every caller records what is accepted here: forwarded once, as recorded.
            forward(request, body: decoded)
            return .accepted(value, receivedBytes: received.readableBytes)
        } catch {
            return .refused(Self.refusal(error, limit: limit, headers: headers))
        }
    }
}
