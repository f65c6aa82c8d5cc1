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

    @Test func sendEventsFalseSendsNone() throws {
        let configuration = BurgeeClient.Configuration.launchDarkly(sdkKey: "k", events: LaunchDarklyEvents(sendEvents: false))
        #expect(configuration.events == nil)
        #expect(BurgeeClient.Configuration.launchDarkly(sdkKey: "k").events != nil)
    }
}
