import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeTestSupport
import Testing
@testable import BurgeeLaunchDarkly

/// A LaunchDarkly client's events end to end: evaluations and `track` through the client, the
/// payloads `burgee serve` (in LaunchDarkly mode, as a Relay Proxy) receives at `/bulk` and `/diagnostic`.
@Suite struct LaunchDarklyClientEventsTests {
    private typealias LD = LaunchDarklyDocuments

    /// `tracked` has `trackEvents`; `plain` has not; `exp` serves from an experiment rollout.
    private static let document = LD.document([
        LD.flag("plain", version: 1),
        #""tracked":{"key":"tracked","version":4,"on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1},"salt":"t","trackEvents":true}"#,
    ])

    @Test func evaluationsAndTracksArriveAsLaunchDarklysEvents() async throws {
        try await LoopbackServer.withServer(Self.document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
            let connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: false, http: LoopbackServer.http())
            let client = try BurgeeClient(configuration: .launchDarkly(
                sdkKey: "sdk-key", connection: connection,
                events: LaunchDarklyEvents(eventsBaseURI: running.baseURL, flushInterval: .seconds(3600), privateAttributes: ["email"]),
                logger: TestFiles.quietLogger))
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            let ann = Context(key: "ann", attributes: ["email": "ann@example.com", "plan": "pro"])
            #expect(client.boolVariation("plain", context: ann, default: false))
            #expect(client.boolVariation("plain", context: ann, default: false))
            #expect(client.boolVariation("tracked", context: ann, default: false))
            #expect(client.boolVariationDetail("tracked", context: ann, default: false).value)
            #expect(!client.boolVariation("missing", context: Context(kind: "org", key: "o"), default: false))
            #expect(client.track("bought", context: ann, value: 9.5, properties: ["sku": "s-1"]))
            await client.flush()
            let posts = running.server.launchDarklyEventPosts
            #expect(posts.map(\.kind) == [.diagnostic, .bulk])
            let events = try #require(posts.last?.body.arrayValue)
            #expect(events.map { $0.objectValue?["kind"]?.stringValue } == ["index", "feature", "feature", "index", "custom", "summary"])
            // The index event carries the context, its private attribute left out.
            #expect(events[0].objectValue?["context"] == [
                "kind": "user", "key": "ann", "plan": "pro", "_meta": ["redactedAttributes": ["email"]]])
            let feature = events[1].objectValue ?? [:]
            #expect(feature["key"] == "tracked" && feature["version"] == 4 && feature["variation"] == 1)
            #expect(feature["value"] == true && feature["default"] == false && feature["reason"] == nil)
            // A `…Detail` call's feature event carries the reason.
            #expect(events[2].objectValue?["reason"] == ["kind": "FALLTHROUGH"])
            #expect(events[3].objectValue?["context"]?.objectValue?["kind"] == "org")
            #expect(events[4] == ["kind": "custom", "creationDate": events[4].objectValue?["creationDate"] ?? .null,
                                  "key": "bought", "data": ["sku": "s-1"], "contextKeys": ["user": "ann"], "metricValue": 9.5])
            let features = try #require(events[5].objectValue?["features"]?.objectValue)
            #expect(features["plain"] == [
                "default": false, "counters": [["variation": 1, "version": 1, "value": true, "count": 2]], "contextKinds": ["user"]])
            #expect(features["missing"] == [
                "default": false, "counters": [["unknown": true, "value": false, "count": 1]], "contextKinds": ["org"]])
            #expect(running.server.launchDarklyEventPosts.last?.payloadID != nil)
            await client.close()
        }
    }

    @Test func launchDarklysTrackTakesAnyKeyAndAnyData() async throws {
        try await LoopbackServer.withServer(Self.document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
            let connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: false, http: LoopbackServer.http())
            let client = try BurgeeClient(configuration: .launchDarkly(
                sdkKey: "sdk-key", connection: connection,
                events: LaunchDarklyEvents(eventsBaseURI: running.baseURL, flushInterval: .seconds(3600), diagnosticOptOut: true),
                logger: TestFiles.quietLogger))
            let ann = Context(key: "ann")
            #expect(client.launchDarkly.track("ü", context: ann, data: "text", metricValue: 2))
            #expect(client.launchDarkly.track("", context: ann, data: [:]))
            #expect(client.launchDarkly.track("k", context: ann, data: .null))
            #expect(!client.launchDarkly.track("k", context: Context(key: "")))
            await client.flush()
            let events = try #require(running.server.launchDarklyEventPosts.last?.body.arrayValue).compactMap(\.objectValue)
            #expect(events.map { $0["kind"] } == ["index", "custom", "custom", "custom"])
            #expect(events[1]["key"] == "ü" && events[1]["data"] == "text" && events[1]["metricValue"] == 2)
            #expect(events[2]["key"] == "" && events[2]["data"] == [:])
            #expect(events[3]["key"] == "k" && events[3]["data"] == nil)
            await client.close()
        }
    }

    /// A boolean flag member as the prerequisite tests need it.
    private static func flag(_ key: String, on: Bool = true, prerequisites: [String] = [], tracked: Bool = false,
                             debugUntil: Int64? = nil) -> String {
        let prerequisites = prerequisites.map { #"{"key":"\#($0)","variation":1}"# }.joined(separator: ",")
        return #""\#(key)":{"key":"\#(key)","version":2,"on":\#(on),"variations":[false,true],"offVariation":0,"#
            + #""fallthrough":{"variation":1},"salt":"s","prerequisites":[\#(prerequisites)],"trackEvents":\#(tracked)"#
            + (debugUntil.map { #","debugEventsUntilDate":\#($0)"# } ?? "") + "}"
    }

    /// Evaluates `flag` for one context on a LaunchDarkly client of `document`; the `/bulk` payload's events.
    private static func events(of document: String, evaluating flags: [String]) async throws -> [[String: JSONValue]] {
        try await LoopbackServer.withServer(document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
            let connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: false, http: LoopbackServer.http())
            let client = try BurgeeClient(configuration: .launchDarkly(
                sdkKey: "sdk-key", connection: connection,
                events: LaunchDarklyEvents(eventsBaseURI: running.baseURL, flushInterval: .seconds(3600), diagnosticOptOut: true),
                logger: TestFiles.quietLogger))
            client.start()
            #expect(await client.waitUntilReady(timeout: .seconds(30)))
            for flag in flags { _ = client.boolVariation(flag, context: Context(key: "ann"), default: true) }
            await client.flush()
            await client.close()
            return try #require(running.server.launchDarklyEventPosts.last?.body.arrayValue).compactMap(\.objectValue)
        }
    }

    @Test func prerequisitesAreEvaluationsOfTheirOwnBeforeTheirDependant() async throws {
        // top -> [mid -> [leaf], off]: leaf (tracked) and mid pass, off fails (a disabled flag
        // fails whatever it serves) but is evaluated for its event; top is served its off variation.
        let events = try await Self.events(of: LD.document([
            Self.flag("top", prerequisites: ["mid", "off"], tracked: true), Self.flag("mid", prerequisites: ["leaf"]),
            Self.flag("leaf", tracked: true), Self.flag("off", on: false, tracked: true),
        ]), evaluating: ["top"])
        #expect(events.map { $0["kind"] } == ["index", "feature", "feature", "feature", "summary"])
        #expect(events[1]["key"] == "leaf" && events[1]["prereqOf"] == "mid" && events[1]["default"] == .null
                    && events[1]["value"] == true)
        #expect(events[2]["key"] == "off" && events[2]["prereqOf"] == "top" && events[2]["value"] == false
                    && events[2]["variation"] == 0)
        #expect(events[3]["key"] == "top" && events[3]["prereqOf"] == nil && events[3]["value"] == false
                    && events[3]["default"] == true)
        let features = try #require(events[4]["features"]?.objectValue)
        #expect(features.keys.sorted() == ["leaf", "mid", "off", "top"])
        // A flag first evaluated as a prerequisite has no default in the summary.
        #expect(features["mid"]?.objectValue?["default"] == .null)
        #expect(features["mid"]?.objectValue?["counters"] == [["variation": 1, "version": 2, "value": true, "count": 1]])
    }

    @Test func aPrerequisiteCycleReportsWhatCameBeforeTheFlagMetAgain() async throws {
        // a -> b -> [c, a]: LaunchDarkly's evaluator evaluates c, then meets a again and stops;
        // a is MALFORMED_FLAG, and neither b nor a again is reported.
        let events = try await Self.events(of: LD.document([
            Self.flag("a", prerequisites: ["b"]), Self.flag("b", prerequisites: ["c", "a"]), Self.flag("c", tracked: true),
        ]), evaluating: ["a"])
        #expect(events.map { $0["kind"] } == ["index", "feature", "summary"])
        #expect(events[1]["key"] == "c" && events[1]["prereqOf"] == "b")
        let features = try #require(events[2]["features"]?.objectValue)
        #expect(features.keys.sorted() == ["a", "c"])
        #expect(features["a"]?.objectValue?["counters"] == [["version": 2, "value": true, "count": 1]])
    }

    @Test func aFlagBeingDebuggedSendsADebugEventUntilItsDate() async throws {
        // Open until the year 2286; closed since 1970.
        let events = try await Self.events(of: LD.document([
            Self.flag("open", debugUntil: 9_999_999_999_999), Self.flag("closed", debugUntil: 1000),
            Self.flag("both", tracked: true, debugUntil: 9_999_999_999_999),
        ]), evaluating: ["open", "closed", "both"])
        #expect(events.map { $0["kind"] } == ["index", "debug", "feature", "debug", "summary"])
        #expect(events[1]["key"] == "open" && events[1]["context"] == ["kind": "user", "key": "ann"])
        #expect(events[2]["key"] == "both" && events[3]["key"] == "both")
    }

    @Test func excludeFromSummariesAndSamplingRatioAreLaunchDarklys() async throws {
        func flag(_ key: String, _ extra: String) -> String {
            #""\#(key)":{"key":"\#(key)","version":1,"on":true,"variations":[false,true],"offVariation":0,"#
                + #""fallthrough":{"variation":1},"salt":"s","trackEvents":true\#(extra)}"#
        }
        let events = try await Self.events(of: LD.document([
            flag("excluded", #","excludeFromSummaries":true"#), flag("never", #","samplingRatio":0"#),
            flag("always", #","samplingRatio":1"#),
        ]), evaluating: ["excluded", "never", "always"])
        // The excluded flag's feature event leaves, its count does not; a ratio of 0 sends no
        // feature event but counts; a ratio of 1 is not written.
        #expect(events.map { $0["kind"] } == ["index", "feature", "feature", "summary"])
        #expect(events[1]["key"] == "excluded" && events[2]["key"] == "always" && events[2]["samplingRatio"] == nil)
        let features = try #require(events[3]["features"]?.objectValue)
        #expect(features.keys.sorted() == ["always", "never"])
    }

    @Test func samplingIsOneInTheRatio() {
        #expect(LaunchDarklyEventsSink.sample(nil) && LaunchDarklyEventsSink.sample(1))
        #expect(!LaunchDarklyEventsSink.sample(0) && !LaunchDarklyEventsSink.sample(-3))
        let sent = (0..<4_000).count { _ in LaunchDarklyEventsSink.sample(4) }
        // 1,000 expected; a bound this wide fails one run in billions.
        #expect((700...1_300).contains(sent))
    }

    @Test func sendEventsFalseSendsNone() throws {
        let configuration = BurgeeClient.Configuration.launchDarkly(sdkKey: "k", events: LaunchDarklyEvents(sendEvents: false))
        #expect(configuration.events == nil)
        #expect(BurgeeClient.Configuration.launchDarkly(sdkKey: "k").events != nil)
    }
}
