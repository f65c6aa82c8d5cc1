import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeTestSupport
import BurgeeTesting
import Testing
@testable import BurgeeLaunchDarkly

/// Nothing a LaunchDarkly client records is lost unaccounted: under load from four threads, every
/// evaluation is in a summary counter and every event either arrives at `burgee serve`'s `/bulk`
/// or is counted as dropped; and when the events service misbehaves, exactly what LaunchDarkly's
/// SDKs would deliver arrives, and the rest is counted.
@Suite struct LaunchDarklyEventsLoadTests {
    private typealias LD = LaunchDarklyDocuments

    /// `plain` counts in the summary only; `tracked` (trackEvents) makes a feature event each time.
    private static let document = LD.document([
        LD.flag("plain", version: 1),
        #""tracked":{"key":"tracked","version":4,"on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1},"salt":"t","trackEvents":true}"#,
    ])

    /// What arrived at `/bulk`, each payload once (a retried payload has the id of its first try).
    private struct Arrived {
        var kinds: [String: Int] = [:]
        var summaryCounts: [String: Int] = [:]
        var payloads = 0

        init(_ posts: [LaunchDarklyEventPost]) {
            var seen = Set<String>()
            for post in posts where post.kind == .bulk {
                if let id = post.payloadID, !seen.insert(id).inserted { continue }
                payloads += 1
                for event in post.body.arrayValue ?? [] {
                    guard let object = event.objectValue, let kind = object["kind"]?.stringValue else { continue }
                    kinds[kind, default: 0] += 1
                    for (flag, summary) in object["features"]?.objectValue ?? [:] {
                        for counter in summary.objectValue?["counters"]?.arrayValue ?? [] {
                            summaryCounts[flag, default: 0] += counter.objectValue?["count"]?.intValue ?? 0
                        }
                    }
                }
            }
        }

        /// The events the client counts as delivered: all but the summaries.
        var events: Int { kinds.filter { $0.key != "summary" }.values.reduce(0, +) }
    }

