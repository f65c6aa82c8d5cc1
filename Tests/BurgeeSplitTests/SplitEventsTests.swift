import BurgeeServer
import Foundation
import Logging
import Testing
@testable import Burgee
@testable import BurgeeSplit
import BurgeeCore

/// Impressions and events sent to Split, against the project's own server in Split mode on
/// loopback: each impressions mode with exact numbers, counts, unique keys, the listener, track.
@Suite("Split impressions and events")
struct SplitEventsTests {
    /// `f1` (change number 7): `vip` is whitelisted (`on`), every other key gets `off` by the
    /// `everyone` condition. `quiet` (change number 3, `impressionsDisabled`) serves `on`.
    static let document = #"""
        {"ff":{"d":[
          {"name":"f1","trafficTypeName":"user","changeNumber":7,"status":"ACTIVE","killed":false,
           "defaultTreatment":"off","seed":1,"algo":2,"conditions":[
             {"conditionType":"WHITELIST","label":"whitelisted","matcherGroup":{"combiner":"AND","matchers":[
               {"matcherType":"WHITELIST","negate":false,"whitelistMatcherData":{"whitelist":["vip"]}}]},
              "partitions":[{"treatment":"on","size":100}]},
             {"conditionType":"ROLLOUT","label":"everyone","matcherGroup":{"combiner":"AND","matchers":[
               {"matcherType":"ALL_KEYS","negate":false}]},"partitions":[{"treatment":"off","size":100}]}]},
          {"name":"quiet","trafficTypeName":"user","changeNumber":3,"status":"ACTIVE","killed":false,
           "defaultTreatment":"off","seed":1,"algo":2,"impressionsDisabled":true,"conditions":[
             {"conditionType":"ROLLOUT","label":"all","matcherGroup":{"combiner":"AND","matchers":[
               {"matcherType":"ALL_KEYS","negate":false}]},"partitions":[{"treatment":"on","size":100}]}]}
        ],"s":-1,"t":7}}
        """#

    private func withSplitServer<R>(_ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(Self.document, sdkKey: "sdk-1", configure: { $0.format = .split }, body)
    }

    private func configuration(_ running: RunningDefinitionsServer, mode: SplitImpressionsMode = .optimized,
                               listener: SplitImpressionListener? = nil,
                               logger: Logger = TestFiles.quietLogger) -> BurgeeClient.Configuration {
        .split(sdkKey: "sdk-1", sdkURL: running.clientURL, pollingInterval: .seconds(3600), eventsURL: running.clientURL,
               impressionsMode: mode, impressionListener: listener, http: LoopbackServer.http(), logger: logger)
    }

    /// `vip` three times, `u1` twice on `f1`; `u1` four times on `quiet`.
    private func evaluate(_ client: BurgeeClient) {
        for _ in 0..<3 { #expect(client.split.treatment("f1", key: "vip") == "on") }
        for _ in 0..<2 { #expect(client.split.treatment("f1", key: "u1") == "off") }
        for _ in 0..<4 { #expect(client.split.treatment("quiet", key: "u1") == "on") }
    }

    static func currentHour() -> Int64 {
        SplitImpressionTally.hour(of: Int64(Date().timeIntervalSince1970 * 1000))
    }

    private func posts(_ running: RunningDefinitionsServer, _ kind: SplitPost.Kind) -> [JSONValue] {
        running.server.splitPosts.filter { $0.kind == kind }.map(\.body)
    }

    /// The impressions posted, flattened: `[(flag, impression object)]`.
    private func impressions(_ running: RunningDefinitionsServer) -> [(String, [String: JSONValue])] {
        posts(running, .impressions).flatMap { body in
            (body.arrayValue ?? []).flatMap { group in
                let flag = group.objectValue?["f"]?.stringValue ?? ""
                return (group.objectValue?["i"]?.arrayValue ?? []).map { (flag, $0.objectValue ?? [:]) }
            }
        }
    }

    @Test func optimizedSendsEachImpressionOnceAndCountsTheRepeats() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let hour = Self.currentHour()
                evaluate(client)
                await client.flush()
                // A repeat in the next clock hour is sent again: the numbers below hold within one hour.
                guard Self.currentHour() == hour else { return }
                let stats = running.server.splitPostStats
                #expect(stats.impressions == ["f1": 2])
                // Repeats of f1 (2 of vip, 1 of u1) and every evaluation of the impressionsDisabled flag.
                #expect(stats.impressionCounts == ["f1": 3, "quiet": 4])
                #expect(posts(running, .uniqueKeys) == [["keys": [["f": "quiet", "ks": ["u1"]]]]])
                let sent = impressions(running)
                let vip = try #require(sent.first { $0.1["k"] == "vip" }?.1)
                #expect(vip["t"] == "on")
                #expect(vip["r"] == "whitelisted")
                #expect(vip["c"] == 7)
                #expect(vip["b"] == .null)
                #expect(vip["pt"] == .null)
                let u1 = try #require(sent.first { $0.1["k"] == "u1" }?.1)
                #expect(u1["t"] == "off")
                #expect(u1["r"] == "everyone")
                // Counts are by clock hour.
                let counted = try #require(posts(running, .impressionCounts).first?.objectValue?["pf"]?.arrayValue?.first?.objectValue)
                #expect(counted["m"]?.int64Value == hour)
                let bulk = try #require(running.requests(to: "/api/testImpressions/bulk").first)
                #expect(bulk.headers["splitsdkimpressionsmode"] == "OPTIMIZED")
                #expect(bulk.headers["splitsdkversion"] == "swift-burgee-" + SDKVersion.version)
                #expect(bulk.hasAuthorization)
                #expect(running.requests(to: "/api/testImpressions/count").first?.headers["splitsdkimpressionsmode"] == "OPTIMIZED")
                // Evaluating again in the same hour sends nothing new and counts the repeats.
                evaluate(client)
                await client.flush()
                guard Self.currentHour() == hour else { return }
                let again = running.server.splitPostStats
                #expect(again.impressions == ["f1": 2])
                #expect(again.impressionCounts == ["f1": 8, "quiet": 8])
            }
        }
    }

    @Test func debugSendsEveryImpressionWithThePreviousTime() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, mode: .debug)) { client in
                try await LoopbackServer.ready(client)
                evaluate(client)
                #expect(client.split.treatment("f1", key: "u2", bucketingKey: "b2") == "off")
                await client.flush()
                let stats = running.server.splitPostStats
                #expect(stats.impressions == ["f1": 6])
                // Only the impressionsDisabled flag is counted.
                #expect(stats.impressionCounts == ["quiet": 4])
                let vips = impressions(running).filter { $0.1["k"] == "vip" }.map(\.1)
                #expect(vips.count == 3)
                #expect(vips.first?["pt"] == .null)
                #expect(vips.dropFirst().allSatisfy { $0["pt"]?.int64Value != nil })
                #expect(vips.dropFirst().allSatisfy { ($0["pt"]?.int64Value ?? .max) <= ($0["m"]?.int64Value ?? 0) })
                let bucketed = impressions(running).first { $0.1["k"] == "u2" }?.1
                #expect(bucketed?["b"] == "b2")
                #expect(running.requests(to: "/api/testImpressions/bulk").first?.headers["splitsdkimpressionsmode"] == "DEBUG")
            }
        }
    }

    @Test func noneSendsCountsAndUniqueKeysOnly() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, mode: .none)) { client in
                try await LoopbackServer.ready(client)
                evaluate(client)
                await client.flush()
                let stats = running.server.splitPostStats
                #expect(stats.impressions.isEmpty)
                #expect(stats.posts[.impressions] == nil)
                #expect(stats.impressionCounts == ["f1": 5, "quiet": 4])
                #expect(posts(running, .uniqueKeys) == [["keys": [["f": "f1", "ks": ["u1", "vip"]], ["f": "quiet", "ks": ["u1"]]]]])
                #expect(running.requests(to: "/api/testImpressions/count").first?.headers["splitsdkimpressionsmode"] == "NONE")
            }
        }
    }

    @Test func theListenerGetsEveryImpressionWithItsAttributes() async throws {
        let heard = Locked<[SplitImpression]>([])
        try await withSplitServer { running in
            let listener: SplitImpressionListener = { impression in heard.withLock { $0.append(impression) } }
            try await TestFiles.withClient(configuration(running, listener: listener)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("f1", key: "vip", attributes: ["plan": "pro"]) == "on")
                #expect(client.split.treatment("f1", key: "vip", attributes: ["plan": "pro"]) == "on")
                #expect(client.split.treatment("quiet", key: "u1", bucketingKey: "b1") == "on")
                #expect(client.split.treatment("missing", key: "u1") == "control")
                await client.flush()
            }
        }
        let all = heard.withLock { $0 }
        // Not the flag that does not exist: Split records no impression for it.
        #expect(all.map(\.flag) == ["f1", "f1", "quiet"])
        #expect(all[0].attributes == ["plan": "pro"])
        #expect(all[0].label == "whitelisted")
        #expect(all[0].changeNumber == 7)
        #expect(all[0].previousTime == nil)
        #expect(all[1].previousTime != nil)
        #expect(all[2].bucketingKey == "b1")
        #expect(all[2].changeNumber == 3)
        #expect(all[2].label == "all")
    }

    @Test func trackedEventsAreDeliveredOnClose() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.track(key: "u1", trafficType: "User", eventType: "purchase", value: 9.5,
                                           properties: ["plan": "pro", "n": 3, "ok": true, "none": .null, "nested": ["x"]]))
                #expect(client.split.track(key: "u2", trafficType: "account", eventType: "page.view"))
                #expect(running.server.splitPostStats.events.isEmpty)
            }
            #expect(running.server.splitPostStats.events == ["purchase": 1, "page.view": 1])
            let events = posts(running, .events).flatMap { $0.arrayValue ?? [] }
            let purchase = try #require(events.first { $0.objectValue?["eventTypeId"] == "purchase" }?.objectValue)
            #expect(purchase["key"] == "u1")
            #expect(purchase["trafficTypeName"] == "user")
            #expect(purchase["value"] == 9.5)
            #expect(purchase["timestamp"]?.int64Value != nil)
            #expect(purchase["properties"] == ["plan": "pro", "n": 3, "ok": true, "none": .null, "nested": .null])
            let view = try #require(events.first { $0.objectValue?["eventTypeId"] == "page.view" }?.objectValue)
            #expect(view["value"] == .null)
            #expect(view["properties"] == .null)
            #expect(view["trafficTypeName"] == "account")
        }
    }

    /// One refused argument each: key blank, key too long, traffic type blank, event type empty,
    /// starting with a separator, with a space, too long; value not finite; properties too big.
    static let refusedCalls: [(String, String, String, Double?, [String: JSONValue]?)] = [
        ("  ", "user", "purchase", nil, nil),
        (String(repeating: "k", count: 251), "user", "purchase", nil, nil),
        ("u1", " ", "purchase", nil, nil),
        ("u1", "user", "", nil, nil),
        ("u1", "user", "-purchase", nil, nil),
        ("u1", "user", "pur chase", nil, nil),
        ("u1", "user", String(repeating: "e", count: 81), nil, nil),
        ("u1", "user", "purchase", Double.nan, nil),
        ("u1", "user", "purchase", Double.infinity, nil),
        ("u1", "user", "purchase", nil, ["p": JSONValue.string(String(repeating: "x", count: 32_768 - 1024))]),
    ]

    @Test(arguments: refusedCalls)
    func refusedTrackCallsAreLoggedAndNotSent(key: String, trafficType: String, eventType: String, value: Double?,
                                              properties: [String: JSONValue]?) async throws {
        let log = TestFiles.LogRecorder()
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, logger: log.logger)) { client in
                try await LoopbackServer.ready(client)
                #expect(!client.split.track(key: key, trafficType: trafficType, eventType: eventType, value: value,
                                            properties: properties))
            }
            #expect(running.server.splitPostStats.posts[.events] == nil)
        }
        #expect(log.entries.contains { $0.level == .error && $0.message.hasPrefix("track: event refused") })
    }

    @Test func trackChecksAsSplitsValidatorDoes() {
        // 1,024 + 1 (the name) + the characters of the value: at most 32,768.
        let limit = 32_768 - 1024 - 1
        #expect(SplitTrackInput(key: "k", trafficType: "user", eventType: "e", value: nil,
                                properties: ["p": .string(String(repeating: "x", count: limit))]).problems.isEmpty)
        #expect(SplitTrackInput(key: "k", trafficType: "user", eventType: "e", value: nil,
                                properties: ["p": .string(String(repeating: "x", count: limit + 1))]).problems.count == 1)
        let input = SplitTrackInput(key: String(repeating: "é", count: 250), trafficType: "Account", eventType: "a:b_c-d.e",
                                    value: 1, properties: ["list": [1], "object": ["a": 1], "n": 1.5])
        #expect(input.problems.isEmpty)
        #expect(input.trafficType == "account")
        #expect(input.properties == ["list": .null, "object": .null, "n": 1.5])
        #expect(input.warnings.count == 3)
        #expect(SplitTrackInput(key: "k", trafficType: "user", eventType: "e", value: nil, properties: [:]).properties == nil)
    }

    @Test(arguments: [500, 503, 429])
    func aFailedPostIsRetriedOnce(status: Int) async throws {
        try await withSplitServer { running in
            var configuration = configuration(running)
            configuration.events = .split(SplitEventSettings(eventsURL: running.clientURL, http: LoopbackServer.http(),
                                                             retryDelay: .milliseconds(20)))
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                running.server.inject(.status(status), on: .splitImpressions, times: 1)
                #expect(client.split.treatment("f1", key: "vip") == "on")
                await client.flush()
                #expect(running.requests(to: "/api/testImpressions/bulk").map(\.status) == [status, 200])
                #expect(running.server.splitPostStats.impressions == ["f1": 1])
                #expect(client.eventDiagnostics.droppedDelivery == 0)
            }
        }
    }

    @Test func aPostFailingTwiceDropsTheBatch() async throws {
        try await withSplitServer { running in
            var configuration = configuration(running)
            configuration.events = .split(SplitEventSettings(eventsURL: running.clientURL, http: LoopbackServer.http(),
                                                             retryDelay: .milliseconds(20)))
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                running.server.inject(.status(500), on: .splitImpressions, times: 2)
                #expect(client.split.treatment("f1", key: "vip") == "on")
                #expect(client.split.treatment("f1", key: "u1") == "off")
                await client.flush()
                #expect(running.requests(to: "/api/testImpressions/bulk").map(\.status) == [500, 500])
                #expect(running.server.splitPostStats.impressions.isEmpty)
                #expect(client.eventDiagnostics.droppedDelivery == 2)
                #expect(client.eventDiagnostics.failedBatches == 1)
            }
        }
    }

    @Test func theObserverForgetsTheOldestBeyondItsCapacity() {
        var observer = SplitImpressionObserver(capacity: 2)
        func impression(_ key: String, _ time: Int64) -> SplitImpression {
            SplitImpression(flag: "f", key: key, bucketingKey: nil, treatment: "on", label: "l", changeNumber: 1, time: time)
        }
        #expect(observer.testAndSet(impression("a", 10)) == nil)
        #expect(observer.testAndSet(impression("a", 20)) == 10)
        #expect(observer.testAndSet(impression("b", 30)) == nil)
        #expect(observer.testAndSet(impression("c", 40)) == nil)
        // `a` was remembered first: forgotten for `c`.
        #expect(observer.testAndSet(impression("a", 50)) == nil)
        #expect(observer.testAndSet(impression("c", 60)) == 40)
        // The answer is never later than the impression's own time.
        #expect(observer.testAndSet(impression("c", 5)) == 5)
    }

    @Test func uniqueKeysAreDueOnceMoreThanTheirCapacityIsHeld() {
        var tally = SplitImpressionTally()
        func impression(_ key: String) -> SplitImpression {
            SplitImpression(flag: "f", key: key, bucketingKey: nil, treatment: "on", label: nil, changeNumber: 1, time: 0)
        }
        var due = false
        for i in 0..<SplitImpressionTally.uniqueKeysCapacity { due = tally.trackKey(impression("k\(i)")) || due }
        #expect(!due)
        // A key already held does not count twice.
        let again = tally.trackKey(impression("k0"))
        #expect(!again)
        let overCapacity = tally.trackKey(impression("one more"))
        #expect(overCapacity)
        let taken = tally.takeUniqueKeys()
        #expect(taken["f"]?.count == SplitImpressionTally.uniqueKeysCapacity + 1)
        #expect(tally.uniqueKeyCount == 0)
    }

    @Test func hoursAreClockHours() {
        #expect(SplitImpressionTally.hour(of: 7_200_000 + 59_999) == 7_200_000)
        #expect(SplitImpressionTally.hour(of: 3_599_999) == 0)
    }
}
