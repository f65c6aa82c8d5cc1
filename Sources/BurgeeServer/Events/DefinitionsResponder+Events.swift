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
    ///
    /// Every answer carries `Accept-Encoding: gzip` while gzip is accepted (RFC 7694), so a client
    /// learns it from its first request.
    func eventsResponse(_ request: Request) async throws -> Response {
        let arrived = ContinuousClock.now
        let configuration = server.configuration
        let limit = configuration.maxEventsBodyBytes
        var headers: HTTPFields = [:]
        if configuration.acceptsGzipEvents { headers[.acceptEncoding] = "gzip" }
        let encoding = request.headers[values: .contentEncoding]
        let coding: EventBodyDecoding.Coding
        do {
            coding = try EventBodyDecoding.coding(encoding, acceptsGzip: configuration.acceptsGzipEvents)
        } catch {
            return Self.refusal(error, limit: limit, headers: headers)
        }
        if let length = request.headers[.contentLength].flatMap({ Int($0) }), length > limit {
            return Self.refusal(.tooLarge, limit: limit, headers: headers)
        }
        guard let received = try await Self.collect(request.body, limit: limit) else {
            return Self.refusal(.tooLarge, limit: limit, headers: headers)
        }
        let body: [UInt8]
        do {
            body = try EventBodyDecoding.decode(received, coding: coding, limit: limit)
            try EventBodyDecoding.validateBatch(body)
        } catch {
            return Self.refusal(error, limit: limit, headers: headers)
        }
        server.inbox.store(ReceivedEvents(
            body: body, contentEncoding: encoding.isEmpty ? nil : encoding.joined(separator: ", "),
            contentType: request.headers[.contentType], time: arrived, receivedBytes: received.readableBytes
        ))
        return Response(status: .accepted, headers: headers)
    }

    /// The body as received, or `nil` as soon as it exceeds `limit`.
    private static func collect(_ body: RequestBody, limit: Int) async throws -> ByteBuffer? {
        var collected = ByteBuffer()
        for try await chunk in body {
            guard collected.readableBytes + chunk.readableBytes <= limit else { return nil }
            collected.writeImmutableBuffer(chunk)
        }
        return collected
    }

    private static func refusal(_ failure: EventBodyDecoding.Failure, limit: Int, headers: HTTPFields) -> Response {
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

    /// `GET /events`: the event bodies kept (the most recent
    /// ``DefinitionsServerConfiguration/maxRetainedRecords``), decoded, as a JSON array in arrival
    /// order: `[{"schemaVersion":1,"events":[…]}, …]`.
    func receivedEventsResponse() -> Response {
        var body: [UInt8] = [UInt8(ascii: "[")]
        for (i, received) in server.inbox.received.enumerated() {
            if i > 0 { body.append(UInt8(ascii: ",")) }
            // Each body was parsed as a JSON object when it was stored.
            body.append(contentsOf: received.body)
        }
        body.append(UInt8(ascii: "]"))
        return Response(status: .ok, headers: [.contentType: "application/json", .cacheControl: "no-cache"],
                        body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    /// `GET /events/stats`: `{"requests": n, "bytes": b}`, bytes as received.
    func eventStatsResponse() -> Response {
        let stats = server.inbox.stats
        return JSONResponses.json(.ok, ["requests": .number(Double(stats.requests)), "bytes": .number(Double(stats.bytes))])
    }
}
