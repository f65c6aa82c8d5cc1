import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Foundation
import Testing

/// The server in Split mode: Split's SDK API (`/api/splitChanges`, `/api/segmentChanges/{name}`,
/// `/api/v2/auth`, the impression and event posts) from a file.
@Suite("Split mode")
struct SplitModeTests {
    static func flag(_ name: String, sets: [String] = [], segment: String? = nil, treatment: String = "on") -> String {
        let matcher = segment.map {
            #"{"matcherType":"IN_SEGMENT","negate":false,"userDefinedSegmentMatcherData":{"segmentName":"\#($0)"}}"#
        } ?? #"{"matcherType":"ALL_KEYS","negate":false}"#
        let setList = sets.map { "\"\($0)\"" }.joined(separator: ",")
        return #"{"name":"\#(name)","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","killed":false,"#
            + #""defaultTreatment":"off","seed":1,"algo":2,"sets":[\#(setList)],"conditions":[{"conditionType":"ROLLOUT","#
            + #""label":"in","matcherGroup":{"combiner":"AND","matchers":[\#(matcher)]},"partitions":[{"treatment":"\#(treatment)","size":100}]}]}"#
    }

    static let ruleBased = #"{"name":"rb","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","excluded":{"keys":[],"segments":[]},"#
        + #""conditions":[{"matcherGroup":{"combiner":"AND","matchers":[{"matcherType":"ALL_KEYS","negate":false}]}}]}"#

    static func document(flags: [String], t: Int = 100, segments: String = #"{"vips":["u1","u2"]}"#) -> String {
        #"{"ff":{"d":[\#(flags.joined(separator: ","))],"s":-1,"t":\#(t)},"rbs":{"d":[\#(ruleBased)],"s":-1,"t":\#(t)},"segments":\#(segments)}"#
    }

    static let standard = document(flags: [flag("a", sets: ["front"]), flag("b", sets: ["back"], segment: "vips")])

