import BurgeeServer
import BurgeeTesting
import Foundation
import Testing
@testable import Burgee
@testable import BurgeeUnleash
import BurgeeCore

/// The Unleash data source and metrics against the project's own server in Unleash mode, on loopback.
@Suite("Unleash sync")
struct UnleashSyncTests {
    static let features = """
        {"version": 2, "features": [
          {"name": "on", "enabled": true, "strategies": [{"name": "default"}]},
          {"name": "off", "enabled": false, "strategies": [{"name": "default"}]},
          {"name": "coloured", "enabled": true, "strategies": [{"name": "default"}],
           "variants": [{"name": "blue", "weight": 1000, "stickiness": "default"}]}
        ]}
        """
    private let context = TestFiles.context

    private func withUnleashServer<R>(_ json: String = Self.features, token: String? = "token-1",
                                      _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(json, sdkKey: token, configure: { $0.format = .unleash }, body)
    }

    private func configuration(_ running: RunningDefinitionsServer, token: String = "token-1",
                               metrics: Duration? = .milliseconds(100)) -> BurgeeClient.Configuration {
        let connection = UnleashConnection(url: running.baseURL + "/api", appName: "checkout", instanceId: "i-1",
                                           refreshInterval: .milliseconds(50), metricsInterval: metrics,
                                           http: LoopbackServer.http())
        return .unleash(connection, apiToken: token, logger: TestFiles.quietLogger)
    }

