import BurgeeServer
import Foundation
import Testing
@testable import Burgee
@testable import BurgeeKameleoon
import BurgeeCore

/// Syncing with Kameleoon's services against the project's own server in Kameleoon mode, on
/// loopback: the configuration and its updates, tracking, the Data API, and their failures.
@Suite("Kameleoon sync")
struct KameleoonSyncTests {
    static let site = "site1"

    private func withKameleoonServer<R>(_ json: String = KameleoonDocuments.standard(), key: String? = nil,
                                        visitors: [String: JSONValue] = [:],
                                        _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(json, sdkKey: key, configure: {
            $0.format = .kameleoon
            $0.visitorData = visitors
        }, body)
    }

    private func configuration(_ running: RunningDefinitionsServer, refresh: Duration = .seconds(3600),
                               clientID: String? = "id", clientSecret: String? = "secret") -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration.kameleoon(
            siteCode: Self.site, environment: "production", clientID: clientID, clientSecret: clientSecret,
            baseURL: running.baseURL, refreshInterval: refresh, trackingInterval: .seconds(3600),
            http: LoopbackServer.http(), logger: TestFiles.quietLogger)
        configuration.events?.closeTimeout = .seconds(10)
        return configuration
    }

    private var configurationPath: String { "/v3/\(Self.site)" }

    @Test func theConfigurationIsFetchedThenAskedForIfModifiedSince() async throws {
        try await withKameleoonServer { running in
            try await TestFiles.withClient(configuration(running, refresh: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]))
                #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro").key == "on")
                let seen = try await running.requests(to: configurationPath, atLeast: 3)
                #expect(seen[0].status == 200)
                #expect(seen[0].query == "environment=production")
                #expect(seen[0].headers["x-kameleoon-sdk-type"] == "BURGEE")
                #expect(seen[0].headers["x-kameleoon-sdk-version"] == SDKVersion.version)
                #expect(seen[0].headers["if-modified-since"] == nil)
                #expect(seen[1].headers["if-modified-since"] != nil)
                #expect(seen[1].status == 304)
                #expect(seen[2].status == 304)
            }
        }
    }

    @Test func aChangedConfigurationArrivesWithTheNextPoll() async throws {
        try await withKameleoonServer { running in
            try await TestFiles.withClient(configuration(running, refresh: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]))
                #expect(try client.kameleoon.getFeatureVariable(visitorCode: "v1", featureKey: "ff_pro", variableName: "color") == "red")
                let events = client.events()
                try running.update(KameleoonDocuments.standard(proColor: "blue", dateModified: 1_767_225_700_000))
                #expect(await TestFiles.nextUpdate(events) != nil)
                #expect(try client.kameleoon.getFeatureVariable(visitorCode: "v1", featureKey: "ff_pro", variableName: "color") == "blue")
            }
        }
    }

    @Test func realTimeUpdatesFetchTheConfigurationAtOnce() async throws {
        try await withKameleoonServer(KameleoonDocuments.standard(realTimeUpdate: true)) { running in
            // An hour between polls: only the stream can bring the change within the test.
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                _ = try await running.requests(to: "/sse", atLeast: 1)
                // The stream may still be opening: change again until a change arrives (bounded; a
                // wait that times out finishes its event stream, so each attempt subscribes anew).
                var arrived = false
                for attempt in 0..<50 where !arrived {
                    let events = client.events()
                    try running.update(KameleoonDocuments.standard(realTimeUpdate: true, proColor: "c\(attempt)",
                                                                   dateModified: 1_767_225_700_000 + attempt))
                    arrived = await TestFiles.nextUpdate(events, within: .seconds(1)) != nil
                }
                #expect(arrived)
                let fetches = running.requests(to: configurationPath)
                #expect(fetches.count >= 2)
                #expect(fetches.dropFirst().allSatisfy { $0.query.contains("ts=") }, "\(fetches.map(\.query))")
                try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]))
                #expect(try client.kameleoon.getFeatureVariable(visitorCode: "v1", featureKey: "ff_pro", variableName: "color") != "red")
            }
        }
    }

    @Test func a403IsASiteWithoutFlags() async throws {
        try await withKameleoonServer { running in
            running.server.inject(.status(403), on: .kameleoonConfiguration)
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(throws: KameleoonError.featureNotFound("ff_pro")) {
                    try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro")
                }
            }
        }
    }

    @Test func a401StopsTheSource() async throws {
        try await withKameleoonServer { running in
            running.server.inject(.status(401), on: .kameleoonConfiguration)
            try await TestFiles.withClient(configuration(running, refresh: .milliseconds(50))) { client in
                let events = client.events()
                client.start()
                #expect(await TestFiles.nextStatus(events, .unauthorized) != nil)
                #expect(!client.isReady)
                #expect(running.requests(to: configurationPath).count == 1)
            }
        }
    }

    @Test(arguments: [500, 503, 429])
    func failuresBackOffThenTheConfigurationArrives(status: Int) async throws {
        try await withKameleoonServer { running in
            running.server.inject(.status(status), on: .kameleoonConfiguration, times: 3)
            try await TestFiles.withClient(configuration(running)) { client in
                client.start()
                #expect(await client.waitUntilReady(timeout: .seconds(30)))
                let seen = running.requests(to: configurationPath)
                #expect(seen.map(\.status) == [status, status, status, 200])
                #expect(backoffViolations(seen.map(\.time), LoopbackServer.backoff).isEmpty)
            }
        }
    }

    @Test func aConfigurationThatFailsToReadKeepsTheLastGoodFlags() async throws {
        try await withKameleoonServer { running in
            try await TestFiles.withClient(configuration(running, refresh: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                // A rule without `id`: Kameleoon's SDKs refuse the whole configuration.
                let refused = #"{"featureFlags": [{"id": 1, "featureKey": "ff_pro", "rules": [{"type": "EXPERIMENTATION"}]}]}"#
                running.server.inject(.body(Array(refused.utf8)), on: .kameleoonConfiguration)
                #expect(await TestFiles.nextStatus(events) { $0.lastError != nil } != nil)
                try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]))
                #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro").key == "on")
                #expect(try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp").key == "on")
            }
        }
    }

    @Test func trackingReachesKameleoonsDataAPIWithExactCounts() async throws {
        try await withKameleoonServer(key: "secret") { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                try client.kameleoon.setLegalConsent(visitorCode: "v1", consent: true)
                try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]), .pageView(url: "https://a.example/x"))
                _ = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_pro")
                _ = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp")
                // Again before the post: the visitor's one assignment per experiment is sent once.
                _ = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp")
                try client.kameleoon.trackConversion(visitorCode: "v1", goalId: 11, revenue: 20)
                // Withheld consent: nothing of this visitor leaves but its conversion.
                try client.kameleoon.setLegalConsent(visitorCode: "v2", consent: false)
                try client.kameleoon.addData(visitorCode: "v2", .customData(index: 1, values: ["pro"]), .device("PHONE"))
                _ = try client.kameleoon.getVariation(visitorCode: "v2", featureKey: "ff_exp")
                await client.kameleoon.flush()
                let stats = running.server.kameleoonTrackingStats
                #expect(stats.events == ["customData": 1, "page": 1, "experiment": 2, "conversion": 1])
                #expect(stats.visitors == ["v1": 5])
                let post = try #require(running.server.kameleoonTrackingPosts.first)
                #expect(post.query["sdkName"] == "BURGEE")
                #expect(post.query["siteCode"] == Self.site)
                #expect(post.events.allSatisfy { ($0["nonce"]?.count ?? 0) == 16 })
                #expect(post.events.contains { $0["eventType"] == "experiment" && $0["id"] == "4102" && $0["variationId"] == "4108" })
                #expect(running.server.activity.kameleoonTokens == 1)
                #expect(client.eventDiagnostics.droppedDelivery == 0)
            }
        }
    }

    @Test func trackingWithRefusedCredentialsIsCountedAsDropped() async throws {
        try await withKameleoonServer(key: "secret") { running in
            try await TestFiles.withClient(configuration(running, clientSecret: "wrong")) { client in
                try await LoopbackServer.ready(client)
                try client.kameleoon.trackConversion(visitorCode: "v1", goalId: 11)
                await client.kameleoon.flush()
                #expect(running.server.kameleoonTrackingStats.posts == 0)
                #expect(running.requests(to: "/visit/events").map(\.status) == [401])
                #expect(client.eventDiagnostics.droppedDelivery == 1)
            }
        }
    }

    @Test func remoteVisitorDataIsAddedToTheVisitor() async throws {
        let answer: JSONValue = ["currentVisit": ["visitorCode": "v7", "timeStarted": 1_767_225_000_000,
                                                  "customDataEvents": [["time": 1_767_225_000_001,
                                                                        "data": ["index": 1, "valuesCountMap": ["pro": 1]]]]]]
        try await withKameleoonServer(key: "secret", visitors: ["v7": answer]) { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(try client.kameleoon.getVariation(visitorCode: "v7", featureKey: "ff_pro", track: false).key == "off")
                let fetched = try await client.kameleoon.getRemoteVisitorData(visitorCode: "v7")
                #expect(fetched == answer)
                #expect(try client.kameleoon.getVariation(visitorCode: "v7", featureKey: "ff_pro", track: false).key == "on")
                // A visitor the Data API does not know gets nothing.
                #expect(try await client.kameleoon.getRemoteVisitorData(visitorCode: "v8") == .object([:]))
                #expect(try client.kameleoon.getVariation(visitorCode: "v8", featureKey: "ff_pro", track: false).key == "off")
                let request = try #require(running.requests(to: "/visit/visitor").first)
                #expect(request.query.contains("visitorCode=v7") && request.query.contains("maxNumberPreviousVisits=1"))
                #expect(request.hasAuthorization)
            }
        }
    }

    @Test("getRemoteData reads /map/map with the client's one token, which tracking shares")
    func remoteDataAndOneToken() async throws {
        let stored: JSONValue = ["plan": "gold", "scores": [1, 2]]
        try await withKameleoonServer(key: "secret", visitors: ["ü key/1": stored]) { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(try await client.kameleoon.getRemoteData(key: "ü key/1") == stored)
                // A key the Data API does not know: its answer, `{}`.
                #expect(try await client.kameleoon.getRemoteData(key: "other") == .object([:]))
                _ = try await client.kameleoon.getRemoteVisitorData(visitorCode: "v7")
                try client.kameleoon.trackConversion(visitorCode: "v1", goalId: 11)
                await client.kameleoon.flush()
                #expect(running.server.kameleoonTrackingStats.posts == 1)
                let request = try #require(running.requests(to: "/map/map").first)
                #expect(request.query == "siteCode=\(Self.site)&key=%C3%BC%20key%2F1")
                #expect(request.hasAuthorization)
                // Data API reads and tracking: one token for the client.
                #expect(running.server.activity.kameleoonTokens == 1)
            }
        }
    }

    @Test("a refused token gives Kameleoon's answer without one, as its SDKs ask again without it")
    func remoteDataWithRefusedCredentials() async throws {
        try await withKameleoonServer(key: "secret", visitors: ["k": ["v": 1]]) { running in
            try await TestFiles.withClient(configuration(running, clientSecret: "wrong")) { client in
                try await LoopbackServer.ready(client)
                let answer = try await client.kameleoon.getRemoteData(key: "k")
                #expect(answer?.objectValue?["error"] != nil)
                #expect(running.requests(to: "/map/map").map(\.status) == [401])
            }
        }
    }

    @Test("evaluateAudiences tracks a targetingSegment line per audience segment the visitor is in")
    func audiencesAreTracked() async throws {
        let json = KameleoonDocuments.standard()
            .replacingOccurrences(of: #"{"id": 12, "conditionsData""#, with: #"{"id": 12, "audienceTracking": true, "conditionsData""#)
            .replacingOccurrences(of: #"{"id": 13, "conditionsData""#, with: #"{"id": 13, "audienceTracking": true, "conditionsData""#)
            .replacingOccurrences(of: #""segments": ["#, with: #""segments": [{"id": 14, "audienceTracking": true, "conditionsData": null},"#)
            .replacingOccurrences(of: #""consentType": "REQUIRED""#, with: #""consentType": "OPTIONAL""#)
        try await withKameleoonServer(json) { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                try client.kameleoon.addData(visitorCode: "v1", .customData(index: 1, values: ["pro"]), track: false)
                try client.kameleoon.evaluateAudiences(visitorCode: "v1")
                try client.kameleoon.evaluateAudiences(visitorCode: "v1")
                // A visitor never seen: in segment 14 (no conditions) only, and kept for it.
                try client.kameleoon.evaluateAudiences(visitorCode: "v3")
                await client.kameleoon.flush()
                func segments(_ posts: ArraySlice<KameleoonTrackingPost>) -> [String] {
                    posts.flatMap(\.events).filter { $0["eventType"] == "targetingSegment" }
                        .map { "\($0["visitorCode"] ?? "") \($0["id"] ?? "")" }.sorted()
                }
                #expect(segments(running.server.kameleoonTrackingPosts[...]) == ["v1 12", "v1 14", "v3 14"])
                // Assigned to ff_exp's experiment, the visitor is in segment 13 too; 12 and 14 are tracked again.
                _ = try client.kameleoon.getVariation(visitorCode: "v1", featureKey: "ff_exp", track: false)
                try client.kameleoon.evaluateAudiences(visitorCode: "v1")
                await client.kameleoon.flush()
                #expect(segments(running.server.kameleoonTrackingPosts.dropFirst()) == ["v1 12", "v1 13", "v1 14"])
                #expect(throws: KameleoonError.self) { try client.kameleoon.evaluateAudiences(visitorCode: "") }
            }
        }
    }

    @Test func remoteDataNeedsAConnection() async throws {
        let client = try await ClientHarness.ready(KameleoonDocuments.standard())
        await #expect(throws: KameleoonError.self) { try await client.kameleoon.getRemoteData(key: "k") }
        await client.close()
    }

    @Test func remoteVisitorDataNeedsAConnection() async throws {
        let client = try await ClientHarness.ready(KameleoonDocuments.standard())
        await #expect(throws: KameleoonError.self) { try await client.kameleoon.getRemoteVisitorData(visitorCode: "v1") }
        await client.close()
    }

    @Test func aConnectionWithoutASiteCodeIsRefused() {
        #expect(throws: ConfigurationError.self) {
            _ = try BurgeeClient(configuration: .kameleoon(siteCode: ""))
        }
        #expect(throws: ConfigurationError.self) {
            _ = try BurgeeClient(configuration: .kameleoon(siteCode: "s", baseURL: "http://example.com"))
        }
    }
}
