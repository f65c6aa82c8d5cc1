import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// LaunchDarkly's event posts, `POST /bulk` and `POST /diagnostic`: accepted, kept, listed and counted by kind.
@Suite("LaunchDarkly events")
struct LaunchDarklyEventsTests {
    static let bulk = #"[{"kind":"index","creationDate":1,"context":{"kind":"user","key":"u-1"}},{"kind":"custom","key":"bought","creationDate":2,"contextKeys":{"user":"u-1"}},{"kind":"summary","startDate":1,"endDate":2,"features":{}}]"#
    static let diagnostic = #"{"kind":"diagnostic-init","id":{"diagnosticId":"d-1"},"creationDate":1}"#

    private func withLaunchDarkly<R>(key: String? = nil, configure: @escaping (inout DefinitionsServerConfiguration) -> Void = { _ in },
                                     _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(LaunchDarklyModeTests.initial)), configure: {
            $0.format = .launchDarkly
            $0.sdkKey = key
            configure(&$0)
        }) { try await body($0, $1, $2) }
    }

    @Test func bulkAndDiagnosticPostsAreAcceptedListedAndCountedByKind() async throws {
        try await withLaunchDarkly(key: "sdk-1") { server, running, client in
            let key = ("Authorization", "sdk-1")
            let posted = try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST",
                                              headers: [key, ("X-LaunchDarkly-Payload-ID", "p-1")], body: Documents.bytes(Self.bulk))
            #expect(posted.status == 202)
            let diagnosed = try await HTTP.fetch(client, running.baseURL + "/diagnostic", method: "POST", headers: [key],
                                                 body: Documents.bytes(Self.diagnostic))
            #expect(diagnosed.status == 202)
            let gzipped = try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST",
                                               headers: [key, ("Content-Encoding", "gzip")],
                                               body: try EventBodies.gzip(Documents.bytes(#"[{"kind":"custom","key":"k"}]"#)))
            #expect(gzipped.status == 202)

            let stats = server.launchDarklyEventStats
            #expect(stats.bulkRequests == 2 && stats.diagnosticRequests == 1)
            #expect(stats.kinds == ["index": 1, "custom": 2, "summary": 1, "diagnostic-init": 1])
            #expect(stats.events == 5)
            #expect(server.launchDarklyEventPosts.map(\.kind) == [.bulk, .diagnostic, .bulk])
            #expect(server.launchDarklyEventPosts.first?.payloadID == "p-1")

            let listed = try await HTTP.fetch(client, running.baseURL + "/events", headers: [key])
            #expect(listed.status == 200)
            let posts = try #require(try Documents.json(listed.body).arrayValue)
            #expect(posts.map { $0.objectValue?["path"] } == ["/bulk", "/diagnostic", "/bulk"])
            #expect(posts.map { $0.objectValue?["sdk"] } == ["server", "server", "server"])
            #expect(posts[0].objectValue?["payloadId"] == "p-1")
            #expect(posts[0].objectValue?["body"] == (try Documents.json(Self.bulk)))
            #expect(posts[1].objectValue?["body"] == (try Documents.json(Self.diagnostic)))

            let counted = try await HTTP.fetch(client, running.baseURL + "/events/stats", headers: [key])
            #expect(try Documents.json(counted.body) == [
                "requests": 3, "bulk": 2, "diagnostic": 1, "events": 5, "bytes": .number(Double(stats.bytes)),
                "kinds": ["index": 1, "custom": 2, "summary": 1, "diagnostic-init": 1], "sdks": ["server": 3],
            ])
        }
    }

    @Test("bad bodies get 400 and are not counted", arguments: [
        ("/bulk", "not json"), ("/bulk", #"{"kind":"custom"}"#), ("/bulk", #"[{"kind":"custom"},3]"#),
        ("/bulk", #"[{"key":"no kind"}]"#), ("/bulk", #"[{"kind":"custom""#), ("/bulk", ""),
        ("/diagnostic", "[]"), ("/diagnostic", #"{"id":{}}"#), ("/diagnostic", "{"),
    ])
    func badBodies(path: String, body: String) async throws {
        try await withLaunchDarkly { server, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path, method: "POST", body: Documents.bytes(body))
            #expect(answer.status == 400)
            #expect(try Documents.json(answer.body).objectValue?["error"] == "invalid_body")
            #expect(server.launchDarklyEventStats == LaunchDarklyEventStats())
            #expect(server.launchDarklyEventPosts.isEmpty)
        }
    }

    @Test func hugeBodiesGet413AndOtherCodings415() async throws {
        try await withLaunchDarkly(configure: { $0.maxEventsBodyBytes = 1000 }) { server, running, client in
            let huge = Documents.bytes("[" + Array(repeating: #"{"kind":"custom","key":"k"}"#, count: 100).joined(separator: ",") + "]")
            let tooLarge = try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST", body: huge)
            #expect(tooLarge.status == 413)
            let bomb = try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST",
                                            headers: [("Content-Encoding", "gzip")], body: try EventBodies.gzip(huge))
            #expect(bomb.status == 413)
            let brotli = try await HTTP.fetch(client, running.baseURL + "/diagnostic", method: "POST",
                                              headers: [("Content-Encoding", "br")], body: Documents.bytes(Self.diagnostic))
            #expect(brotli.status == 415)
            #expect(server.launchDarklyEventStats == LaunchDarklyEventStats())
        }
    }

    @Test func aWrongKeyGets401AndWrongMethods405() async throws {
        try await withLaunchDarkly(key: "sdk-1") { server, running, client in
            for path in ["/bulk", "/diagnostic"] {
                let wrong = try await HTTP.fetch(client, running.baseURL + path, method: "POST",
                                                 headers: [("Authorization", "sdk-2")], body: Documents.bytes(Self.bulk))
                #expect(wrong.status == 401)
                let get = try await HTTP.fetch(client, running.baseURL + path, headers: [("Authorization", "sdk-1")])
                #expect(get.status == 405 && get.header("allow") == "POST")
            }
            #expect(try await HTTP.fetch(client, running.baseURL + "/events").status == 401)
            #expect(try await HTTP.fetch(client, running.baseURL + "/events/stats").status == 401)
            #expect(server.launchDarklyEventStats == LaunchDarklyEventStats())
        }
    }

    @Test func retentionIsBoundedAndTheCountsStayExact() async throws {
        try await withLaunchDarkly(configure: { $0.maxRetainedRecords = 2 }) { server, running, client in
            for i in 0..<5 {
                let body = Documents.bytes(#"[{"kind":"custom","key":"k\#(i)"}]"#)
                #expect(try await HTTP.fetch(client, running.baseURL + "/bulk", method: "POST", body: body).status == 202)
            }
            #expect(server.launchDarklyEventPosts.map { $0.body.arrayValue?.first?.objectValue?["key"] } == ["k3", "k4"])
            #expect(server.launchDarklyEventStats.bulkRequests == 5)
            #expect(server.launchDarklyEventStats.kinds == ["custom": 5])
            let listed = try await HTTP.fetch(client, running.baseURL + "/events")
            #expect(try Documents.json(listed.body).arrayValue?.count == 2)
        }
    }
}