    @Test func underLoadEveryEvaluationIsCountedAndEveryEventArrivesOrIsCountedDropped() async throws {
        try await LoopbackServer.withServer(Self.document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
            let connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: false, http: LoopbackServer.http())
            // A small queue, flushed only when full (the interval is an hour): some events are dropped.
            let client = try BurgeeClient(configuration: .launchDarkly(
                sdkKey: "sdk-key", connection: connection,
                events: LaunchDarklyEvents(eventsBaseURI: running.baseURL, capacity: 2_000, flushInterval: .seconds(3600),
                                           diagnosticOptOut: true),
                logger: TestFiles.quietLogger))
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            let threads = 4, perThread = 250_000
            let contexts = (0..<64).map { Context(key: "user-\($0)", attributes: ["plan": .string($0 % 2 == 0 ? "pro" : "free")]) }
            // Each context noticed once before the threads start: two threads noticing one
            // context at once may both queue its notice (the sink's context keys then send one
            // index event), which would blur the exact count below.
            for context in contexts { _ = client.boolVariation("plain", context: context, default: false) }
            let results = await withTaskGroup(of: (tracked: Int, tracks: Int).self) { group in
                for thread in 0..<threads {
                    group.addTask {
                        await onOwnThread {
                            var tracked = 0, tracks = 0
                            for i in 0..<perThread {
                                let context = contexts[(i &+ thread) % contexts.count]
                                if i % 20 == 0 {
                                    _ = client.boolVariation("tracked", context: context, default: false)
                                    tracked += 1
                                } else {
                                    _ = client.boolVariation("plain", context: context, default: false)
                                }
                                if i % 5_000 == 0 {
                                    // Recorded even when the queue is full (then counted dropped).
                                    _ = client.launchDarkly.track("load", context: context, metricValue: 1)
                                    tracks += 1
                                }
                            }
                            return (tracked, tracks)
                        }
                    }
                }
                var total = (tracked: 0, tracks: 0)
                for await r in group { total = (total.tracked + r.tracked, total.tracks + r.tracks) }
                return total
            }
            await client.flush()
            let diagnostics = client.eventDiagnostics
            await client.close()
            let arrived = Arrived(running.server.launchDarklyEventPosts)
            // Every evaluation counted, whatever was dropped: the summary never is.
            #expect(arrived.summaryCounts["plain", default: 0] + arrived.summaryCounts["tracked", default: 0]
                        == threads * perThread + contexts.count)
            #expect(arrived.summaryCounts["tracked"] == threads * perThread / 20)
            // Every event recorded: a feature event per tracked evaluation, a custom event per
            // track, an index event per context (once: the period is 5 minutes).
            #expect(diagnostics.recorded == results.tracked + results.tracks + contexts.count)
            // Each either dropped for a full queue or delivered, and every one delivered arrived.
            #expect(diagnostics.recorded == diagnostics.delivered + diagnostics.droppedQueueFull)
            #expect(diagnostics.droppedDelivery == 0 && diagnostics.pending == 0)
            #expect(arrived.events == diagnostics.delivered)
            // The queue holds 2,000 of about 50,000: drops happen, and are counted above.
            #expect(diagnostics.droppedQueueFull > 0)
            #expect(diagnostics.summariesDelivered == arrived.kinds["summary"])
        }
    }

    /// One flush of three tracked evaluations (three index and three feature events) against a
    /// server that misbehaves once (`times` times); the retry waits on a clock the test moves.
    private func flushThrough(_ fault: DefinitionsServer.Fault, times: Int = 1)
        async throws -> (arrived: Arrived, diagnostics: EventDiagnostics, posts: Int) {
        try await LoopbackServer.withServer(Self.document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
            let clock = ManualClock()
            let connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: false, http: LoopbackServer.http())
            let client = try BurgeeClient(configuration: BurgeeClient.Configuration.launchDarkly(
                sdkKey: "sdk-key", connection: connection,
                events: LaunchDarklyEvents(eventsBaseURI: running.baseURL, flushInterval: .seconds(3600), diagnosticOptOut: true),
                logger: TestFiles.quietLogger).on(clock))
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            running.server.inject(fault, on: .launchDarklyBulk, times: times)
            for user in ["a", "b", "c"] { _ = client.boolVariation("tracked", context: Context(key: user), default: false) }
            let flushing = Task { await client.flush() }
            // Time passes while the retry waits for it.
            #expect(try await drive(clock, by: .seconds(1)) { client.eventDiagnostics.pending == 0
                && client.eventDiagnostics.delivered + client.eventDiagnostics.droppedDelivery == 6 })
            await flushing.value
            let diagnostics = client.eventDiagnostics
            await client.close()
            return (Arrived(running.server.launchDarklyEventPosts), diagnostics, running.requests(to: "/bulk").count)
        }
    }

    @Test func thePeriodicDiagnosticCountsTheEventsTheQueueDropped() async throws {
        try await LoopbackServer.withServer(Self.document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
            let clock = ManualClock()
            let connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: false, http: LoopbackServer.http())
            let client = try BurgeeClient(configuration: BurgeeClient.Configuration.launchDarkly(
                sdkKey: "sdk-key", connection: connection,
                events: LaunchDarklyEvents(eventsBaseURI: running.baseURL, capacity: 2, flushInterval: .seconds(3600)),
                logger: TestFiles.quietLogger).on(clock))
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            let ann = Context(key: "ann")
            // An index and three feature events into a queue of two: two dropped.
            for _ in 0..<3 { _ = client.boolVariation("tracked", context: ann, default: false) }
            await client.flush()
            // Three more feature events: one dropped; the recording interval passes.
            for _ in 0..<3 { _ = client.boolVariation("tracked", context: ann, default: false) }
            clock.advance(by: .seconds(900))
            await client.flush()
            let posts = running.server.launchDarklyEventPosts
            #expect(posts.map(\.kind) == [.diagnostic, .bulk, .diagnostic, .bulk])
            let periodic = try #require(posts[2].body.objectValue)
            #expect(periodic["kind"] == "diagnostic")
            #expect(periodic["droppedEvents"] == 3)
            #expect(client.eventDiagnostics.droppedQueueFull == 3)
            await client.close()
        }
    }

    @Test(arguments: [DefinitionsServer.Fault.status(503), .status(429), .closeConnection, .dropMidBody,
                      .delay(.milliseconds(300))])
    func aPayloadThatOneRetryOrPatienceDeliversArrivesOnce(fault: DefinitionsServer.Fault) async throws {
        let (arrived, diagnostics, posts) = try await flushThrough(fault)
        #expect(arrived.kinds == ["index": 3, "feature": 3, "summary": 1])
        #expect(arrived.payloads == 1)
        #expect(diagnostics.delivered == 6 && diagnostics.droppedDelivery == 0 && diagnostics.summariesDelivered == 1)
        // A slow answer is waited for, and a 202 whose body never comes is a delivery (as
        // LaunchDarkly's SDKs read the status); the others are retried once.
        switch fault {
        case .delay, .dropMidBody: #expect(posts == 1)
        default: #expect(posts == 2)
        }
    }

    @Test(arguments: [(DefinitionsServer.Fault.status(500), 2), (.status(401), 1), (.status(403), 1), (.status(413), 1)])
    func aPayloadLaunchDarklyDoesNotTakeIsCountedDropped(fault: DefinitionsServer.Fault, times: Int) async throws {
        let (arrived, diagnostics, posts) = try await flushThrough(fault, times: times)
        #expect(arrived.payloads == 0)
        #expect(diagnostics.delivered == 0 && diagnostics.droppedDelivery == 6 && diagnostics.summariesDelivered == 0)
        // A 5xx is retried once; 401, 403 and 413 are not.
        #expect(posts == times)
    }
}
