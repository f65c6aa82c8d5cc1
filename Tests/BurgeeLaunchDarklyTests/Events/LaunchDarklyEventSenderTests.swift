import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeTestSupport
import Testing
@testable import BurgeeLaunchDarkly

/// LaunchDarkly's event delivery against `burgee serve` in LaunchDarkly mode on loopback, made to
/// misbehave: headers, the payload id kept for the retry, which answers are retried, and the
/// refused key that stops all events.
@Suite struct LaunchDarklyEventSenderTests {
    private static let payload = Array(#"[{"kind":"custom","creationDate":1,"key":"k","contextKeys":{"user":"u"}}]"#.utf8)

    private func withSender<R>(_ body: (LaunchDarklyEventSender, RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(LaunchDarklyDocuments.document([LaunchDarklyDocuments.flag("f")]), sdkKey: "sdk-ld",
                                            configure: { $0.format = .launchDarkly }) { running in
            let sender = try LaunchDarklyEventSender(baseURI: running.baseURL + "/", sdkKey: SDKKey("sdk-ld"),
                                                     http: LoopbackServer.http(), retryDelay: .milliseconds(20),
                                                     logger: TestClients.quietLogger, clock: .continuous)
            do {
                let result = try await body(sender, running)
                await sender.shutdown()
                return result
            } catch {
                await sender.shutdown()
                throw error
            }
        }
    }

    @Test func aPayloadCarriesLaunchDarklysHeaders() async throws {
        try await withSender { sender, running in
            #expect(await sender.sendBulk(Self.payload, events: 1) == .delivered)
            let request = try #require(running.requests(to: "/bulk").first)
            #expect(request.hasAuthorization)
            #expect(request.headers["x-launchdarkly-event-schema"] == "4")
            #expect(request.headers["user-agent"]?.hasPrefix("BurgeeSwift/") == true)
            #expect(request.headers["content-type"] == "application/json")
            let id = try #require(request.headers["x-launchdarkly-payload-id"])
            #expect(id.count == 36 && id.split(separator: "-").map(\.count) == [8, 4, 4, 4, 12])
            #expect(running.server.launchDarklyEventPosts.first?.payloadID == id)
            // The service's clock, from the answer's `Date`.
            #expect(sender.lastKnownPastTime > 1_700_000_000_000)
        }
    }

    @Test func aRetryKeepsThePayloadIdAndTheNextPayloadGetsItsOwn() async throws {
        try await withSender { sender, running in
            running.server.inject(.status(503), on: .launchDarklyBulk)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .delivered)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .delivered)
            let requests = running.requests(to: "/bulk")
            #expect(requests.map(\.status) == [503, 202, 202])
            let ids = requests.map { $0.headers["x-launchdarkly-payload-id"] }
            #expect(ids[0] == ids[1] && ids[1] != ids[2])
        }
    }

    @Test(arguments: [400, 408, 429, 500])
    func theseAnswersAreRetriedOnce(status: Int) async throws {
        try await withSender { sender, running in
            running.server.inject(.status(status, headers: ["Retry-After": "3600"]), on: .launchDarklyBulk, times: 2)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .failed(status: status))
            #expect(running.requests(to: "/bulk").map(\.status) == [status, status])
            #expect(!sender.isDisabled)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .delivered)
        }
    }

    @Test(arguments: [401, 403, 404])
    func aRefusedKeyStopsEveryLaterPayload(status: Int) async throws {
        try await withSender { sender, running in
            running.server.inject(.status(status), on: .launchDarklyBulk)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .disabled(status: status))
            #expect(sender.isDisabled)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .disabled(status: 0))
            await sender.sendDiagnostic(Array(#"{"kind":"diagnostic"}"#.utf8))
            #expect(running.requests(to: "/bulk").map(\.status) == [status])
            #expect(running.requests(to: "/diagnostic").isEmpty)
        }
    }

    @Test func a413DropsThePayloadOnly() async throws {
        try await withSender { sender, running in
            running.server.inject(.status(413), on: .launchDarklyBulk)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .failed(status: 413))
            #expect(await sender.sendBulk(Self.payload, events: 1) == .delivered)
            #expect(running.requests(to: "/bulk").map(\.status) == [413, 202])
        }
    }

    @Test func aDroppedConnectionIsRetried() async throws {
        try await withSender { sender, running in
            running.server.inject(.closeConnection, on: .launchDarklyBulk)
            #expect(await sender.sendBulk(Self.payload, events: 1) == .delivered)
            #expect(running.server.launchDarklyEventPosts.count == 1)
        }
    }

    @Test func diagnosticsCarryNoPayloadIdAndTheirAnswerChangesNothing() async throws {
        try await withSender { sender, running in
            running.server.inject(.status(401), on: .launchDarklyDiagnostic)
            await sender.sendDiagnostic(Array(#"{"kind":"diagnostic-init","id":{"diagnosticId":"d"},"creationDate":1}"#.utf8))
            #expect(!sender.isDisabled)
            await sender.sendDiagnostic(Array(#"{"kind":"diagnostic","id":{"diagnosticId":"d"},"creationDate":2}"#.utf8))
            let requests = running.requests(to: "/diagnostic")
            #expect(requests.map(\.status) == [401, 202])
            #expect(requests.allSatisfy { $0.headers["x-launchdarkly-payload-id"] == nil && $0.headers["x-launchdarkly-event-schema"] == nil })
            #expect(running.server.launchDarklyEventStats.diagnosticRequests == 1)
        }
    }
}
