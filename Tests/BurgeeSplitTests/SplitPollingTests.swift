import BurgeeServer
import BurgeeTesting
import Foundation
import Testing
@testable import Burgee
@testable import BurgeeSplit
import BurgeeCore

/// Polling Split's SDK API against the project's own server in Split mode, on loopback.
@Suite("Split polling")
struct SplitPollingTests {
    static func flag(_ name: String, sets: [String] = [], segment: String? = nil, treatment: String = "on") -> String {
        let matcher = segment.map {
            #"{"matcherType":"IN_SEGMENT","negate":false,"userDefinedSegmentMatcherData":{"segmentName":"\#($0)"}}"#
        } ?? #"{"matcherType":"ALL_KEYS","negate":false}"#
        let setList = sets.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"name":"\#(name)","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","killed":false,"#
            + #""defaultTreatment":"off","seed":1,"algo":2,"sets":[\#(setList)],"conditions":[{"conditionType":"ROLLOUT","#
            + #""label":"in","matcherGroup":{"combiner":"AND","matchers":[\#(matcher)]},"partitions":[{"treatment":"\#(treatment)","size":100}]}]}"#
    }

    /// `excluded` names a standard segment, which is fetched too.
    static let ruleBased = #"{"name":"rb","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","#
        + #""excluded":{"keys":[],"segments":[{"name":"banned","type":"standard"}]},"#
        + #""conditions":[{"matcherGroup":{"combiner":"AND","matchers":[{"matcherType":"ALL_KEYS","negate":false}]}}]}"#

    static func document(flags: [String], t: Int = 100, segments: String = #"{"vips":["u1","u2"],"banned":["u5"]}"#) -> String {
        #"{"ff":{"d":[\#(flags.joined(separator: ","))],"s":-1,"t":\#(t)},"rbs":{"d":[\#(ruleBased)],"s":-1,"t":\#(t)},"segments":\#(segments)}"#
    }

    static let standard = document(flags: [flag("a", sets: ["front"]), flag("b", sets: ["back"], segment: "vips")])

    private func withSplitServer<R>(_ json: String = Self.standard, key: String = "sdk-1",
                                    _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(json, sdkKey: key, configure: { $0.format = .split }, body)
    }

    private func configuration(_ running: RunningDefinitionsServer, key: String = "sdk-1", interval: Duration = .milliseconds(50),
                               flagSets: [String] = []) -> BurgeeClient.Configuration {
        // Streaming off: these count the polls' requests exactly (SplitStreamingTests streams).
        .split(sdkKey: key, sdkURL: running.clientURL, pollingInterval: interval, flagSets: flagSets,
               http: LoopbackServer.http(), streaming: .off, logger: TestFiles.quietLogger)
    }