    @Test func pollsTheFeaturesWithUnleashsHeadersAndETags() async throws {
        try await withUnleashServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.unleash.isEnabled("on", context: context))
                #expect(!client.unleash.isEnabled("off", context: context))
                #expect(!client.unleash.isEnabled("missing", context: context))
                let etag = running.server.currentETag
                let conditional = await eventually {
                    running.requests(to: "/api/client/features").filter { $0.status == 304 && $0.ifNoneMatch == etag }.count >= 2
                }
                #expect(conditional)
                let first = try #require(running.requests(to: "/api/client/features").first)
                #expect(first.hasAuthorization)
                #expect(first.headers["unleash-appname"] == "checkout")
                #expect(first.headers["unleash-instanceid"] == "i-1")
                #expect(first.headers["unleash-connection-id"]?.isEmpty == false)
                #expect(first.headers["unleash-interval"] == "50")
                #expect(first.headers["unleash-sdk"]?.hasPrefix("burgee-swift:") == true)
                #expect(first.headers["unleash-client-spec"] == "6.1.0")
            }
        }
    }

    @Test func aChangedFeatureIsAppliedAndAnnounced() async throws {
        try await withUnleashServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                try running.update(Self.features.replacingOccurrences(of: #""name": "off", "enabled": false"#,
                                                                       with: #""name": "off", "enabled": true"#))
                let update = await TestFiles.nextUpdate(events)
                #expect(update?.changedFlags == ["off"])
                #expect(client.unleash.isEnabled("off", context: context))
            }
        }
    }

    @Test("registers once at start, then metrics count exactly the evaluations made")
    func registrationAndMetrics() async throws {
        try await withUnleashServer { running in
            var configuration = configuration(running)
            configuration.unleash.customStrategies = ["region": { _, _ in true }, "beta-users": { _, _ in false }]
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                for _ in 0..<7 { _ = client.unleash.isEnabled("on", context: context) }
                for _ in 0..<3 { _ = client.unleash.isEnabled("off", context: context) }
                for _ in 0..<2 { _ = client.unleash.isEnabled("missing", context: context) }
                for _ in 0..<4 { _ = client.variation("coloured", context: context) }
                let counted = await eventually {
                    let counts = running.server.unleashToggleCounts
                    return counts["on"]?.yes == 7 && counts["off"]?.no == 3 && counts["missing"]?.no == 2
                        && counts["coloured"]?.yes == 4
                }
                #expect(counted, "\(running.server.unleashToggleCounts)")
                // Later flushes carry no further counts for these toggles (each returns once what it
                // took was posted).
                await client.flush()
                await client.flush()
                let counts = running.server.unleashToggleCounts
                #expect(counts["on"] == UnleashToggleCounts(yes: 7, no: 0))
                #expect(counts["off"] == UnleashToggleCounts(yes: 0, no: 3))
                #expect(counts["missing"] == UnleashToggleCounts(yes: 0, no: 2))
                #expect(counts["coloured"] == UnleashToggleCounts(yes: 4, no: 0, variants: ["blue": 4]))

                let registrations = running.server.unleashRegistrations
                #expect(registrations.count == 1)
                let registration = try #require(registrations.first?.objectValue)
                #expect(registration["appName"] == "checkout")
                #expect(registration["instanceId"] == "i-1")
                #expect(registration["interval"] == 100)
                #expect(registration["specVersion"] == "6.1.0")
                // The built-in strategies, then the custom ones registered, by name.
                #expect(registration["strategies"] == ["default", "userWithId", "flexibleRollout", "gradualRolloutUserId",
                                                       "gradualRolloutSessionId", "gradualRolloutRandom", "remoteAddress",
                                                       "applicationHostname", "beta-users", "region"])
                let metrics = try #require(running.server.unleashMetrics.first?.objectValue)
                #expect(metrics["appName"] == "checkout")
                let metricsRequest = try #require(running.requests(to: "/api/client/metrics").first)
                #expect(metricsRequest.hasAuthorization)
                #expect(metricsRequest.headers["unleash-interval"] == "100")
            }
        }
    }

    @Test func noMetricsIntervalSendsNeitherRegistrationNorMetrics() async throws {
        try await withUnleashServer { running in
            try await TestFiles.withClient(configuration(running, metrics: nil)) { client in
                // A registration comes before the first features request, and so before ready.
                try await LoopbackServer.ready(client)
                _ = client.unleash.isEnabled("on", context: context)
                // No events are recorded, so no flush ever posts metrics.
                #expect(client.configuration.events == nil)
                await client.flush()
                #expect(running.requests(to: "/api/client/register").isEmpty)
                #expect(running.requests(to: "/api/client/metrics").isEmpty)
            }
        }
    }

    @Test func aRefusedTokenStopsPolling() async throws {
        try await withUnleashServer(token: "right") { running in
            let clock = ManualClock()
            var configuration = configuration(running, token: "wrong", metrics: nil)
            configuration.clock = clock
            configuration.metricsInterval = .seconds(86_400)
            try await TestFiles.withClient(configuration) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                #expect(status?.lastError?.statusCode == 401)
                // Nothing can make it ready now: waiting returns at once, not after the timeout (an
                // hour, which the limit, a bound against that hang, would cut short with an error).
                let ready = try await withTimeLimit(.seconds(60), "waitUntilReady returning at once after a refused token") {
                    await client.waitUntilReady(timeout: .seconds(3600))
                }
                #expect(ready == false)
                // Only the metrics loop waits on the clock: however long, no poll is due.
                try await clock.sleepers(atLeast: 1)
                #expect(clock.advance(by: .seconds(3600)) == 0)
                #expect(running.requests(to: "/api/client/features").count == 1)
            }
        }
    }

    @Test(arguments: [429, 500, 503, 404])
    func failuresBackOffAndTheLastGoodFeaturesStay(status: Int) async throws {
        try await withUnleashServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.inject(.status(status), on: .unleashFeatures, times: 3)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.statusCode == status)
                #expect(client.unleash.isEnabled("on", context: context))
                let valid = await TestFiles.nextStatus(events, .valid)
                #expect(valid != nil)
                // After n consecutive failures the source waits (n + 1) intervals.
                let log = running.requests(to: "/api/client/features")
                let failed = try #require(log.firstIndex { $0.status == status })
                for n in 1...3 where failed + n < log.count {
                    #expect(log[failed + n].time - log[failed + n - 1].time >= .milliseconds(50) * (n + 1))
                }
            }
        }
    }

    @Test func anUnreadableFeaturesDocumentKeepsTheLastGoodFeatures() async throws {
        let bad: [[UInt8]] = [Array("<html>".utf8), Array(#"{"version": 2, "features": 5}"#.utf8),
                              Array(#"{"version": 2, "features": [{"name": "x""#.utf8)]
        try await withUnleashServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                for body in bad {
                    let events = client.events()
                    running.server.inject(.body(body), on: .unleashFeatures)
                    let interrupted = await TestFiles.nextStatus(events, .interrupted)
                    #expect(interrupted?.lastError?.kind == .invalidData)
                    #expect(client.unleash.isEnabled("on", context: context))
                    #expect(await TestFiles.nextStatus(events, .valid) != nil)
                }
            }
        }
    }

    @Test("getVariant through the client: variants, the disabled variant, impressions of impressionData features")
    func variantsAndImpressions() async throws {
        let features = """
            {"version": 2, "features": [
              {"name": "coloured", "enabled": true, "impressionData": true, "strategies": [{"name": "default"}],
               "variants": [{"name": "blue", "weight": 1000, "stickiness": "default",
                             "payload": {"type": "string", "value": "#00f"}}]},
              {"name": "plain", "enabled": true, "strategies": [{"name": "default"}]},
              {"name": "off", "enabled": false, "strategies": [{"name": "default"}]}
            ]}
            """
        let impressions = RecordingSink()
        try await withUnleashServer(features) { running in
            let connection = UnleashConnection(url: running.baseURL + "/api", appName: "checkout",
                                               refreshInterval: .milliseconds(50), metricsInterval: .milliseconds(50),
                                               http: LoopbackServer.http())
            try await TestFiles.withClient(.unleash(connection, apiToken: "token-1", impressions: .sink(impressions),
                                                     logger: TestFiles.quietLogger)) { client in
                try await LoopbackServer.ready(client)
                let user = UnleashContext(userId: "u-1", properties: ["plan": "pro"]).context
                let blue = client.unleash.variant("coloured", context: user)
                #expect(blue == UnleashVariantResult(name: "blue", enabled: true, featureEnabled: true,
                                                     payload: .object(["type": "string", "value": "#00f"])))
                #expect(client.bound(to: user).unleash.variant("plain") == .disabled(featureEnabled: true))
                #expect(client.unleash.variant("off", context: user) == .disabled(featureEnabled: false))
                #expect(client.unleash.variant("missing", context: user) == .disabled(featureEnabled: false))
                _ = client.unleash.isEnabled("plain", context: user)
                let recorded = await eventually { impressions.exposures.count >= 1 }
                #expect(recorded)
                // Whatever was recorded is delivered once the flush returns.
                await client.flush()
                // Only the feature with impressionData records impressions.
                #expect(Set(impressions.exposures) == ["coloured"])
            }
        }
    }
}

/// Keeps the flag keys of the exposures it receives.
final class RecordingSink: EventSink {
    private let keys = Locked<[String]>([])

    var exposures: [String] { keys.withLock { $0 } }

    func send(_ batch: EventBatch) async throws {
        let received = batch.events.compactMap { event -> String? in
            if case .exposure(let exposure) = event { exposure.flagKey } else { nil }
        }
        keys.withLock { $0 += received }
    }
}
