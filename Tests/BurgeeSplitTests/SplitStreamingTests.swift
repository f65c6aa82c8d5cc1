import BurgeeServer
import BurgeeTesting
import CompressNIO
import Foundation
import NIOCore
import Testing
@testable import Burgee
@testable import BurgeeSplit
import BurgeeCore

/// Streaming from Split's streaming service ("notify then fetch") against the project's own
/// server in Split mode, on loopback: `/api/v2/auth`, `/event-stream`, and polling while the
/// stream is down. Tests that must show push alone did the work poll once an hour.
@Suite("Split streaming")
struct SplitStreamingTests {
    typealias Split = SplitPollingTests

    private func withSplitServer<R>(_ json: String = Split.standard, key: String = "sdk-1", push: Bool = true,
                                    _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(json, sdkKey: key, configure: {
            $0.format = .split
            $0.offersPush = push
        }, body)
    }

    private func configuration(_ running: RunningDefinitionsServer, key: String = "sdk-1", interval: Duration = .seconds(3600),
                               streaming: SplitStreaming = SplitStreaming()) -> BurgeeClient.Configuration {
        .split(sdkKey: key, sdkURL: running.clientURL, pollingInterval: interval, http: LoopbackServer.http(),
               streaming: streaming, logger: TestFiles.quietLogger)
    }

