import AsyncHTTPClient
import BurgeeServer
import Testing

@Suite("GET /stream")
struct StreamTests {
    static func open(_ client: HTTPClient, _ running: RunningDefinitionsServer,
                     headers: [(String, String)] = []) async throws -> (HTTPClientResponse, EventStreamReader) {
        let response = try await client.execute(HTTP.request(running.baseURL + "/stream", headers: headers), timeout: .seconds(10))
        return (response, EventStreamReader(response))
    }

    @Test("a new stream gets text/event-stream, no-cache, chunked, then put with the whole document on one line")
    func put() async throws {
        try await TestServer.with { server, running, client in
            let (response, reader) = try await Self.open(client, running)
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Type"] == ["text/event-stream"])
            #expect(response.headers["Cache-Control"] == ["no-cache"])
            #expect(response.headers["Transfer-Encoding"] == ["chunked"])
            #expect(response.headers["Content-Length"].isEmpty)
            let put = try #require(try await reader.nextEvent())
            #expect(put == ReceivedEvent(event: "put", data: String(decoding: server.currentDocument, as: UTF8.self), id: "3"))
            #expect(String(decoding: reader.received, as: UTF8.self) == "event: put\nid: 3\ndata: \(put.data)\n\n")
            #expect(server.openStreams == 1)
        }
    }

    @Test("the retry field comes first when configured")
    func retry() async throws {
        try await TestServer.with(configure: { $0.streamRetry = .milliseconds(2500) }) { _, running, client in
            let (_, reader) = try await Self.open(client, running)
            let put = try #require(try await reader.nextEvent())
            #expect(put.event == "put" && put.retry == 2500)
            #expect(String(decoding: reader.received.prefix(12), as: UTF8.self) == "retry: 2500\n")
        }
    }

