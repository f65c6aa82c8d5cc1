import BurgeeServer
import Testing
@testable import Burgee
@testable import BurgeeUnleash
import BurgeeCore

/// Unleash's streaming mode against the project's own server in Unleash mode, on loopback: the
/// whole state when the stream opens, then the delta API's events, each applied to the one
/// feature or segment it changes.
@Suite("Unleash streaming sync")
struct UnleashStreamingSyncTests {
    static let features = """
        {"version": 2, "features": [
          {"name": "on", "enabled": true, "strategies": [{"name": "default"}]},
          {"name": "plain", "enabled": false, "strategies": [{"name": "default"}]},
          {"name": "off", "enabled": false, "strategies": [{"name": "default"}]},
          {"name": "child", "enabled": true, "strategies": [{"name": "default"}], "dependencies": [{"feature": "off"}]},
          {"name": "segmented", "enabled": true, "strategies": [{"name": "default", "segments": [1]}]}
        ], "segments": [{"id": 1, "constraints": [{"contextName": "userId", "operator": "IN", "values": ["user-1"]}]}]}
        """
    private let context = Context(unleashJSON: ["userId": "user-1"])

    private func withStreamingClient(_ body: (RunningDefinitionsServer, BurgeeClient) async throws -> Void) async throws {
        try await LoopbackServer.withServer(Self.features, sdkKey: "token-1", configure: { $0.format = .unleash }) { running in
            let connection = UnleashConnection(url: running.baseURL + "/api", appName: "checkout", instanceId: "i-1",
                                               refreshInterval: .seconds(60), streaming: true, metricsInterval: nil,
                                               http: LoopbackServer.http())
            try await TestFiles.withClient(.unleash(connection, apiToken: "token-1", logger: TestFiles.quietLogger)) { client in
                try await LoopbackServer.ready(client)
                try await body(running, client)
            }
        }
    }

    /// Serves the features with `replacements` made, cumulatively; the client's next update.
    private func update(_ running: RunningDefinitionsServer, _ client: BurgeeClient, _ json: inout String,
                        _ old: String, _ new: String) async throws -> ClientEvent.DefinitionsUpdate? {
        let replaced = json.replacingOccurrences(of: old, with: new)
        #expect(replaced != json, "\(old) is in the features")
        json = replaced
        let events = client.events()
        try running.update(json)
        return await TestFiles.nextUpdate(events)
    }

    @Test func eachChangeArrivesAsDeltaEventsAndIsAppliedToItsItems() async throws {
        try await withStreamingClient { running, client in
            #expect(running.requests(to: "/api/client/streaming").first?.headers["unleash-appname"] == "checkout")
            #expect(running.requests(to: "/api/client/features").isEmpty)
            #expect(client.unleash.isEnabled("on", context: context))
            #expect(!client.unleash.isEnabled("child", context: context))
            #expect(client.unleash.isEnabled("segmented", context: context))

            var json = Self.features
            // A feature that nothing reads: laid out again in the program held, not compiled whole.
            let plain = try await update(running, client, &json, #""name": "plain", "enabled": false"#, #""name": "plain", "enabled": true"#)
            #expect(plain?.changedFlags == ["plain"])
            #expect(client.unleash.isEnabled("plain", context: context))
            #expect(client.cell.read { $0.snapshot?.recordsAddedByPatches ?? 0 } > 0)

            // A parent switched on: its child, which depends on it, changes with it.
            let parent = try await update(running, client, &json, #""name": "off", "enabled": false"#, #""name": "off", "enabled": true"#)
            #expect(parent?.changedFlags == ["child", "off"])
            #expect(client.unleash.isEnabled("off", context: context) && client.unleash.isEnabled("child", context: context))

            // A segment changed: the feature using it changes.
            let segment = try await update(running, client, &json, #""values": ["user-1"]"#, #""values": ["user-2"]"#)
            #expect(segment?.changedSegments == ["1"] && segment?.changedFlags == ["segmented"])
            #expect(!client.unleash.isEnabled("segmented", context: context))

            // A feature removed.
            let removed = try await update(running, client, &json, #"{"name": "on", "enabled": true, "strategies": [{"name": "default"}]},"#, "")
            #expect(removed?.changedFlags == ["on"])
            #expect(!client.unleash.isEnabled("on", context: context))
            #expect(running.requests(to: "/api/client/features").isEmpty)
            #expect(running.requests(to: "/api/client/streaming").count == 1)
        }
    }

    @Test("stale and unknown delta events are skipped; an unreadable one drops the connection, and the next one starts whole")
    func badDeltaEvents() async throws {
        try await withStreamingClient { running, client in
            let hydration = #"{"events":[{"type":"hydration","eventId":10,"features":[{"name":"on","enabled":false,"strategies":[]}],"segments":[]}]}"#
            let updated = #"{"events":[{"eventId":9,"type":"feature-updated","feature":{"name":"stale","enabled":true,"strategies":[]}},{"eventId":11,"type":"feature-updated","feature":{"name":"fresh","enabled":true,"strategies":[]}},{"eventId":12,"type":"something-new"},{"eventId":13,"type":"feature-updated","feature":{"enabled":true}}]}"#
            let body = "event: unleash-connected\ndata: \(hydration)\n\nevent: unleash-updated\ndata: \(updated)\n\n"
            let events = client.events()
            running.server.inject(.body(Array(body.utf8)), on: .stream)
            // The open stream ends after its next event; the client reconnects and meets the injected body.
            running.server.streamCloseAfterEvents = 1
            running.server.broadcast(event: "ping", data: "{}")
            // "stale" (event 9, not above the hydration's 10) is skipped: the first of the two to arrive is "fresh".
            let first = await TestFiles.nextUpdate(events) { $0.changedFlags.contains("stale") || $0.changedFlags.contains("fresh") }
            #expect(first?.changedFlags == ["fresh"])
            // The feature-updated event without a name drops the connection as unreadable.
            let interrupted = await TestFiles.nextStatus(events) { $0.lastError?.kind == .invalidData }
            #expect(interrupted?.lastError?.message.contains("'feature' must be an object with a string 'name'") == true)
            // The next connection brings the served state back whole.
            let back = await eventually {
                client.unleash.isEnabled("on", context: context) && !client.unleash.isEnabled("fresh", context: context)
            }
            #expect(back)
        }
    }
}
