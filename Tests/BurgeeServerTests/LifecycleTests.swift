import AsyncHTTPClient
import BurgeeServer
import Logging
import Testing

@Suite("Starting and stopping")
struct LifecycleTests {
    static func server(port: Int = 0) throws -> DefinitionsServer {
        try DefinitionsServer(configuration: DefinitionsServerConfiguration(port: port),
                              definitions: .json(Documents.bytes(TestServer.defaultDocument)), logger: .quiet)
    }

    @Test("a stopped server releases its port at once: nothing answers, then a new server listens there")
    func portReleased() async throws {
        try await HTTP.withClient { client in
            let first = try Self.server()
            let running = try await first.start()
            let port = running.port
            #expect(port > 0)
            #expect(first.port == port)
            #expect(running.baseURL == "http://127.0.0.1:\(port)")
            #expect(try await HTTP.fetch(client, running.baseURL + "/definitions").status == 200)
            #expect(TCP.isListening(port: port))
            await running.stop()
            #expect(first.port == nil)

            #expect(!TCP.isListening(port: port))
            await #expect(throws: (any Error).self) {
                _ = try await HTTP.fetch(client, "http://127.0.0.1:\(port)/definitions", timeoutSeconds: 1)
            }

            let second = try Self.server(port: port)
            let again = try await second.start()
            #expect(again.port == port)
            #expect(try await HTTP.fetch(client, again.baseURL + "/definitions").status == 200)
            #expect(second.requestLog.count == 1)
            await again.stop()
        }
    }

    @Test("starting on a port in use fails with the bind error")
    func portInUse() async throws {
        let running = try await Self.server().start()
        await #expect(throws: (any Error).self) {
            _ = try await Self.server(port: running.port).start()
        }
        await running.stop()
    }

    @Test("a server runs once at a time, and can run again after stopping, keeping its state")
    func runAgain() async throws {
        let server = try Self.server()
        let running = try await server.start()
        await #expect(throws: DefinitionsServerError.self) { try await server.run() }
        try server.update(definitions: Documents.bytes(Documents.document(flags: ["z": Documents.flag(on: true)])))
        let version = server.currentDocumentVersion
        await running.stop()

        let again = try await server.start()
        try await HTTP.withClient { client in
            let fetched = try await HTTP.fetch(client, again.baseURL + "/definitions")
            #expect(fetched.body == server.currentDocument)
            #expect(try Documents.json(fetched.body).objectValue?["version"] == .number(Double(version)))
        }
        await again.stop()
    }

    @Test("run() serves until its task is cancelled")
    func runUntilCancelled() async throws {
        let server = try Self.server()
        let task = Task { try await server.run() }
        #expect(await eventually { server.port != nil })
        let port = try #require(server.port)
        try await HTTP.withClient { client in
            let fetched = try await HTTP.fetch(client, "http://127.0.0.1:\(port)/definitions")
            #expect(fetched.status == 200)
        }
        task.cancel()
        _ = await task.result
        #expect(server.port == nil)
        #expect(!TCP.isListening(port: port))
        // The port is free again.
        let next = try await Self.server(port: port).start()
        await next.stop()
    }

    @Test("update works whether or not the server runs")
    func updateWhileStopped() throws {
        let server = try Self.server()
        let changes = try server.update(definitions: Documents.bytes(Documents.document(version: 50)))
        #expect(changes.count == 3)
        #expect(server.currentDocumentVersion == 50)
        #expect(server.openStreams == 0)
    }
}