    private func withSplit<R>(_ json: String = Self.standard, key: String? = nil,
                              _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(json)), configure: { $0.format = .split; $0.sdkKey = key }) {
            try await body($0, $1, $2)
        }
    }

    private func get(_ client: HTTPClient, _ url: String, key: String? = nil) async throws -> JSONValue {
        let fetched = try await HTTP.fetch(client, url, headers: key.map { [("Authorization", "Bearer \($0)")] } ?? [])
        #expect(fetched.status == 200, "\(url): \(fetched.text)")
        return try Documents.json(fetched.body)
    }

    private func names(_ list: JSONValue?) -> [String] {
        (list?.arrayValue ?? []).compactMap { $0.objectValue?["name"]?.stringValue }
    }

    @Test func theClientURLIsTheAPIBaseAndTheRoutesAreAnnounced() async throws {
        try await withSplit { _, running, _ in
            #expect(running.clientURL == running.baseURL + "/api")
            let lines = running.announcement(source: "split.json")
            #expect(lines.contains { $0.contains("\(running.clientURL)/splitChanges") && $0.contains("/segmentChanges/{name}") })
            #expect(lines.contains { $0.contains("\(running.baseURL)/definitions") })
        }
    }

    @Test func splitChangesRunsTheSinceTillLoopToAnEnd() async throws {
        try await withSplit { _, running, client in
            let first = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            let ff = try #require(first.objectValue?["ff"]?.objectValue)
            #expect(names(ff["d"]) == ["a", "b"])
            #expect(ff["s"] == -1)
            #expect(ff["t"] == 100)
            let rbs = try #require(first.objectValue?["rbs"]?.objectValue)
            #expect(names(rbs["d"]) == ["rb"])
            #expect(rbs["t"] == 100)
            let second = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=100&rbSince=100")
            #expect(second.objectValue?["ff"] == ["d": [], "s": 100, "t": 100])
            #expect(second.objectValue?["rbs"] == ["d": [], "s": 100, "t": 100])
        }
    }

    @Test func spec11AnswersTheOlderBody() async throws {
        try await withSplit { _, running, client in
            for query in ["s=1.1&since=-1", "since=-1"] {
                let body = try await get(client, running.clientURL + "/splitChanges?" + query)
                #expect(names(body.objectValue?["splits"]) == ["a", "b"])
                #expect(body.objectValue?["since"] == -1)
                #expect(body.objectValue?["till"] == 100)
                #expect(body.objectValue?["ff"] == nil)
            }
            let done = try await get(client, running.clientURL + "/splitChanges?s=1.1&since=100")
            #expect(done == ["splits": [], "since": 100, "till": 100])
        }
    }

    @Test func setsFilterTheFlags() async throws {
        try await withSplit { _, running, client in
            let front = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1&sets=front")
            #expect(names(front.objectValue?["ff"]?.objectValue?["d"]) == ["a"])
            let both = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1&sets=back,front")
            #expect(names(both.objectValue?["ff"]?.objectValue?["d"]) == ["a", "b"])
            let none = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1&sets=other")
            #expect(names(none.objectValue?["ff"]?.objectValue?["d"]) == [])
        }
    }

    @Test func aChangedFileMovesTheChangeNumberAndArchivesWhatWent() async throws {
        try await withSplit { server, running, client in
            _ = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            // Same ff.t, different content: the served number still moves up.
            try server.update(definitions: Documents.bytes(Self.document(flags: [Self.flag("a", sets: ["front"], treatment: "blue")])))
            let changed = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=100&rbSince=100")
            let ff = try #require(changed.objectValue?["ff"]?.objectValue)
            #expect(ff["s"] == 100)
            #expect(ff["t"] == 101)
            let items = ff["d"]?.arrayValue ?? []
            #expect(names(ff["d"]) == ["a", "b"])
            #expect(items.first?.objectValue?["status"] == "ACTIVE")
            #expect(items.last?.objectValue?["status"] == "ARCHIVED")
            #expect(changed.objectValue?["rbs"]?.objectValue?["t"] == 101)
            // A file whose number grew past the served one is served with its own number.
            try server.update(definitions: Documents.bytes(Self.document(flags: [Self.flag("a")], t: 500)))
            let grown = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=101&rbSince=101")
            #expect(grown.objectValue?["ff"]?.objectValue?["t"] == 500)
            // A file whose number went down never moves the served number back.
            try server.update(definitions: Documents.bytes(Self.document(flags: [Self.flag("a", treatment: "x")], t: 7)))
            #expect(server.currentDocumentVersion == 501)
        }
    }

    @Test func aDocumentWithoutAChangeNumberIsServedAtOne() async throws {
        try await withSplit(#"{"splits":[\#(Self.flag("a"))]}"#) { _, running, client in
            let body = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            #expect(body.objectValue?["ff"]?.objectValue?["t"] == 1)
            #expect(body.objectValue?["rbs"]?.objectValue?["d"] == [])
        }
    }

    @Test func segmentChangesRunsItsOwnLoopAndRemovesKeysThatWent() async throws {
        try await withSplit { server, running, client in
            let first = try await get(client, running.clientURL + "/segmentChanges/vips?since=-1")
            #expect(first == ["name": "vips", "added": ["u1", "u2"], "removed": [], "since": -1, "till": 100])
            let done = try await get(client, running.clientURL + "/segmentChanges/vips?since=100")
            #expect(done == ["name": "vips", "added": [], "removed": [], "since": 100, "till": 100])
            try server.update(definitions: Documents.bytes(Self.document(flags: [Self.flag("a")], segments: #"{"vips":["u2","u3"]}"#)))
            let changed = try await get(client, running.clientURL + "/segmentChanges/vips?since=100")
            #expect(changed == ["name": "vips", "added": ["u2", "u3"], "removed": ["u1"], "since": 100, "till": 101])
            let unknown = try await get(client, running.clientURL + "/segmentChanges/nobody?since=-1")
            #expect(unknown == ["name": "nobody", "added": [], "removed": [], "since": -1, "till": 101])
        }
    }

    @Test func segmentsGivenAsSegmentChangesBodiesAreServedByTheirKeys() async throws {
        let segments = #"[{"name":"vips","added":["u1","u2","u3"],"removed":[],"since":-1,"till":5},{"name":"vips","added":[],"removed":["u3"],"since":5,"till":6}]"#
        try await withSplit(Self.document(flags: [Self.flag("a")], segments: segments)) { _, running, client in
            let body = try await get(client, running.clientURL + "/segmentChanges/vips?since=-1")
            #expect(body.objectValue?["added"] == ["u1", "u2"])
        }
    }

    @Test func authOffersNoPushAndTheKeyIsABearerToken() async throws {
        try await withSplit(key: "sdk-key") { _, running, client in
            let refused = try await HTTP.fetch(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            #expect(refused.status == 401)
            let auth = try await get(client, running.clientURL + "/v2/auth?s=1.3", key: "sdk-key")
            #expect(auth.objectValue?["pushEnabled"] == true)
            let body = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1", key: "sdk-key")
            #expect(names(body.objectValue?["ff"]?.objectValue?["d"]) == ["a", "b"])
            let wrong = try await HTTP.fetch(client, running.clientURL + "/segmentChanges/vips?since=-1",
                                             headers: [("Authorization", "Bearer other")])
            #expect(wrong.status == 401)
        }
    }

    @Test func impressionsCountsAndEventsAreRecordedAndCounted() async throws {
        try await withSplit { server, running, client in
            let impressions = #"[{"f":"a","i":[{"k":"u1","t":"on","m":1,"c":100,"r":"in"},{"k":"u2","t":"on","m":1,"c":100,"r":"in"}]},{"f":"b","i":[{"k":"u1","t":"off","m":1,"c":100,"r":"default rule"}]}]"#
            let counts = #"{"pf":[{"f":"a","m":1,"rc":5},{"f":"b","m":1,"rc":2},{"f":"a","m":2,"rc":1}]}"#
            let events = #"[{"key":"u1","trafficTypeName":"user","eventTypeId":"click","value":1,"timestamp":1,"properties":{}},{"key":"u2","trafficTypeName":"user","eventTypeId":"buy","value":null,"timestamp":1}]"#
            for (path, body) in [("/testImpressions/bulk", impressions), ("/testImpressions/count", counts), ("/events/bulk", events)] {
                let posted = try await HTTP.fetch(client, running.clientURL + path, method: "POST", body: Documents.bytes(body))
                #expect(posted.status == 200, "\(path)")
            }
            let stats = server.splitPostStats
            #expect(stats.posts == [.impressions: 1, .impressionCounts: 1, .events: 1])
            #expect(stats.impressions == ["a": 2, "b": 1])
            #expect(stats.impressionCounts == ["a": 6, "b": 2])
            #expect(stats.events == ["click": 1, "buy": 1])
            #expect(server.splitPosts.map(\.kind) == [.impressions, .impressionCounts, .events])
            let served = try await get(client, running.baseURL + "/events/stats")
            #expect(served.objectValue?["impressions"]?.objectValue?["total"] == 3)
            #expect(served.objectValue?["impressionCounts"]?.objectValue?["flags"] == ["a": 6, "b": 2])
            #expect(served.objectValue?["events"]?.objectValue?["types"] == ["click": 1, "buy": 1])
            let listed = try await get(client, running.baseURL + "/events")
            #expect(listed.arrayValue?.first?.objectValue?["path"] == "/api/testImpressions/bulk")
            let activity = server.activity
            #expect(activity.splitImpressions == 3)
            #expect(activity.splitEventPosts == 1)
            #expect(activity.summary.contains("Split: 1 impression post (3 impressions), 1 count post, 1 event post (2 events)"))
        }
    }

    @Test("posts of the wrong shape are refused with 400 and not counted", arguments: [
        ("/testImpressions/bulk", "{}"), ("/testImpressions/bulk", #"[{"f":"a"}]"#), ("/testImpressions/count", "[]"),
        ("/testImpressions/count", #"{"pf":[{"f":"a"}]}"#), ("/events/bulk", #"[{"key":"u"}]"#), ("/events/bulk", "not json"),
    ])
    func badPosts(path: String, body: String) async throws {
        try await withSplit { server, running, client in
            let posted = try await HTTP.fetch(client, running.clientURL + path, method: "POST", body: Documents.bytes(body))
            #expect(posted.status == 400)
            #expect(server.splitPostStats == SplitPostStats())
        }
    }

    @Test func faultsApplyToTheSplitEndpoints() async throws {
        try await withSplit { server, running, client in
            server.inject(.status(503), on: .splitChanges)
            server.inject(.status(429, headers: ["Retry-After": "3"]), on: .splitSegmentChanges)
            let busy = try await HTTP.fetch(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            #expect(busy.status == 503)
            let limited = try await HTTP.fetch(client, running.clientURL + "/segmentChanges/vips?since=-1")
            #expect(limited.status == 429)
            #expect(limited.header("retry-after") == "3")
            server.inject(.closeConnection, on: .splitChanges)
            await #expect(throws: (any Error).self) {
                _ = try await HTTP.fetch(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            }
            let recovered = try await get(client, running.clientURL + "/splitChanges?s=1.3&since=-1&rbSince=-1")
            #expect(recovered.objectValue?["ff"]?.objectValue?["t"] == 100)
        }
    }

    @Test func ofrepEvaluatesTheSplitFlags() async throws {
        try await withSplit { _, running, client in
            let fetched = try await HTTP.fetch(client, running.baseURL + "/ofrep/v1/evaluate/flags/a", method: "POST",
                                               headers: [("Content-Type", "application/json")],
                                               body: Documents.bytes(#"{"context":{"targetingKey":"u1"}}"#))
            #expect(fetched.status == 200)
            #expect(try Documents.json(fetched.body).objectValue?["value"] == "on")
        }
    }
}
