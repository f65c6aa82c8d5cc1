import AsyncHTTPClient
import BurgeeServer
import Testing

@Suite("Fault injection")
struct FaultTests {
    @Test("status faults answer with their status, headers and body, then the endpoint answers again")
    func status() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.status(503, headers: ["Retry-After": "7"], body: "busy"), on: .definitions, times: 2)
            server.inject(.status(429, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"]), on: .definitions)
            #expect(server.pendingFaults(on: .definitions) == 3)
            for _ in 0..<2 {
                let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
                #expect(fetched.status == 503)
                #expect(fetched.header("Retry-After") == "7")
                #expect(fetched.text == "busy")
            }
            let limited = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "Wed, 21 Oct 2015 07:28:00 GMT")
            #expect(limited.body.isEmpty)
            let normal = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(normal.status == 200)
            #expect(server.requestLog.map(\.status) == [503, 503, 429, 200])
            #expect(server.requestLog.map(\.fault) == [
                .status(503, headers: ["Retry-After": "7"], body: "busy"), .status(503, headers: ["Retry-After": "7"], body: "busy"),
                .status(429, headers: ["Retry-After": "Wed, 21 Oct 2015 07:28:00 GMT"]), nil,
            ])
        }
    }

    @Test("faults are per endpoint, and clearFaults forgets them")
    func perEndpoint() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.status(500), on: .stream)
            server.inject(.status(401), on: .events, times: 5)
            let definitions = try await HTTP.fetch(client, running.baseURL + "/definitions")
            let stream = try await HTTP.fetch(client, running.baseURL + "/stream")
            let events = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", body: [1])
            #expect([definitions.status, stream.status, events.status] == [200, 500, 401])
            server.clearFaults()
            #expect(server.pendingFaults(on: .events) == 0)
            let accepted = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", body: EventBodies.batch())
            #expect(accepted.status == 202)
            #expect(server.receivedEvents == [EventBodies.batch()])
        }
    }

    @Test("delay holds the answer back: a client with a shorter timeout gives up, a patient one gets the document")
    func delay() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.delay(.milliseconds(1500)), on: .definitions)
            // The client's deadline ends the wait: a timeout, not the late answer.
            await #expect(throws: HTTPClientError.deadlineExceeded) {
                _ = try await client.execute(HTTP.request(running.baseURL + "/definitions"), timeout: .milliseconds(300))
            }

            server.inject(.delay(.milliseconds(400)), on: .definitions)
            let patientStart = ContinuousClock.now
            let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(ContinuousClock.now - patientStart >= .milliseconds(400))
            #expect(fetched.status == 200)
            #expect(fetched.body == server.currentDocument)
        }
    }

    @Test("dropMidBody on definitions: the full Content-Length, about half the body, then a closed connection")
    func dropMidBodyDefinitions() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.dropMidBody, on: .definitions)
            let response = try await client.execute(HTTP.request(running.baseURL + "/definitions"), timeout: .seconds(10))
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Length"] == [String(server.currentDocument.count)])
            var received = 0
            await #expect(throws: (any Error).self) {
                for try await chunk in response.body { received += chunk.readableBytes }
            }
            #expect(received < server.currentDocument.count)
            #expect(received == server.currentDocument.count / 2)
            // The next request is served in full.
            let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(fetched.body == server.currentDocument)
            #expect(server.requestLog.first?.fault == .dropMidBody)
        }
    }

    @Test("dropMidBody on the stream: the first half of the put, then a closed connection")
    func dropMidBodyStream() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.dropMidBody, on: .stream)
            let response = try await client.execute(HTTP.request(running.baseURL + "/stream"), timeout: .seconds(10))
            #expect(response.status.code == 200)
            let reader = EventStreamReader(response)
            await #expect(throws: (any Error).self) { _ = try await reader.next() }
            let put = "event: put\nid: 3\ndata: \(String(decoding: server.currentDocument, as: UTF8.self))\n\n"
            #expect(reader.received == Array(put.utf8.prefix(put.utf8.count / 2)))
            #expect(server.openStreams == 0)
        }
    }

    @Test("body faults send exactly the given bytes with a fresh ETag, and are not cached against")
    func bodyFault() async throws {
        try await TestServer.with { server, running, client in
            let broken: [UInt8] = Array(#"{"formatVersion":1,"flags":{"a":"#.utf8)
            server.inject(.body(broken), on: .definitions)
            server.inject(.body(Array("not json".utf8)), on: .definitions)
            let first = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: [("If-None-Match", server.currentETag)])
            #expect(first.status == 200)
            #expect(first.body == broken)
            let tag = try #require(first.header("ETag"))
            #expect(tag != server.currentETag && tag.hasPrefix("\"3-") && tag.hasSuffix("\""))
            let second = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(second.text == "not json")
            #expect(second.header("ETag") != tag)
            // Back to normal: the real ETag still gives 304.
            let third = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: [("If-None-Match", server.currentETag)])
            #expect(third.status == 304)
        }
    }

    @Test("a body fault on the stream sends the bytes, then ends the stream")
    func bodyFaultStream() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.body(Array("event: put\ndata: {broken\n\n".utf8)), on: .stream)
            let response = try await client.execute(HTTP.request(running.baseURL + "/stream"), timeout: .seconds(10))
            let reader = EventStreamReader(response)
            #expect(try await reader.nextEvent() == ReceivedEvent(event: "put", data: "{broken"))
            #expect(try await reader.next() == nil)
        }
    }

    @Test("closeConnection closes without an answer", arguments: [DefinitionsServer.Endpoint.definitions, .stream, .events])
    func closeConnection(endpoint: DefinitionsServer.Endpoint) async throws {
        try await TestServer.with { server, running, client in
            server.inject(.closeConnection, on: endpoint)
            let path = endpoint == .events ? "/events" : "/\(endpoint.rawValue)"
            let method = endpoint == .events ? "POST" : "GET"
            await #expect(throws: (any Error).self) {
                _ = try await HTTP.fetch(client, running.baseURL + path, method: method, body: method == "POST" ? [1] : nil)
            }
            #expect(server.requestLog.first?.status == nil)
            #expect(server.requestLog.first?.fault == .closeConnection)
            #expect(server.receivedEvents.isEmpty)
            // A new connection is answered.
            let next = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(next.status == 200)
        }
    }

    @Test("dropMidBody on events stores the body, then breaks the answer")
    func dropMidBodyEvents() async throws {
        try await TestServer.with { server, running, client in
            server.inject(.dropMidBody, on: .events)
            await #expect(throws: (any Error).self) {
                _ = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", body: EventBodies.batch())
            }
            #expect(server.receivedEvents == [EventBodies.batch()])
        }
    }
}