    /// Starts the client and waits until its stream is open and its sync after connecting is done.
    private func streaming(_ client: BurgeeClient, _ running: RunningDefinitionsServer) async throws {
        try await LoopbackServer.ready(client)
        #expect(await eventually { running.server.openStreams == 1 })
        // The first sync (since -1, then the served number), and the full sync on connecting,
        // which ends with `vips` (segments are fetched in name order).
        #expect(await eventually {
            running.requests(to: "/api/splitChanges").count >= 3 && running.requests(to: "/api/segmentChanges/vips").count >= 3
        })
    }

    /// Whether a poll is due within `interval` of `clock`: the sync loop's timer, set only while
    /// it polls (the client's other sleepers, its metrics loop, the impressions' flush interval and
    /// the token's renewal, are further away).
    private func pollDue(_ clock: ManualClock, within interval: Duration) -> Bool {
        clock.deadlines.contains { $0 <= clock.now.advanced(by: interval) }
    }

    /// Lets `count` polling intervals pass, each once the sync loop waits for it: `count` polls.
    private func poll(_ count: Int, every interval: Duration, on clock: ManualClock) async {
        for _ in 0..<count {
            #expect(await eventually { pollDue(clock, within: interval) })
            clock.advance(by: interval)
        }
    }

    /// Waits until polling has stopped (its timer cancelled), then lets six intervals pass: no poll
    /// is due, and none arrives.
    private func expectNoPolling(every interval: Duration, on clock: ManualClock, _ running: RunningDefinitionsServer) async {
        #expect(await eventually { !pollDue(clock, within: interval) })
        let before = running.requests(to: "/api/splitChanges").count
        #expect(clock.advance(by: interval * 6) == 0)
        #expect(running.requests(to: "/api/splitChanges").count == before)
    }

    @Test func anUpdateArrivesThroughPushWithoutWaitingForAPoll() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                // Through the base the client was given: auth and stream below `/api`.
                #expect(running.requests(to: "/api/v2/auth").map(\.query) == ["s=1.3"])
                let stream = try #require(running.requests(to: "/api/event-stream").first)
                #expect(stream.query.hasPrefix("v=1.1&accessToken="))
                #expect(stream.query.contains("&channels=burgee_segments,burgee_splits,%5B%3Foccupancy%3Dmetrics.publishers%5Dcontrol_pri,"))
                #expect(!stream.hasAuthorization)
                // Two flags change: the notification carries neither, so the client fetches up to
                // its change number, past Split's CDN.
                try running.update(Split.document(flags: [Split.flag("a", treatment: "blue"), Split.flag("b", segment: "vips", treatment: "red")]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "blue" })
                let version = running.server.currentDocumentVersion
                let fetch = try #require(running.requests(to: "/api/splitChanges").first { $0.query.hasSuffix("&till=\(version)") })
                #expect(fetch.headers["cache-control"] == "no-cache")
                let polled = try #require(running.requests(to: "/api/splitChanges").first)
                #expect(polled.headers["cache-control"] == nil)
            }
        }
    }

    @Test("a notification carrying the one flag that changed is applied in place, without a fetch")
    func aCarriedFlagIsAppliedInPlace() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                let fetches = running.requests(to: "/api/splitChanges").count
                // `beta` is served but named by no flag: the client does not hold it.
                let segments = #"{"vips":["u1","u2"],"banned":["u5"],"beta":["u7"]}"#
                let b = Split.flag("b", sets: ["back"], segment: "vips")
                try running.update(Split.document(flags: [Split.flag("a", sets: ["front"], treatment: "blue"), b], segments: segments))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "blue" })
                // A flag of its own size gzip-compressed (c: 1), naming a segment not held: that
                // segment alone is fetched, up to the notification's change number.
                let big = Split.flag("big", segment: "beta", treatment: String(repeating: "x", count: 2000))
                try running.update(Split.document(flags: [Split.flag("a", sets: ["front"], treatment: "blue"), b, big], segments: segments))
                #expect(await eventually { client.split.treatment("big", key: "u7") == String(repeating: "x", count: 2000) })
                #expect(client.split.treatment("big", key: "u1") == "off")
                let version = running.server.currentDocumentVersion
                let segmentFetch = try #require(running.requests(to: "/api/segmentChanges/beta").first)
                #expect(segmentFetch.query == "since=-1&till=\(version)")
                #expect(segmentFetch.headers["cache-control"] == "no-cache")
                #expect(running.requests(to: "/api/splitChanges").count == fetches)
            }
        }
    }

    @Test("a carried flag that does not follow on from the change number held, or cannot be read, is fetched instead")
    func aCarriedFlagOutOfOrderOrUnreadableIsFetched() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                let held = running.server.currentDocumentVersion
                func notify(_ changeNumber: Int64, pcn: Int64, c: Int, d: String) {
                    let inner = #"{"type":"SPLIT_UPDATE","changeNumber":\#(changeNumber),"pcn":\#(pcn),"c":\#(c),"d":"\#(d)"}"#
                    let data: JSONValue = ["channel": "burgee_splits", "timestamp": 1, "data": .string(inner)]
                    running.server.broadcast(event: "message", data: data.serialized())
                }
                let pushed = Data(Split.flag("a", treatment: "pushed").utf8).base64EncodedString()
                for (offset, (pcn, c, d)) in [(held - 1, 0, pushed), (held, 1, pushed), (held, 0, "%%%"), (held, 7, pushed)].enumerated() {
                    let changeNumber = held + 1000 + Int64(offset)
                    notify(changeNumber, pcn: pcn, c: c, d: d)
                    #expect(await eventually { running.requests(to: "/api/splitChanges").contains { $0.query.hasSuffix("&till=\(changeNumber)") } })
                }
                // The fetches found nothing newer: the pushed flag was never applied.
                #expect(client.split.treatment("a", key: "u9") == "on")
            }
        }
    }

    @Test("a flag pushed zlib-compressed (c: 2) is read as Split's SDKs read it")
    func aZlibCompressedFlagIsApplied() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                let fetches = running.requests(to: "/api/splitChanges").count
                var flag = ByteBuffer(string: Split.flag("z", treatment: "zipped"))
                let zlib = try flag.compress(with: .zlib)
                let held = running.server.currentDocumentVersion
                let inner: JSONValue = ["type": "SPLIT_UPDATE", "changeNumber": .number(Double(held + 1)), "pcn": .number(Double(held)),
                                        "c": 2, "d": .string(Data(zlib.readableBytesView).base64EncodedString())]
                let data: JSONValue = ["channel": "burgee_splits", "timestamp": 1, "data": .string(inner.serialized())]
                running.server.broadcast(event: "message", data: data.serialized())
                #expect(await eventually { client.split.treatment("z", key: "u9") == "zipped" })
                #expect(running.requests(to: "/api/splitChanges").count == fetches)
            }
        }
    }

    @Test func aKillIsAppliedAtOnceThenFetched() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                #expect(client.split.treatment("a", key: "u9") == "on")
                // Every fetch fails: only the notification itself can kill the flag.
                running.server.inject(.status(500), on: .splitChanges, times: 1000)
                let killed = Split.flag("a").replacingOccurrences(of: #""killed":false"#, with: #""killed":true"#)
                    .replacingOccurrences(of: #""defaultTreatment":"off""#, with: #""defaultTreatment":"dark""#)
                try running.update(Split.document(flags: [killed, Split.flag("b", segment: "vips")]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "dark" })
                #expect(client.split.treatmentWithConfig("b", key: "u1").treatment == "on")
                let failed = running.requests(to: "/api/splitChanges").count
                running.server.clearFaults()
                #expect(await eventually { running.requests(to: "/api/splitChanges").dropFirst(failed).contains { $0.status == 200 } })
                #expect(client.split.treatment("a", key: "u9") == "dark")
            }
        }
    }

    @Test func aSegmentUpdateFetchesThatSegment() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                #expect(client.split.treatment("b", key: "u3") == "off")
                let flagsBefore = running.requests(to: "/api/splitChanges").count
                try running.update(Split.document(flags: [Split.flag("a", sets: ["front"]), Split.flag("b", sets: ["back"], segment: "vips")],
                                                  segments: #"{"vips":["u1","u2","u3"],"banned":["u5"]}"#))
                #expect(await eventually { client.split.treatment("b", key: "u3") == "on" })
                let version = running.server.currentDocumentVersion
                #expect(running.requests(to: "/api/segmentChanges/vips").contains { $0.query.hasSuffix("&till=\(version)") })
                // Only the segment was fetched: flags did not change.
                #expect(running.requests(to: "/api/splitChanges").count == flagsBefore)
            }
        }
    }

    @Test func pausedStreamingPollsUntilEnabledAgain() async throws {
        try await withSplitServer { running in
            let clock = ManualClock()
            let interval = Duration.milliseconds(100)
            try await TestFiles.withClient(configuration(running, interval: interval).on(clock)) { client in
                try await streaming(client, running)
                await expectNoPolling(every: interval, on: clock, running)
                let before = running.requests(to: "/api/splitChanges").count
                running.server.push(.control(.streamingPaused))
                // A sync at once, then one per interval.
                await poll(6, every: interval, on: clock)
                #expect(await eventually { running.requests(to: "/api/splitChanges").count >= before + 7 })
                // Waiting for the next interval: no sync in flight.
                #expect(await eventually { pollDue(clock, within: interval) })
                running.server.push(.control(.streamingEnabled))
                // The sync once enabled, then no polling.
                await expectNoPolling(every: interval, on: clock, running)
                #expect(running.server.openStreams == 1)
                #expect(running.requests(to: "/api/event-stream").count == 1)
            }
        }
    }

    @Test func noPublishersPollsUntilOneIsBack() async throws {
        try await withSplitServer { running in
            let clock = ManualClock()
            let interval = Duration.milliseconds(100)
            try await TestFiles.withClient(configuration(running, interval: interval).on(clock)) { client in
                try await streaming(client, running)
                running.server.push(.occupancy(.primary, publishers: 0))
                // One channel with publishers is enough: once a change notified after the occupancy
                // is applied, the occupancy was read, and the change's sync left no poll due.
                try running.update(Split.document(flags: [Split.flag("a", treatment: "blue"), Split.flag("b", segment: "vips")]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "blue" })
                await expectNoPolling(every: interval, on: clock, running)
                running.server.push(.occupancy(.secondary, publishers: 0))
                let before = running.requests(to: "/api/splitChanges").count
                await poll(6, every: interval, on: clock)
                #expect(await eventually { running.requests(to: "/api/splitChanges").count >= before + 7 })
                #expect(await eventually { pollDue(clock, within: interval) })
                running.server.push(.occupancy(.secondary, publishers: 1))
                await expectNoPolling(every: interval, on: clock, running)
            }
        }
    }

    @Test func disabledStreamingClosesTheStreamAndPollsForGood() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, interval: .milliseconds(100))) { client in
                try await streaming(client, running)
                running.server.push(.control(.streamingDisabled))
                #expect(await eventually { running.server.openStreams == 0 })
                let before = running.requests(to: "/api/splitChanges").count
                #expect(await eventually { running.requests(to: "/api/splitChanges").count >= before + 6 })
                #expect(running.requests(to: "/api/v2/auth").count == 1)
            }
        }
    }

    @Test func noPushOfferedMeansPollingOnly() async throws {
        try await withSplitServer(push: false) { running in
            try await TestFiles.withClient(configuration(running, interval: .milliseconds(100))) { client in
                try await LoopbackServer.ready(client)
                #expect(await eventually { running.requests(to: "/api/splitChanges").count >= 8 })
                #expect(running.requests(to: "/api/v2/auth").count == 1)
                #expect(running.requests(to: "/api/event-stream").isEmpty)
                try running.update(Split.document(flags: [Split.flag("a", treatment: "blue")]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "blue" })
            }
        }
    }

    @Test func streamingOffNeverAsksForAToken() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running, interval: .milliseconds(100), streaming: .off)) { client in
                try await LoopbackServer.ready(client)
                #expect(await eventually { running.requests(to: "/api/splitChanges").count >= 6 })
                #expect(running.requests(to: "/api/v2/auth").isEmpty)
            }
        }
    }

    @Test func aRefusedAuthStopsTheSource() async throws {
        try await withSplitServer { running in
            running.server.inject(.status(401), on: .splitAuth)
            let clock = ManualClock()
            let interval = Duration.milliseconds(100)
            try await TestFiles.withClient(configuration(running, interval: interval).on(clock)) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                #expect(status?.lastError?.statusCode == 401)
                await expectNoPolling(every: interval, on: clock, running)
                #expect(running.requests(to: "/api/event-stream").isEmpty)
            }
        }
    }

    @Test func otherAuthFailuresBackOffAndPoll() async throws {
        try await withSplitServer { running in
            running.server.inject(.status(503), on: .splitAuth, times: 3)
            try await TestFiles.withClient(configuration(running, interval: .milliseconds(100))) { client in
                try await LoopbackServer.ready(client)
                #expect(await eventually { running.server.openStreams == 1 })
                #expect(running.requests(to: "/api/v2/auth").map(\.status) == [503, 503, 503, 200])
                let log = running.requests(to: "/api/v2/auth")
                #expect(backoffViolations(log.map(\.time), LoopbackServer.backoff).isEmpty)
            }
        }
    }

    @Test func aDroppedStreamReconnectsAndPollsMeanwhile() async throws {
        try await withSplitServer { running in
            // Two streams cut in their opening message, then a connection closed unanswered.
            running.server.inject(.dropMidBody, on: .splitEventStream, times: 2)
            running.server.inject(.closeConnection, on: .splitEventStream)
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                // Once the client's sync on connecting to the fourth stream arrives, that stream
                // is open and subscribed to the server's notifications.
                #expect(await eventually {
                    let log = running.server.requestLog
                    guard running.requests(to: "/api/event-stream").count == 4,
                          let stream = log.lastIndex(where: { $0.path == "/api/event-stream" }) else { return false }
                    return log[stream...].contains { $0.path == "/api/splitChanges" } && running.server.openStreams == 1
                })
                // A new token for every connection, and a sync each time the stream went down.
                #expect(running.requests(to: "/api/v2/auth").count == 4)
                #expect(running.requests(to: "/api/splitChanges").count >= 2 + 3)
                // Every fetch fails from now: only a notification on the new stream can kill the flag.
                running.server.inject(.status(500), on: .splitChanges, times: 1000)
                let killed = Split.flag("a").replacingOccurrences(of: #""killed":false"#, with: #""killed":true"#)
                try running.update(Split.document(flags: [killed]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "off" })
                running.server.clearFaults()
            }
        }
    }

    @Test func aSilentStreamIsDroppedAfterTheIdleTimeout() async throws {
        try await LoopbackServer.withServer(Split.standard, sdkKey: "sdk-1", configure: {
            $0.format = .split
            $0.heartbeatInterval = .seconds(3600)
        }) { running in
            let streaming = SplitStreaming(idleTimeout: .milliseconds(300))
            try await TestFiles.withClient(configuration(running, streaming: streaming)) { client in
                try await LoopbackServer.ready(client)
                // Nothing follows the opening messages: each stream is given up and reopened with a new token.
                #expect(await eventually {
                    running.requests(to: "/api/event-stream").count >= 3 && running.requests(to: "/api/v2/auth").count >= 3
                })
            }
        }
    }

    @Test func anAblyTokenErrorReconnectsWithANewToken() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                running.server.push(.error(code: 40142, statusCode: 401, message: "Token expired"))
                #expect(await eventually { running.requests(to: "/api/event-stream").count == 2 && running.server.openStreams == 1 })
                #expect(running.requests(to: "/api/v2/auth").count == 2)
                // An error outside Ably's 4xxxx range is ignored.
                running.server.push(.error(code: 50000, statusCode: 500, message: "internal"))
                try running.update(Split.document(flags: [Split.flag("a", treatment: "blue")]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "blue" })
                #expect(running.requests(to: "/api/event-stream").count == 2)
            }
        }
    }

    @Test func theTokenIsRenewedBeforeItExpires() async throws {
        try await withSplitServer { running in
            // The server's tokens live an hour: renewing 3598 s early means at most two seconds after
            // connecting (at once when connecting took longer).
            let streaming = SplitStreaming(tokenRefreshMargin: .seconds(3598))
            try await TestFiles.withClient(configuration(running, streaming: streaming)) { client in
                try await LoopbackServer.ready(client)
                #expect(await eventually { running.requests(to: "/api/v2/auth").count >= 2 })
                #expect(await eventually { running.requests(to: "/api/event-stream").count >= 2 && running.server.openStreams == 1 })
            }
        }
    }

    @Test func malformedMessagesAreSkipped() async throws {
        try await withSplitServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await streaming(client, running)
                for data in [
                    "not json", "[1]", #"{"channel":"burgee_splits"}"#, #"{"channel":"burgee_splits","data":"nope"}"#,
                    #"{"channel":"burgee_splits","data":"{\"type\":\"SPLIT_UPDATE\"}"}"#,
                    #"{"channel":"burgee_splits","data":"{\"type\":\"SOMETHING_NEW\",\"changeNumber\":5}"}"#,
                    #"{"channel":"burgee_splits","data":"{\"type\":\"SPLIT_KILL\",\"changeNumber\":99999}"}"#,
                    #"{"channel":"control_pri","data":"{\"type\":\"CONTROL\",\"controlType\":\"WHAT\"}"}"#,
                    #"{"channel":"control_pri","name":"[meta]occupancy","data":"{\"metrics\":{}}"}"#,
                ] {
                    running.server.broadcast(event: "message", data: data)
                }
                running.server.broadcast(event: "error", data: "not json")
                try running.update(Split.document(flags: [Split.flag("a", treatment: "blue"), Split.flag("b", segment: "vips")]))
                #expect(await eventually { client.split.treatment("a", key: "u9") == "blue" })
                #expect(client.split.treatment("b", key: "u1") == "on")
                #expect(running.requests(to: "/api/event-stream").count == 1)
            }
        }
    }

    @Test func authAndStreamingURLsDefaultToSplitsOrTheOneBase() throws {
        let own = SplitStreaming()
        #expect(own.authBase(sdkURL: "https://sdk.split.io/api") == "https://auth.split.io/api")
        #expect(own.streamingBase(sdkURL: "https://sdk.split.io/api/") == "https://streaming.split.io")
        #expect(own.authBase(sdkURL: "http://proxy:3000/api") == "http://proxy:3000/api")
        #expect(own.streamingBase(sdkURL: "http://proxy:3000/api") == "http://proxy:3000/api")
        let custom = SplitStreaming(authURL: "https://auth.example/api/", streamingURL: "https://push.example")
        #expect(custom.authBase(sdkURL: "https://sdk.split.io/api") == "https://auth.example/api")
        #expect(custom.streamingBase(sdkURL: "https://sdk.split.io/api") == "https://push.example")
        #expect(throws: ConfigurationError.self) { try SplitPolling(streaming: SplitStreaming(idleTimeout: .zero)).validate() }
    }

    @Test func aTokenIsReadFromItsPayload() throws {
        func encode(_ json: String) -> String {
            Data(json.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
                .replacingOccurrences(of: "=", with: "")
        }
        let capability = #"{\"x_splits\":[\"subscribe\"],\"control_pri\":[\"subscribe\",\"channel-metadata:publishers\"]}"#
        let token = encode(#"{"alg":"HS256"}"#) + "." + encode(#"{"x-ably-capability":"\#(capability)","exp":2000,"iat":1000}"#) + ".sig"
        let body = Array(#"{"pushEnabled":true,"token":"\#(token)"}"#.utf8)
        let read = try #require(try SplitAuthToken.read(body, limits: .default))
        #expect(read.channels == ["x_splits": ["subscribe"], "control_pri": ["subscribe", "channel-metadata:publishers"]])
        #expect(read.expiresAt == 2000 && read.issuedAt == 1000)
        #expect(read.channelsQuery == "x_splits,%5B%3Foccupancy%3Dmetrics.publishers%5Dcontrol_pri")
        #expect(read.refreshDelay(now: 1000, margin: .seconds(600)) == .seconds(400))
        // Connected late (a slow auth call): the margin has passed, so at once.
        #expect(read.refreshDelay(now: 1500, margin: .seconds(600)) == .zero)
        // A token that lives no longer than the margin: halfway through what is left.
        #expect(read.refreshDelay(now: 1000, margin: .seconds(1200)) == .seconds(500))
        #expect(read.refreshDelay(now: 1500, margin: .seconds(1200)) == .seconds(250))
        #expect(try SplitAuthToken.read(Array(#"{"pushEnabled":false,"token":""}"#.utf8), limits: .default) == nil)
        #expect(throws: SplitAnswerError.self) { try SplitAuthToken.read(Array(#"{"pushEnabled":true,"token":"a.b"}"#.utf8), limits: .default) }
    }
}