    @Test("changes arrive as patch and delete events, one per item, with versions and the document version as id")
    func patchAndDelete() async throws {
        try await TestServer.with { server, running, client in
            let (_, reader) = try await Self.open(client, running)
            _ = try #require(try await reader.nextEvent())
            try server.update(definitions: Documents.bytes(Documents.document(
                version: 3, flags: ["alpha": Documents.flag(on: false, version: 2), "gamma": Documents.flag(on: true)])))
            let first = try #require(try await reader.nextEvent())
            let second = try #require(try await reader.nextEvent())
            let third = try #require(try await reader.nextEvent())
            #expect(first.event == "delete" && first.id == "4")
            #expect(try Documents.json(first.data) == ["kind": "segment", "key": "vips", "version": 2, "documentVersion": 4])
            #expect(second.event == "patch" && second.id == "4")
            #expect(try Documents.json(second.data) == [
                "kind": "flag", "key": "alpha", "version": 3, "documentVersion": 4,
                "object": try Documents.json(Documents.flag(on: false, version: 3)),
            ])
            #expect(second.data.hasPrefix(#"{"kind":"flag","key":"alpha","version":3,"documentVersion":4,"object":{"#))
            // Within a kind, changed and new items first, then removals, each group in key order.
            #expect(third.event == "patch" && third.id == "4")
            #expect(try Documents.json(third.data).objectValue?["key"] == "gamma")
            #expect(try Documents.json(third.data).objectValue?["version"] == 1)
            let fourth = try #require(try await reader.nextEvent())
            #expect(fourth.event == "delete" && fourth.id == "4")
            #expect(try Documents.json(fourth.data) == ["kind": "flag", "key": "beta", "version": 2, "documentVersion": 4])
        }
    }

    @Test("an update that changes nothing sends nothing")
    func noEventsWithoutChange() async throws {
        try await TestServer.with { server, running, client in
            let (_, reader) = try await Self.open(client, running)
            _ = try #require(try await reader.nextEvent())
            try server.update(definitions: Documents.bytes(TestServer.defaultDocument))
            server.broadcast(event: "marker", data: "end")
            let next = try #require(try await reader.nextEvent())
            #expect(next.event == "marker")
        }
    }

    @Test("heartbeat comments arrive at the configured interval")
    func heartbeats() async throws {
        try await TestServer.with(configure: { $0.heartbeatInterval = .milliseconds(50) }) { _, running, client in
            let (_, reader) = try await Self.open(client, running)
            _ = try #require(try await reader.nextEvent())
            // At the default interval (15 s) three heartbeats would exceed the limit, which bounds that wait.
            let received = try await withTimeLimit(.seconds(30), "three heartbeats at the configured 50 ms") {
                var heartbeats = 0
                while heartbeats < 3 {
                    let item = try #require(try await reader.next())
                    #expect(item == .comment("heartbeat"))
                    heartbeats += 1
                }
                return reader.received
            }
            #expect(String(decoding: received, as: UTF8.self).hasSuffix(": heartbeat\n: heartbeat\n: heartbeat\n"))
        }
    }

    @Test("broadcast sends a raw event to every open stream, data lines split")
    func broadcast() async throws {
        try await TestServer.with { server, running, client in
            let (_, a) = try await Self.open(client, running)
            let (_, b) = try await Self.open(client, running)
            _ = try #require(try await a.nextEvent())
            _ = try #require(try await b.nextEvent())
            #expect(server.openStreams == 2)
            server.broadcast(event: "patch", data: "{\"kind\":\"flag\"}\nsecond line", id: "77")
            for reader in [a, b] {
                let event = try #require(try await reader.nextEvent())
                #expect(event == ReceivedEvent(event: "patch", data: "{\"kind\":\"flag\"}\nsecond line", id: "77"))
            }
            #expect(String(decoding: a.received, as: UTF8.self).hasSuffix("event: patch\nid: 77\ndata: {\"kind\":\"flag\"}\ndata: second line\n\n"))
        }
    }

    @Test("streamCloseAfterEvents ends each stream cleanly after that many events, put included")
    func closeAfterEvents() async throws {
        try await TestServer.with { server, running, client in
            server.streamCloseAfterEvents = 2
            let (_, reader) = try await Self.open(client, running)
            _ = try #require(try await reader.nextEvent())
            server.broadcast(event: "one", data: "1")
            server.broadcast(event: "two", data: "2")
            #expect(try await reader.nextEvent()?.event == "one")
            #expect(try await reader.next() == nil)
            #expect(await eventually { server.openStreams == 0 })

            server.streamCloseAfterEvents = 1
            let (_, again) = try await Self.open(client, running)
            #expect(try await again.nextEvent()?.event == "put")
            #expect(try await again.next() == nil)

            server.streamCloseAfterEvents = nil
            let (_, open) = try await Self.open(client, running)
            #expect(try await open.nextEvent()?.event == "put")
            server.broadcast(event: "three", data: "3")
            #expect(try await open.nextEvent()?.event == "three")
            #expect(server.openStreams == 1)
        }
    }

    @Test("a client that leaves is no longer counted as an open stream")
    func clientLeaves() async throws {
        try await TestServer.with { server, running, client in
            let connected = AsyncStream<Void>.makeStream()
            let reading = Task {
                let (_, reader) = try await Self.open(client, running)
                _ = try await reader.nextEvent()
                connected.continuation.yield()
                while try await reader.next() != nil {}
            }
            var iterator = connected.stream.makeAsyncIterator()
            await iterator.next()
            #expect(server.openStreams == 1)
            reading.cancel()
            _ = await reading.result
            #expect(await eventually { server.openStreams == 0 })
        }
    }

    @Test("stop ends open streams and returns promptly")
    func stopEndsStreams() async throws {
        try await HTTP.withClient { client in
            let server = try DefinitionsServer(
                configuration: DefinitionsServerConfiguration(shutdownGracePeriod: .seconds(120)),
                definitions: .json(Documents.bytes(TestServer.defaultDocument)), logger: .quiet)
            let running = try await server.start()
            let (_, reader) = try await Self.open(client, running)
            #expect(try await reader.nextEvent()?.event == "put")
            // With 120 s of grace, waiting for the open stream to end by itself would exceed the
            // limit, which bounds that hang: only ending the streams lets stop return within it.
            try await withTimeLimit(.seconds(60), "stop ending the open streams") { await running.stop() }
            #expect(server.openStreams == 0)
            // The stream ended: cleanly or with a closed connection, but it ended.
            var ended = false
            do { ended = try await reader.next() == nil } catch { ended = true }
            #expect(ended)
        }
    }

    @Test("every subscriber sees its put and then exactly the later changes, across concurrent updates")
    func consistentUnderConcurrentUpdates() async throws {
        let initial = Documents.document(flags: ["counter": Documents.flag(on: false, extra: #","salt":"s0""#)])
        try await TestServer.with(.json(Documents.bytes(initial))) { server, running, client in
            let updates = 60
            let readers = 6
            let writer = Task {
                for step in 1...updates {
                    try server.update(definitions: Documents.bytes(Documents.document(
                        flags: ["counter": Documents.flag(on: step % 2 == 0, extra: #","salt":"s\#(step)""#)])))
                    // Not a wait for an effect: spreads the updates out so that the readers below
                    // subscribe between them, the interleaving under test.
                    try await Task.sleep(for: .milliseconds(2))
                }
            }
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<readers {
                    group.addTask {
                        // Not a wait for an effect: staggers the subscriptions across the updates.
                        try await Task.sleep(for: .milliseconds(index * 15))
                        let (_, reader) = try await Self.open(client, running)
                        let put = try #require(try await reader.nextEvent())
                        #expect(put.event == "put")
                        var version = try #require(Int64(put.id ?? ""))
                        var flags = try #require(try Documents.json(put.data).objectValue?["flags"]?.objectValue)
                        while version < Int64(updates) {
                            let event = try #require(try await reader.nextEvent())
                            let data = try #require(try Documents.json(event.data).objectValue)
                            let documentVersion = try #require(data["documentVersion"]?.int64Value)
                            #expect(documentVersion == version + 1, "a change was lost or sent twice")
                            version = documentVersion
                            flags[data["key"]!.stringValue!] = data["object"]
                        }
                        let final = try Documents.json(server.currentDocument).objectValue?["flags"]?.objectValue
                        #expect(flags == final)
                    }
                }
                try await group.waitForAll()
            }
            try await writer.value
        }
    }
}
