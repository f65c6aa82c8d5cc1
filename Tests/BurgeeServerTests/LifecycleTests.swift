import AsyncHTTPClient
import BurgeeServer
import Logging
import Synchronization
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
        let ended = EndFlag()
        let task = Task {
            defer { ended.set() }
            try await server.run()
        }
        // Listening, or stopped: then the server's own error says why.
        let settled = await eventually(within: .seconds(60)) { server.port != nil || ended.isSet }
        guard settled, let port = server.port else {
            task.cancel()
            if case .failure(let error) = await task.result {
                Issue.record(error, "run() stopped before it listened")
            } else {
                Issue.record("run() neither listened nor stopped within 60 s")
            }
            return
        }
        try await HTTP.withClient { client in
            let fetched = try await HTTP.fetch(client, "http://127.0.0.1:\(port)/definitions")
            #expect(fetched.status == 200)
        }
        task.cancel()
        let result = await task.result
        if case .failure(let error) = result, !(error is CancellationError) {
            Issue.record(error, "run() failed instead of stopping when cancelled")
        }
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

/// Set once, read from any task: whether a task has ended.
final class EndFlag: Sendable {
    private let value = Atomic(false)
    func set() { value.store(true, ordering: .releasing) }
    var isSet: Bool { value.load(ordering: .acquiring) }
}
