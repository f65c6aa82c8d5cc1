import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// Unleash's `GET /api/client/streaming`, as Unleash Edge streams to Yggdrasil-based SDKs, and
/// the `project` and `namePrefix` filters of `GET /api/client/features`.
@Suite("Unleash streaming and filters")
struct UnleashStreamingTests {
    static let features = #"{"version":2,"features":[{"name":"app.a","project":"web","enabled":true,"strategies":[{"name":"default","segments":[1]}]},{"name":"app.b","enabled":false,"strategies":[]},{"name":"ops.c","project":"ops","enabled":true,"strategies":[]}],"segments":[{"id":1,"constraints":[]},{"id":2,"constraints":[]}]}"#

    private func withUnleash<R>(_ json: String = Self.features, key: String? = nil,
                                _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(json)), configure: { $0.format = .unleash; $0.sdkKey = key }) {
            try await body($0, $1, $2)
        }
    }

    private func names(_ fetched: Fetched) throws -> [String] {
        try Documents.json(fetched.body).objectValue?["features"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? []
    }

    @Test func theStreamOpensWithTheWholeStateThenSendsWhatChangedAsDeltaEvents() async throws {
        try await withUnleash { server, running, client in
            let response = try await client.execute(
                HTTP.request(running.baseURL + "/api/client/streaming", headers: [("Accept", "text/event-stream")]), timeout: .seconds(10))
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Type"] == ["text/event-stream"])
            let reader = EventStreamReader(response)
            let connected = try #require(try await reader.nextEvent())
            #expect(connected.event == "unleash-connected")
            #expect(connected.id == String(server.currentDocumentVersion))
            let document = try Documents.json(Self.features).objectValue ?? [:]
            let hydration: JSONValue = [
                "type": "hydration", "eventId": .number(Double(server.currentDocumentVersion)),
                "features": document["features"]!, "segments": document["segments"]!,
            ]
            #expect(try Documents.json(connected.data) == ["events": [hydration]])

            // app.b switched on, ops.c removed, segment 1 changed, segment 2 removed, segment 3 added.
            let changed = #"{"version":2,"features":[{"name":"app.a","project":"web","enabled":true,"strategies":[{"name":"default","segments":[1]}]},{"name":"app.b","enabled":true,"strategies":[]}],"segments":[{"id":1,"constraints":[{"contextName":"userId","operator":"IN","values":["u-1"]}]},{"id":3,"constraints":[]}]}"#
            try server.update(definitions: Documents.bytes(changed))
            let updated = try #require(try await reader.nextEvent())
            #expect(updated.event == "unleash-updated")
            let version = JSONValue.number(Double(server.currentDocumentVersion))
            #expect(updated.id == String(server.currentDocumentVersion))
            let after = try Documents.json(changed).objectValue ?? [:]
            let expected: JSONValue = ["events": [
                ["eventId": version, "type": "segment-updated", "segment": after["segments"]!.arrayValue![0]],
                ["eventId": version, "type": "segment-updated", "segment": after["segments"]!.arrayValue![1]],
                ["eventId": version, "type": "feature-updated", "feature": after["features"]!.arrayValue![1]],
                ["eventId": version, "type": "feature-removed", "featureName": "ops.c", "project": "ops"],
                ["eventId": version, "type": "segment-removed", "segmentId": 2],
            ]]
            #expect(try Documents.json(updated.data) == expected)

            // A document whose features cannot be told apart by name is sent whole again.
            let repeated = #"{"version":2,"features":[{"name":"x","enabled":true,"strategies":[]},{"name":"x","enabled":false,"strategies":[]}]}"#
            try server.update(definitions: Documents.bytes(repeated))
            let whole = try #require(try await reader.nextEvent())
            let events = try Documents.json(whole.data).objectValue?["events"]?.arrayValue ?? []
            #expect(whole.event == "unleash-updated" && events.count == 1 && events.first?.objectValue?["type"] == "hydration")
        }
    }

    @Test func aDeltaDocumentIsStreamedAsItStands() async throws {
        let delta = #"{"events":[{"type":"hydration","eventId":4,"features":[{"name":"f","enabled":true,"strategies":[]}],"segments":[]}]}"#
        try await withUnleash(delta) { _, running, client in
            let response = try await client.execute(HTTP.request(running.baseURL + "/api/client/streaming"), timeout: .seconds(10))
            let connected = try #require(try await EventStreamReader(response).nextEvent())
            #expect(connected.event == "unleash-connected")
            #expect(try Documents.json(connected.data) == (try Documents.json(delta)))
        }
    }

    @Test("a filtered stream is refused with 400 rather than served unfiltered", arguments: ["?project=web", "?namePrefix=app."])
    func filteredStream(query: String) async throws {
        try await withUnleash { server, running, client in
            let refused = try await HTTP.fetch(client, running.baseURL + "/api/client/streaming" + query)
            #expect(refused.status == 400)
            #expect(try Documents.json(refused.body).objectValue?["error"] == "stream_filter_unsupported")
            #expect(server.openStreams == 0)
        }
    }

    @Test func theStreamNeedsTheKey() async throws {
        try await withUnleash(key: "token") { server, running, client in
            let refused = try await HTTP.fetch(client, running.baseURL + "/api/client/streaming", headers: [("Authorization", "nope")])
            #expect(refused.status == 401)
            #expect(server.openStreams == 0)
        }
    }

    @Test("project and namePrefix filter the features as Edge does; the segments follow the features kept", arguments: [
        ("", ["app.a", "app.b", "ops.c"], [1, 2]), ("?project=web", ["app.a"], [1]),
        // A feature without a project member is left out by any project filter, `*` included.
        ("?project=default", [], nil), ("?project=*", ["app.a", "ops.c"], [1]),
        ("?project=web&project=ops", ["app.a", "ops.c"], [1]), ("?project=ops,web", ["app.a", "ops.c"], [1]),
        ("?namePrefix=app.", ["app.a", "app.b"], [1]), ("?namePrefix=app.&project=ops", [], nil),
        ("?namePrefix=", ["app.a", "app.b", "ops.c"], [1, 2]), ("?namePrefix=app%2Eb", ["app.b"], nil),
    ] as [(String, [String], [Int]?)])
    func filters(query: String, expected: [String], segments: [Int]?) async throws {
        try await withUnleash { _, running, client in
            let fetched = try await HTTP.fetch(client, running.baseURL + "/api/client/features" + query)
            #expect(fetched.status == 200)
            #expect(try names(fetched) == expected)
            let served = try Documents.json(fetched.body).objectValue ?? [:]
            #expect(served["segments"]?.arrayValue?.compactMap { $0.objectValue?["id"]?.int64Value }.map { Int($0) } == segments)
            #expect(served["version"] == 2)
        }
    }

    @Test func aFilteredAnswerHasItsOwnETagAnd304() async throws {
        try await withUnleash { server, running, client in
            let url = running.baseURL + "/api/client/features?project=web"
            let first = try await HTTP.fetch(client, url)
            let etag = try #require(first.header("etag"))
            #expect(etag != server.currentETag)
            #expect(try await HTTP.fetch(client, url, headers: [("If-None-Match", etag)]).status == 304)
            // The whole document's tag does not stand for the filtered one.
            #expect(try await HTTP.fetch(client, url, headers: [("If-None-Match", server.currentETag)]).status == 200)
        }
    }

    @Test func aDeltaDocumentsFeatureEventsAreFilteredToo() async throws {
        let delta = #"{"events":[{"type":"hydration","eventId":1,"features":[{"name":"a","project":"p","enabled":true,"strategies":[]},{"name":"b","enabled":true,"strategies":[]}],"segments":[]},{"type":"feature-updated","eventId":2,"feature":{"name":"c","project":"p","enabled":true,"strategies":[]}},{"type":"feature-removed","eventId":3,"featureName":"d","project":"default"}]}"#
        try await withUnleash(delta) { _, running, client in
            let fetched = try await HTTP.fetch(client, running.baseURL + "/api/client/features?project=p")
            let events = try Documents.json(fetched.body).objectValue?["events"]?.arrayValue ?? []
            #expect(events.map { $0.objectValue?["type"] } == ["hydration", "feature-updated"])
            #expect(events.first?.objectValue?["features"]?.arrayValue?.map { $0.objectValue?["name"] } == ["a"])
        }
    }

    @Test func registrationsAndMetricsAreListedAndCountedAtEvents() async throws {
        try await withUnleash(key: "token") { server, running, client in
            let key = [("Authorization", "token")]
            let registration = #"{"appName":"a","instanceId":"i","strategies":["default"]}"#
            let metrics = #"{"appName":"a","bucket":{"start":"x","stop":"y","toggles":{"app.a":{"yes":3,"no":1,"variants":{"blue":2}}}}}"#
            #expect(try await HTTP.fetch(client, running.baseURL + "/api/client/register", method: "POST", headers: key,
                                         body: Documents.bytes(registration)).status == 202)
            for _ in 0..<2 {
                #expect(try await HTTP.fetch(client, running.baseURL + "/api/client/metrics", method: "POST", headers: key,
                                             body: Documents.bytes(metrics)).status == 202)
            }
            #expect(try await HTTP.fetch(client, running.baseURL + "/api/client/metrics", method: "POST", headers: key,
                                         body: Documents.bytes("{not json")).status == 400)
            let listed = try await HTTP.fetch(client, running.baseURL + "/events", headers: key)
            #expect(try Documents.json(listed.body) == [
                "registrations": [try Documents.json(registration)],
                "metrics": [try Documents.json(metrics), try Documents.json(metrics)],
            ])
            let stats = try await HTTP.fetch(client, running.baseURL + "/events/stats", headers: key)
            #expect(try Documents.json(stats.body) == [
                "registrations": 1, "metrics": 2, "toggles": ["app.a": ["yes": 6, "no": 2, "variants": ["blue": 4]]],
            ])
            #expect(server.unleashReportCounts.registrations == 1 && server.unleashReportCounts.metrics == 2)
            #expect(try await HTTP.fetch(client, running.baseURL + "/events/stats").status == 401)
        }
    }
}
