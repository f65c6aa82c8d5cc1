import AsyncHTTPClient
import BurgeeServer
import Hummingbird
import Testing

@Suite("POST /events")
struct EventsEndpointTests {
    private static func post(_ client: HTTPClient, _ running: RunningDefinitionsServer, _ body: [UInt8],
                             encoding: String? = nil) async throws -> Fetched {
        var headers = [("Content-Type", "application/json")]
        if let encoding { headers.append(("Content-Encoding", encoding)) }
        return try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", headers: headers, body: body)
    }

    @Test("bodies are stored decoded and answered 202 with Accept-Encoding: gzip; stats count the bytes received")
    func stored() async throws {
        try await TestServer.with { server, running, client in
            let first = EventBodies.batch(key: "first")
            let second = EventBodies.batch(key: "second", size: 200_000)
            let compressed = try EventBodies.gzip(second)
            #expect(compressed.count < second.count / 10)
            let answer = try await Self.post(client, running, first)
            #expect(answer.status == 202)
            #expect(answer.body.isEmpty)
            #expect(answer.header("Accept-Encoding") == "gzip")
            let gzip = try await Self.post(client, running, compressed, encoding: "gzip")
            #expect(gzip.status == 202)
            #expect(gzip.header("Accept-Encoding") == "gzip")
            #expect(server.receivedEvents == [first, second])
            #expect(server.receivedEventRequests.map(\.contentEncoding) == [nil, "gzip"])
            #expect(server.receivedEventRequests.map(\.receivedBytes) == [first.count, compressed.count])
            #expect(server.receivedEventRequests.first?.contentType == "application/json")
            #expect(server.eventStats == EventStats(requests: 2, bytes: first.count + compressed.count))

            let stats = try await HTTP.fetch(client, running.baseURL + "/events/stats")
            #expect(stats.status == 200)
            #expect(try Documents.json(stats.body) == ["requests": 2, "bytes": .number(Double(first.count + compressed.count))])
        }
    }

    @Test("x-gzip and identity are understood; Content-Encoding is matched without regard to case")
    func codingNames() async throws {
        try await TestServer.with { server, running, client in
            let body = EventBodies.batch()
            for encoding in ["x-gzip", "GZIP"] {
                let answer = try await Self.post(client, running, try EventBodies.gzip(body), encoding: encoding)
                #expect(answer.status == 202, "\(encoding)")
            }
            let identity = try await Self.post(client, running, body, encoding: "identity")
            #expect(identity.status == 202)
            #expect(server.receivedEvents == [body, body, body])
        }
    }

    @Test("a body above the limit gets 413 and is not stored, whether its length is announced or not")
    func tooLarge() async throws {
        try await TestServer.with(configure: { $0.maxEventsBodyBytes = 1000 }) { server, running, client in
            let fits = try await Self.post(client, running, EventBodies.batch(size: 1000))
            #expect(fits.status == 202)
            let announced = try await Self.post(client, running, EventBodies.batch(size: 1001))
            #expect(announced.status == 413)
            #expect(announced.header("Accept-Encoding") == "gzip")

            // Streamed without a Content-Length: counted while reading.
            var request = HTTP.request(running.baseURL + "/events", method: "POST")
            let chunks = (0..<4).map { _ in ByteBuffer(bytes: [UInt8](repeating: 2, count: 400)) }
            request.body = .stream(chunks.async, length: .unknown)
            let streamed = try await client.execute(request, timeout: .seconds(10))
            #expect(streamed.status.code == 413)
            #expect(server.eventStats == EventStats(requests: 1, bytes: 1000))
        }
    }

    @Test("the limit applies to the decoded size: a gzip body decoding to the limit is stored, a gzip bomb gets 413")
    func decodedLimit() async throws {
        let limit = 100_000
        try await TestServer.with(configure: { $0.maxEventsBodyBytes = limit }) { server, running, client in
            let atLimit = EventBodies.batch(size: limit)
            let fits = try await Self.post(client, running, try EventBodies.gzip(atLimit), encoding: "gzip")
            #expect(fits.status == 202)

            // About 10 KB on the wire, 10 MB once inflated.
            let bomb = try EventBodies.gzip(EventBodies.batch(size: 10 << 20))
            #expect(bomb.count < limit)
            let refused = try await Self.post(client, running, bomb, encoding: "gzip")
            #expect(refused.status == 413)
            #expect(try Documents.json(refused.body).objectValue?["error"] == "too_large")
            let justOver = try await Self.post(client, running, try EventBodies.gzip(EventBodies.batch(size: limit + 1)), encoding: "gzip")
            #expect(justOver.status == 413)
            #expect(server.receivedEvents == [atLimit])
        }
    }

