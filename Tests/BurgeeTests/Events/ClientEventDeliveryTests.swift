import Burgee
import BurgeeCore
import BurgeeServer
import Testing

/// A client's events end to end: recorded by evaluations and `track`, delivered by the HTTP sink
/// to the project's own server on loopback.
@Suite("Client events to a real server")
struct ClientEventDeliveryTests {
    typealias H = EventsHarness

    static func client(_ endpoint: String, sdkKey: String? = "sdk-key-1",
                       requestTimeout: Duration = .seconds(10)) async throws -> BurgeeClient {
        try await ClientHarness.ready(H.definitions) {
            $0.sdkKey = sdkKey
            $0.events = EventsConfiguration(
                destination: .http(endpoint, http: LoopbackServer.http(requestTimeout: requestTimeout), retryDelay: .milliseconds(50)),
                flushInterval: .seconds(3600))
        }
    }

    static func received(_ running: RunningDefinitionsServer) throws -> [AnalyticsEvent] {
        try running.server.receivedEvents.flatMap { try EventBatch(jsonBytes: $0).events }
    }

    @Test("exposures, custom events and the summary arrive; later batches gzipped; close delivers the rest")
    func endToEnd() async throws {
        try await LoopbackServer.withServer(H.definitions, sdkKey: "sdk-key-1") { running in
            let client = try await Self.client(running.baseURL + "/events")
            _ = client.boolVariation("plain", context: H.user, default: false)
            #expect(client.track("checkout", context: H.user, value: 49.99, properties: ["plan": "pro"]))
            await client.flush()
            _ = client.boolVariation("tracked", context: H.other, default: false)
            await client.close()
            let events = try Self.received(running)
            #expect(events.map(\.kind) == ["exposure", "custom", "summary", "exposure", "summary"])
            #expect(running.server.receivedEventRequests.map(\.contentEncoding) == [nil, "gzip"])
            #expect(client.eventDiagnostics.delivered == 3 && client.eventDiagnostics.summariesDelivered == 2)
        }
    }

    @Test("a server answering 500 twice: the batch is dropped and counted; the next one arrives")
    func serverError() async throws {
        try await LoopbackServer.withServer(H.definitions, sdkKey: "sdk-key-1") { running in
            let client = try await Self.client(running.baseURL + "/events")
            running.server.inject(.status(500), on: .events, times: 2)
            #expect(client.track("lost", context: H.user))
            await client.flush()
            var d = client.eventDiagnostics
            #expect(d.droppedDelivery == 1 && d.failedBatches == 1 && d.delivered == 0)
            #expect(running.requests(to: "/events").count == 2)
            #expect(client.track("kept", context: H.user))
            await client.close()
            d = client.eventDiagnostics
            #expect(d.delivered == 1)
            let keys = try Self.received(running).compactMap { if case .custom(let e) = $0 { e.key } else { nil } }
            #expect(keys == ["kept"])
        }
    }

    @Test("a server that is down: every batch is dropped and counted; close() still returns")
    func serverDown() async throws {
        let port = try await LoopbackServer.freePort()
        // Connecting is retried until the request's deadline: keep it short.
        let client = try await Self.client("http://127.0.0.1:\(port)/events", requestTimeout: .milliseconds(400))
        for i in 0..<3 { #expect(client.track("e\(i)", context: H.user)) }
        await client.close()
        let d = client.eventDiagnostics
        #expect(d.droppedDelivery == 3 && d.delivered == 0 && d.pending == 0)
        #expect(d.lastDeliveryError != nil)
    }

    @Test("an event service that never answers: close() returns after its close timeout, the events dropped and counted",
          .timeLimit(.minutes(1)))
    func closeWithUnansweringService() async throws {
        let blackHole = try BlackHoleEndpoint()
        // The request deadline is far beyond the test's time limit: only the close timeout can end close().
        let client = try await ClientHarness.ready(H.definitions) {
            $0.events = EventsConfiguration(
                destination: .http("http://127.0.0.1:\(blackHole.port)/events",
                                   http: LoopbackServer.http(requestTimeout: .seconds(600)), retryDelay: .milliseconds(50)),
                flushInterval: .seconds(3600), closeTimeout: .milliseconds(200))
        }
        for i in 0..<3 { #expect(client.track("e\(i)", context: H.user)) }
        _ = client.boolVariation("tracked", context: H.other, default: false)
        await client.close()
        let d = client.eventDiagnostics
        #expect(d.delivered == 0 && d.droppedDelivery == 4 && d.pending == 0)
        #expect(!client.track("after", context: H.user))
        withExtendedLifetime(blackHole) {}
    }

    @Test("a client with an HTTP sink that is never started or closed can be released")
    func releasedWithoutClose() throws {
        // The HTTP client is created at the first send: none is left to shut down here.
        for _ in 0..<3 {
            let client = try BurgeeClient(configuration: .init(
                events: EventsConfiguration(endpoint: "http://127.0.0.1:1/events"), logger: H.quiet))
            #expect(client.track("unsent", context: H.user))
        }
    }

    @Test("a refused key (401): dropped at once, without a retry")
    func unauthorized() async throws {
        try await LoopbackServer.withServer(H.definitions, sdkKey: "the-right-key") { running in
            let client = try await Self.client(running.baseURL + "/events", sdkKey: "a-wrong-key")
            _ = client.track("e", context: H.user)
            await client.flush()
            #expect(client.eventDiagnostics.droppedDelivery == 1)
            #expect(running.requests(to: "/events").count == 1)
            await client.close()
        }
    }
}
