import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// `POST /events`: decodes the body by its `Content-Encoding`, checks its size and shape,
    /// stores it decoded and answers 202.
    ///
    /// - 415 for a content coding other than gzip (or gzip when ``DefinitionsServerConfiguration/acceptsGzipEvents``
    ///   is off), before the body is read.
    /// - 413 for a body above ``DefinitionsServerConfiguration/maxEventsBodyBytes``, as received or decoded.
    /// - 400 for a corrupt gzip stream, or a body that is not a JSON object with an `events` array.
    func eventsResponse(_ request: Request) async throws -> Response {
        let arrived = ContinuousClock.now
        let body = try await readEventBody(request) { (bytes) throws(EventBodyDecoding.Failure) in
            try EventBodyDecoding.validateBatch(bytes)
            return bytes
        }
        switch body {
        case .refused(let response):
            return response
        case .accepted(let bytes, let receivedBytes):
            let encoding = request.headers[values: .contentEncoding]
            server.inbox.store(ReceivedEvents(
                body: bytes, contentEncoding: encoding.isEmpty ? nil : encoding.joined(separator: ", "),
                contentType: request.headers[.contentType], time: arrived, receivedBytes: receivedBytes
            ))
            return Response(status: .accepted, headers: eventAnswerHeaders)
        }
    }

    /// The body as received, or `nil` as soon as it exceeds `limit`.
    static func collect(_ body: RequestBody, limit: Int) async throws -> ByteBuffer? {
        var collected = ByteBuffer()
        for try await chunk in body {
            guard collected.readableBytes + chunk.readableBytes <= limit else { return nil }
            collected.writeImmutableBuffer(chunk)
        }
        return collected
    }

    static func refusal(_ failure: EventBodyDecoding.Failure, limit: Int, headers: HTTPFields) -> Response {
        switch failure {
        case .unsupportedEncoding(let coding):
            let accepted = headers[.acceptEncoding] == nil ? "only uncompressed bodies" : "gzip or uncompressed bodies"
            return JSONResponses.error(.unsupportedMediaType, "unsupported_encoding",
                                       "Content-Encoding '\(coding)' is not accepted; send \(accepted)", headers: headers)
        case .tooLarge:
            return JSONResponses.error(.contentTooLarge, "too_large", "event bodies are limited to \(limit) bytes", headers: headers)
        case .corruptEncoding(let message):
            return JSONResponses.error(.badRequest, "invalid_encoding", message, headers: headers)
        case .invalidBatch(let message):
            return JSONResponses.error(.badRequest, "invalid_body", message, headers: headers)
        }
    }

    /// `GET /events`: what the server recorded, the most recent
    /// ``DefinitionsServerConfiguration/maxRetainedRecords`` of each kind, in arrival order, as
    /// the served format lists them (``ServedFormat/receivedEvents(on:)``).
    func receivedEventsResponse() -> Response {
        server.servedFormat.receivedEvents(on: server)
    }

    /// `GET /events/stats`: exact totals of what the server recorded, dropped entries included,
    /// as the served format counts them (``ServedFormat/eventStats(on:)``).
    func eventStatsResponse() -> Response {
        server.servedFormat.eventStats(on: server)
    }

    /// The `POST /events` bodies, decoded, as a JSON array: `[{"schemaVersion":1,"events":[…]}, …]`.
    static func receivedBatchesResponse(_ inbox: EventsInbox) -> Response {
        var body: [UInt8] = [UInt8(ascii: "[")]
        for (i, received) in inbox.posts.enumerated() {
            if i > 0 { body.append(UInt8(ascii: ",")) }
            // Each body was parsed as a JSON object when it was stored.
            body.append(contentsOf: received.body)
        }
        body.append(UInt8(ascii: "]"))
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// The `POST /events` totals: `{"requests": n, "bytes": b}`, bytes as received.
    static func batchStatsResponse(_ inbox: EventsInbox) -> Response {
        let stats = inbox.stats
        return JSONResponses.json(.ok, ["requests": .number(Double(stats.requests)), "bytes": .number(Double(stats.bytes))])
    }
}