    @Test("a corrupt gzip body gets 400 and is not stored")
    func corruptGzip() async throws {
        let valid = try EventBodies.gzip(EventBodies.batch(size: 5000))
        var badChecksum = valid
        badChecksum[badChecksum.count - 6] ^= 0xFF
        let bodies: [(String, [UInt8])] = [
            ("not gzip", EventBodies.batch()),
            ("truncated", Array(valid.dropLast(10))),
            ("truncated in the trailer", Array(valid.dropLast(3))),
            ("bad checksum", badChecksum),
            ("trailing bytes", valid + [1, 2, 3]),
            ("empty", []),
        ]
        try await TestServer.with { server, running, client in
            for (name, body) in bodies {
                let answer = try await Self.post(client, running, body, encoding: "gzip")
                #expect(answer.status == 400, "\(name)")
                #expect(try Documents.json(answer.body).objectValue?["error"] == "invalid_encoding", "\(name)")
            }
            #expect(server.receivedEvents.isEmpty)
            // The same stream, whole, is accepted.
            let whole = try await Self.post(client, running, valid, encoding: "gzip")
            #expect(whole.status == 202)
        }
    }

    @Test("an unknown Content-Encoding gets 415 with Accept-Encoding: gzip, before the body is stored")
    func unknownEncoding() async throws {
        try await TestServer.with { server, running, client in
            for encoding in ["br", "deflate", "compress", "gzip, gzip", "gzip, br"] {
                let answer = try await Self.post(client, running, EventBodies.batch(), encoding: encoding)
                #expect(answer.status == 415, "\(encoding)")
                #expect(answer.header("Accept-Encoding") == "gzip", "\(encoding)")
                #expect(try Documents.json(answer.body).objectValue?["error"] == "unsupported_encoding")
            }
            #expect(server.receivedEvents.isEmpty)
        }
    }

    @Test("with acceptsGzipEvents off, answers carry no Accept-Encoding and gzip bodies get 415")
    func gzipOff() async throws {
        try await TestServer.with(configure: { $0.acceptsGzipEvents = false }) { server, running, client in
            let plain = try await Self.post(client, running, EventBodies.batch())
            #expect(plain.status == 202)
            #expect(plain.header("Accept-Encoding") == nil)
            let gzip = try await Self.post(client, running, try EventBodies.gzip(EventBodies.batch()), encoding: "gzip")
            #expect(gzip.status == 415)
            #expect(gzip.header("Accept-Encoding") == nil)
            #expect(server.receivedEvents == [EventBodies.batch()])
        }
    }

    @Test("a body that is not a JSON object with an events array gets 400, also when gzipped")
    func invalidBatch() async throws {
        let bodies = ["", "not json", "[1]", #"{"events": {}}"#, #"{"schemaVersion": 1}"#, #"{"events": [1"#]
        try await TestServer.with { server, running, client in
            for body in bodies {
                let plain = try await Self.post(client, running, Array(body.utf8))
                #expect(plain.status == 400, "\(body)")
                #expect(try Documents.json(plain.body).objectValue?["error"] == "invalid_body", "\(body)")
                let gzip = try await Self.post(client, running, try EventBodies.gzip(Array(body.utf8)), encoding: "gzip")
                #expect(gzip.status == 400, "gzip \(body)")
            }
            #expect(server.receivedEvents.isEmpty)
            // Only the shape is checked, not the events themselves.
            let minimal = try await Self.post(client, running, Array(#"{"events": [1, "x"]}"#.utf8))
            #expect(minimal.status == 202)
        }
    }
}

extension Array where Element: Sendable {
    /// The elements as an async sequence.
    fileprivate var async: AsyncStream<Element> {
        AsyncStream { continuation in
            for element in self { continuation.yield(element) }
            continuation.finish()
        }
    }
}
