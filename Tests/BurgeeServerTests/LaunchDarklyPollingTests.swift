import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// LaunchDarkly's item endpoints, `GET /sdk/latest-flags` and `GET /sdk/latest-segments`, and the
/// payload filter, which the served data does not hold.
@Suite("LaunchDarkly polling")
struct LaunchDarklyPollingTests {
    private func withLaunchDarkly<R>(key: String? = nil,
                                     _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(LaunchDarklyModeTests.initial)),
                                  configure: { $0.format = .launchDarkly; $0.sdkKey = key }) { try await body($0, $1, $2) }
    }

    @Test func latestFlagsAndSegmentsAreTheDataSetsCollectionsWithTheirOwnETags() async throws {
        try await withLaunchDarkly { server, running, client in
            let all = try Documents.json(server.currentDocument).objectValue ?? [:]
            let flags = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-flags")
            #expect(flags.status == 200)
            #expect(try Documents.json(flags.body) == all["flags"])
            let segments = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-segments")
            #expect(try Documents.json(segments.body) == all["segments"])
            let etag = try #require(flags.header("etag"))
            #expect(etag != segments.header("etag") && etag != server.currentETag)
            let again = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-flags", headers: [("If-None-Match", etag)])
            #expect(again.status == 304 && again.body.isEmpty)

            try server.update(definitions: Documents.bytes(LaunchDarklyModeTests.document(
                [LaunchDarklyModeTests.flag("a", on: false)], segments: [LaunchDarklyModeTests.segment])))
            let changed = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-flags", headers: [("If-None-Match", etag)])
            #expect(changed.status == 200)
            #expect(try Documents.json(changed.body).objectValue?.keys.sorted() == ["a"])
        }
    }

    @Test func oneItemByKeyOr404() async throws {
        try await withLaunchDarkly { server, running, client in
            let a = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-flags/a")
            #expect(a.status == 200)
            #expect(try Documents.json(a.body) == (try Documents.json(server.currentDocument)).objectValue?["flags"]?.objectValue?["a"])
            let s = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-segments/s")
            #expect(try Documents.json(s.body).objectValue?["key"] == "s")
            #expect(try await HTTP.fetch(client, running.baseURL + "/sdk/latest-flags/nope").status == 404)
            #expect(try await HTTP.fetch(client, running.baseURL + "/sdk/latest-segments/a").status == 404)
        }
    }

    @Test("a payload filter is refused with 404, as the Relay Proxy refuses one it does not know, on every data endpoint", arguments: [
        "/sdk/latest-all?filter=mobile", "/sdk/latest-flags?filter=mobile", "/sdk/latest-segments?filter=x", "/all?filter=mobile",
        "/sdk/latest-all?basis=1&filter=",
    ])
    func payloadFilter(path: String) async throws {
        try await withLaunchDarkly { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path)
            #expect(answer.status == 404)
            let body = try Documents.json(answer.body).objectValue ?? [:]
            #expect(body["error"] == "payload_filter_not_found")
            #expect(body["message"]?.stringValue?.contains("payload filter") == true)
        }
    }

    @Test func theKeyIsCheckedFirst() async throws {
        try await withLaunchDarkly(key: "sdk-1") { _, running, client in
            for path in ["/sdk/latest-flags", "/sdk/latest-segments/s", "/sdk/latest-all?filter=x", "/nowhere"] {
                let refused = try await HTTP.fetch(client, running.baseURL + path, headers: [("Authorization", "bad")])
                #expect(refused.status == 401, "\(path)")
            }
            let missing = try await HTTP.fetch(client, running.baseURL + "/nowhere", headers: [("Authorization", "sdk-1")])
            #expect(missing.status == 404)
        }
    }
}
