import BurgeeServer
import Hummingbird
import Testing

@Suite("POST /events")
struct EventsEndpointTests {
    @Test("bodies are stored as sent and answered 202 with an empty body; stats count them")
    func stored() async throws {
        try await TestServer.with { server, running, client in
            let first = Array(#"[{"kind":"custom","key":"a"}]"#.utf8)
            let second = [UInt8](repeating: 0x5A, count: 200_000)
            let answer = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST",
                                              headers: [("Content-Type", "application/json")], body: first)
            #expect(answer.status == 202)
            #expect(answer.body.isEmpty)
            let gzip = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST",
                                            headers: [("Content-Encoding", "gzip")], body: second)
            #expect(gzip.status == 202)
            #expect(server.receivedEvents == [first, second])
            #expect(server.receivedEventRequests.map(\.contentEncoding) == [nil, "gzip"])
            #expect(server.receivedEventRequests.first?.contentType == "application/json")
            #expect(server.eventStats == EventStats(requests: 2, bytes: first.count + second.count))

            let stats = try await HTTP.fetch(client, running.baseURL + "/events/stats")
            #expect(stats.status == 200)
            #expect(try Documents.json(stats.body) == ["requests": 2, "bytes": .number(Double(first.count + second.count))])
        }
    }

    @Test("a body above the limit gets 413 and is not stored, whether its length is announced or not")
    func tooLarge() async throws {
        try await TestServer.with(configure: { $0.maxEventsBodyBytes = 1000 }) { server, running, client in
            let fits = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", body: [UInt8](repeating: 1, count: 1000))
            #expect(fits.status == 202)
            let announced = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", body: [UInt8](repeating: 1, count: 1001))
            #expect(announced.status == 413)

            // Streamed without a Content-Length: counted while reading.
            var request = HTTP.request(running.baseURL + "/events", method: "POST")
            let chunks = (0..<4).map { _ in ByteBuffer(bytes: [UInt8](repeating: 2, count: 400)) }
            request.body = .stream(chunks.async, length: .unknown)
            let streamed = try await client.execute(request, timeout: .seconds(10))
            #expect(streamed.status.code == 413)
            #expect(server.eventStats == EventStats(requests: 1, bytes: 1000))
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