    @Test func aPollRunsTheSinceTillLoopsWithSplitsHeaders() async throws {
        // The server's key is the whole header value, so only `Bearer sdk-1` is accepted.
        try await withSplitServer(key: "Bearer sdk-1") { running in
            try await TestFiles.withClient(configuration(running, interval: .seconds(3600))) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u9") == "on")
                #expect(client.split.treatment("b", key: "u1") == "on")
                #expect(client.split.treatment("b", key: "u9") == "off")
                #expect(client.split.treatment("missing", key: "u1") == "control")
                // One poll: since -1 then since 100 (s == t), and the same for each named segment.
                #expect(running.requests(to: "/api/splitChanges").count == 2)
                #expect(running.requests(to: "/api/segmentChanges/vips").count == 2)
                #expect(running.requests(to: "/api/segmentChanges/banned").count == 2)
                let first = try #require(running.requests(to: "/api/splitChanges").first)
                #expect(first.status == 200)
                #expect(first.hasAuthorization)
                #expect(first.headers["splitsdkversion"] == "swift-burgee-" + SDKVersion.version)
                // The machine is not known: no header names it.
                #expect(first.headers["splitsdkmachineip"] == nil && first.headers["splitsdkmachinename"] == nil)
            }
        }
    }

    @Test("a known machine is named in SplitSDKMachineIP and SplitSDKMachineName, as Split's SDKs name it")
    func machineHeaders() {
        var polling = SplitPolling()
        #expect(polling.machineHeaders.isEmpty)
        polling.machineIP = "10.1.2.3"
        #expect(polling.machineHeaders == ["SplitSDKMachineIP": "10.1.2.3", "SplitSDKMachineName": "ip-10-1-2-3"])
        polling.machineName = "web-7"
        #expect(polling.machineHeaders == ["SplitSDKMachineIP": "10.1.2.3", "SplitSDKMachineName": "web-7"])
        for unknown in ["NA", "unknown"] {
            polling.machineIP = unknown
            #expect(polling.machineHeaders.isEmpty)
        }
    }

    @Test func aKnownMachineIsSentOnEveryRequest() async throws {
        try await withSplitServer { running in
            var configuration = configuration(running, interval: .seconds(3600))
            var polling = SplitPolling(sdkURL: running.clientURL, pollingInterval: .seconds(3600), http: LoopbackServer.http(),
                                       streaming: .off)
            polling.machineIP = "10.1.2.3"
            configuration.source = .split(polling)
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                let requests = running.requests(to: "/api/splitChanges") + running.requests(to: "/api/segmentChanges/vips")
                #expect(requests.count == 4)
                #expect(requests.allSatisfy { $0.headers["splitsdkmachineip"] == "10.1.2.3" && $0.headers["splitsdkmachinename"] == "ip-10-1-2-3" })
            }
        }
    }

    @Test func theQueryCarriesTheSpecChangeNumbersAndSortedFlagSets() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, interval: .seconds(3600), flagSets: ["front", "Back "])) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u9") == "on")
                #expect(client.split.treatment("b", key: "u1") == "on")
                #expect(running.requests(to: "/api/splitChanges").map(\.query) == [
                    "s=1.3&since=-1&rbSince=-1&sets=back,front", "s=1.3&since=100&rbSince=100&sets=back,front",
                ])
                #expect(running.requests(to: "/api/segmentChanges/vips").map(\.query) == ["since=-1", "since=100"])
            }
        }
        let polling = SplitPolling(sdkURL: "http://127.0.0.1:1/api", flagSets: ["front", "Back ", "front"])
        #expect(polling.flagSets == ["back", "front"])
        #expect(throws: ConfigurationError.self) { try SplitPolling(flagSets: ["no-dashes"]).validate() }
    }

    @Test func aFlagSetFilterKeepsOtherFlagsAndTheirSegmentsOut() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, interval: .seconds(3600), flagSets: ["front"])) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u9") == "on")
                #expect(client.split.treatment("b", key: "u1") == "control")
                #expect(running.requests(to: "/api/segmentChanges/vips").isEmpty)
                #expect(running.requests(to: "/api/segmentChanges/banned").count == 2)
            }
        }
    }

    @Test func aFileChangeReachesTheClientWithDeletionsAndSegmentChanges() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                try running.update(Self.document(flags: [Self.flag("a", treatment: "blue"), Self.flag("c", segment: "vips")],
                                                 segments: #"{"vips":["u3"],"banned":[]}"#))
                #expect(await TestFiles.nextUpdate(events) != nil)
                let settled = await eventually {
                    client.split.treatment("a", key: "u9") == "blue" && client.split.treatment("c", key: "u3") == "on"
                }
                #expect(settled)
                #expect(client.split.treatment("b", key: "u1") == "control")
                #expect(client.split.treatment("c", key: "u1") == "off")
            }
        }
    }

    @Test func aRefusedKeyStopsPolling() async throws {
        try await withSplitServer(key: "right") { running in
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running, key: "wrong").on(clock)) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                #expect(status?.lastError?.statusCode == 401)
                // The metrics loop and the impressions' flush interval wait on the clock; twenty
                // polling intervals wake nothing: no poll is due.
                try await clock.sleepers(atLeast: 2)
                #expect(clock.advance(by: .seconds(1)) == 0)
                #expect(running.requests(to: "/api/splitChanges").count == 1)
            }
        }
    }

    @Test(arguments: [(429, true), (500, true), (503, true), (429, false), (500, false)])
    func failuresBackOffThenRecover(status: Int, onFlags: Bool) async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                let (endpoint, path) = onFlags ? (DefinitionsServer.Endpoint.splitChanges, "/api/splitChanges")
                    : (.splitSegmentChanges, "/api/segmentChanges/banned")
                // Segments are fetched in name order: `banned` takes the faults.
                running.server.inject(.status(status), on: endpoint, times: 3)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.statusCode == status)
                #expect(client.split.treatment("b", key: "u1") == "on")
                #expect(await TestFiles.nextStatus(events, .valid) != nil)
                let log = running.requests(to: path)
                let failed = try #require(log.firstIndex { $0.status == status })
                let violations = backoffViolations(Array(log[failed...].prefix(4).map(\.time)), LoopbackServer.backoff)
                #expect(violations.isEmpty, "\(violations)")
            }
        }
    }

    @Test func aRetryAfterIsObeyed() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.inject(.status(429, headers: ["Retry-After": "1"]), on: .splitChanges)
                #expect(await TestFiles.nextStatus(events, .interrupted) != nil)
                #expect(await TestFiles.nextStatus(events, .valid) != nil)
                let log = running.requests(to: "/api/splitChanges")
                let refused = try #require(log.firstIndex { $0.status == 429 })
                let retry = try #require(log.indices.contains(refused + 1) ? log[refused + 1] : nil)
                // The test backoff alone would retry within 50 ms.
                #expect(retry.time - log[refused].time >= .milliseconds(990))
            }
        }
    }

    @Test func aDroppedConnectionIsRetried() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.inject(.closeConnection, on: .splitChanges)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.kind == .network)
                #expect(await TestFiles.nextStatus(events, .valid) != nil)
                #expect(client.split.treatment("a", key: "u1") == "on")
            }
        }
    }

    @Test func anUnreadableBodyKeepsTheLastGoodFlags() async throws {
        let bad: [[UInt8]] = [
            Array("<html>".utf8), Array(#"{"ff": 5}"#.utf8),
            // Reads as an answer, but the flag is not one Split's SDKs accept: the client refuses the document.
            Array(#"{"ff":{"d":[{"name":"x"}],"s":100,"t":200},"rbs":{"d":[],"s":100,"t":200}}"#.utf8),
        ]
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                for body in bad {
                    let events = client.events()
                    running.server.inject(.body(body), on: .splitChanges)
                    let interrupted = await TestFiles.nextStatus(events, .interrupted)
                    #expect(interrupted?.lastError?.kind == .invalidData)
                    #expect(client.split.treatment("a", key: "u1") == "on")
                    #expect(await TestFiles.nextStatus(events, .valid) != nil)
                }
                #expect(client.split.treatment("x", key: "u1") == "control")
            }
        }
    }

    @Test func a400ToSpec13FallsBackToSpec11() async throws {
        try await withSplitServer { running in
            running.server.inject(.status(400), on: .splitChanges)
            try await TestFiles.withClient(configuration(running, interval: .seconds(3600))) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u1") == "on")
                #expect(client.split.treatment("b", key: "u1") == "on")
                // The refused request, then the 1.1 loop (since -1, then since 100).
                let requests = running.requests(to: "/api/splitChanges")
                #expect(requests.map(\.status) == [400, 200, 200])
                #expect(requests.map(\.query) == ["s=1.3&since=-1&rbSince=-1", "s=1.1&since=-1", "s=1.1&since=100"])
            }
        }
    }

    @Test func configurationNeedsAKeyAndAValidURL() {
        #expect(throws: ConfigurationError.self) { try SplitDataSource(options: SplitPolling(), sdkKey: nil) }
        #expect(throws: ConfigurationError.self) {
            try SplitDataSource(options: SplitPolling(sdkURL: "not a url"), sdkKey: SDKKey("k"))
        }
        #expect(throws: ConfigurationError.self) {
            try SplitDataSource(options: SplitPolling(pollingInterval: .zero), sdkKey: SDKKey("k"))
        }
        #expect(SplitDataSource.pathSegment("a b/ü") == "a%20b%2F%C3%BC")
    }
}
