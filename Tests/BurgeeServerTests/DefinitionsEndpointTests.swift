import AsyncHTTPClient
import BurgeeServer
import Testing

@Suite("GET /definitions")
struct DefinitionsEndpointTests {
    @Test("serves the document with JSON, no-cache and a strong ETag of version and body hash")
    func servesDocument() async throws {
        try await TestServer.with { server, running, client in
            let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(fetched.status == 200)
            #expect(fetched.header("Content-Type") == "application/json")
            #expect(fetched.header("Cache-Control") == "no-cache")
            let hash = String(Murmur3.hash(fetched.body), radix: 16)
            let expectedTag = "\"3-\(String(repeating: "0", count: 8 - hash.count))\(hash)\""
            #expect(fetched.header("ETag") == expectedTag)
            #expect(server.currentETag == expectedTag)
            #expect(fetched.body == server.currentDocument)

            let document = try Documents.json(fetched.body)
            #expect(document.objectValue?["formatVersion"] == 1)
            #expect(document.objectValue?["version"] == 3)
            let flags = try #require(document.objectValue?["flags"]?.objectValue)
            #expect(Set(flags.keys) == ["alpha", "beta"])
            // The file's versions, and at least 1 for an item that has none.
            #expect(flags["alpha"]?.objectValue?["version"] == 2)
            #expect(flags["beta"]?.objectValue?["version"] == 1)
            #expect(document.objectValue?["segments"]?.objectValue?["vips"]?.objectValue?["included"] == ["u-1"])
            // What is served reads as a definitions document.
            let parsed = try DefinitionsDocument(jsonBytes: fetched.body)
            #expect(parsed.flags["alpha"]?.problems.isEmpty == true)
        }
    }

    @Test("If-None-Match with the current ETag, in a list, weak, or * gives 304 without a body",
          arguments: ["{tag}", "\"other\", {tag}", "W/{tag}", "*", "\"x\",{tag} , \"y\""])
    func notModified(header: String) async throws {
        try await TestServer.with { server, running, client in
            let value = header.replacingOccurrences(of: "{tag}", with: server.currentETag)
            let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: [("If-None-Match", value)])
            #expect(fetched.status == 304)
            #expect(fetched.body.isEmpty)
            #expect(fetched.header("ETag") == server.currentETag)
            #expect(server.requestLog.last?.ifNoneMatch == value)
            #expect(server.requestLog.last?.status == 304)
        }
    }

    @Test("a stale or foreign If-None-Match gives the whole document")
    func staleTag() async throws {
        try await TestServer.with { server, running, client in
            let old = server.currentETag
            try server.update(definitions: Documents.bytes(Documents.document(flags: ["alpha": Documents.flag(on: false)])))
            #expect(server.currentETag != old)
            for value in [old, "\"nope\"", "W/\"nope\""] {
                let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: [("If-None-Match", value)])
                #expect(fetched.status == 200)
                #expect(fetched.header("ETag") == server.currentETag)
                #expect(fetched.body == server.currentDocument)
            }
        }
    }

    @Test("malformed items are served as the document wrote them, apart from their version")
    func malformedItemsVerbatim() async throws {
        let document = #"{"formatVersion":1,"version":1,"flags":{"bad":{"enabled":"yes","rules":"x"},"odd":[1,2]},"segments":{"s":7}}"#
        try await TestServer.with(.json(Documents.bytes(document))) { _, running, client in
            let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
            let served = try Documents.json(fetched.body)
            #expect(served.objectValue?["flags"] == ["bad": ["enabled": "yes", "rules": "x", "version": 1], "odd": [1, 2]])
            #expect(served.objectValue?["segments"] == ["s": 7])
        }
    }
}

@Suite("Authorization, routing")
struct AuthorizationTests {
    @Test("with an SDK key, requests without it or with a wrong one get 401 with a JSON body")
    func unauthorized() async throws {
        try await TestServer.with(configure: { $0.sdkKey = "sdk-secret" }) { _, running, client in
            for headers in [[], [("Authorization", "wrong")], [("Authorization", "Bearer wrong")], [("Authorization", "Basic sdk-secret")]] {
                for path in ["/definitions", "/stream", "/events/stats"] {
                    let fetched = try await HTTP.fetch(client, running.baseURL + path, headers: headers)
                    #expect(fetched.status == 401, "\(path) \(headers)")
                    #expect(fetched.header("Content-Type") == "application/json")
                    #expect(try Documents.json(fetched.body).objectValue?["error"] == "unauthorized")
                }
                let posted = try await HTTP.fetch(client, running.baseURL + "/events", method: "POST", headers: headers, body: [1])
                #expect(posted.status == 401)
            }
        }
    }

    @Test("the raw key and Bearer <key> are both accepted, and the log keeps only that a key was sent")
    func authorized() async throws {
        let log = RecordingLogger()
        try await TestServer.with(logger: log.logger, configure: { $0.sdkKey = "sdk-secret" }) { server, running, client in
            for value in ["sdk-secret", "Bearer sdk-secret", "bearer sdk-secret"] {
                let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: [("Authorization", value)])
                #expect(fetched.status == 200, "\(value)")
            }
            #expect(server.requestLog.count == 3)
            #expect(server.requestLog.allSatisfy { $0.hasAuthorization })
            #expect(!"\(server.requestLog)".contains("sdk-secret"))
        }
        #expect(!log.all.isEmpty)
        #expect(!log.all.contains { $0.message.contains("sdk-secret") || $0.metadata.contains("sdk-secret") })
    }

    @Test("unknown paths get 404 and wrong methods 405, with Allow")
    func routing() async throws {
        try await TestServer.with { server, running, client in
            let missing = try await HTTP.fetch(client, running.baseURL + "/nothing")
            #expect(missing.status == 404)
            let deeper = try await HTTP.fetch(client, running.baseURL + "/nothing/deeper")
            #expect(deeper.status == 404)
            let postDefinitions = try await HTTP.fetch(client, running.baseURL + "/definitions", method: "POST", body: [])
            #expect(postDefinitions.status == 405)
            #expect(postDefinitions.header("Allow") == "GET")
            let putEvents = try await HTTP.fetch(client, running.baseURL + "/events", method: "PUT", body: [])
            #expect(putEvents.status == 405)
            #expect(putEvents.header("Allow") == "GET, POST")
            // The query does not change the route.
            let withQuery = try await HTTP.fetch(client, running.baseURL + "/definitions?x=1")
            #expect(withQuery.status == 200)
            #expect(server.requestLog.map(\.path) == ["/nothing", "/nothing/deeper", "/definitions", "/events", "/definitions"])
            #expect(server.requestLog.map(\.status) == [404, 404, 405, 405, 200])
        }
    }
}
