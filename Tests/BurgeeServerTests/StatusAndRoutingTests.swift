import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// `GET /status` in every mode, and the order of the checks: the key first, then the route.
@Suite("Status and routing")
struct StatusAndRoutingTests {
    static let documents: [DefinitionsFormat: String] = [
        .native: TestServer.defaultDocument,
        .unleash: UnleashModeTests.features,
        .launchDarkly: LaunchDarklyModeTests.initial,
        .flagd: #"{"flags":{"f":{"state":"ENABLED","variants":{"on":true},"defaultVariant":"on"}}}"#,
        .split: #"{"ff":{"d":[{"name":"f","trafficTypeName":"user","changeNumber":1,"status":"ACTIVE","killed":false,"defaultTreatment":"on","seed":1,"conditions":[]}],"s":-1,"t":1}}"#,
        .kameleoon: KameleoonModeTests.standard,
    ]

    /// The formats the server has an API for.
    static let servedFormats: [DefinitionsFormat] = [.native, .unleash, .launchDarkly, .flagd, .split, .kameleoon]

    private func with<R>(_ format: DefinitionsFormat, key: String? = "sdk-key",
                         _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(.json(Documents.bytes(Self.documents[format]!)),
                                  configure: { $0.format = format; $0.sdkKey = key }) { try await body($0, $1, $2) }
    }

    @Test("GET /status answers in every mode with what is served", arguments: servedFormats)
    func status(format: DefinitionsFormat) async throws {
        try await with(format) { server, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/status", headers: [("Authorization", "sdk-key")])
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/json")
            let body = try Documents.json(answer.body).objectValue ?? [:]
            #expect(body["status"] == "ok")
            #expect(body["format"] == .string(format.name))
            #expect(body["documentVersion"] == .number(Double(server.currentDocumentVersion)))
            #expect(body["etag"] == .string(server.currentETag))
            #expect(body["evaluable"] == true)
            #expect(body["openStreams"] == 0)
            let post = try await HTTP.fetch(client, running.baseURL + "/status", method: "POST", headers: [("Authorization", "sdk-key")])
            #expect(post.status == 405)
        }
    }

    @Test("without the key every path gets 401, known or not; with it unknown paths get 404",
          arguments: servedFormats)
    func keyBeforeRoute(format: DefinitionsFormat) async throws {
        try await with(format) { server, running, client in
            for path in ["/status", "/nowhere", "/events", "/events/stats", "/api/client/nope", "/sdk/nope", "/"] {
                for headers in [[], [("Authorization", "wrong")], [("Authorization", "Bearer wrong")]] {
                    let answer = try await HTTP.fetch(client, running.baseURL + path, headers: headers)
                    #expect(answer.status == 401, "\(path) \(headers)")
                    #expect(try Documents.json(answer.body).objectValue?["error"] == "unauthorized")
                }
            }
            let posted = try await HTTP.fetch(client, running.baseURL + "/nowhere", method: "POST", headers: [("Authorization", "wrong")],
                                              body: Documents.bytes("{}"))
            #expect(posted.status == 401)
            for path in ["/nowhere", "/api/client/nope", "/sdk/nope", "/explorer/nope"] {
                let answer = try await HTTP.fetch(client, running.baseURL + path, headers: [("Authorization", "Bearer sdk-key")])
                #expect(answer.status == 404, "\(path)")
            }
            #expect(server.requestLog.filter { $0.status == 404 }.count == 4)
        }
    }

    @Test("GET /events and /events/stats answer in every mode", arguments: servedFormats)
    func eventsEverywhere(format: DefinitionsFormat) async throws {
        try await with(format, key: nil) { _, running, client in
            let listed = try await HTTP.fetch(client, running.baseURL + "/events")
            let stats = try await HTTP.fetch(client, running.baseURL + "/events/stats")
            #expect(listed.status == 200 && stats.status == 200)
            let expectedList: JSONValue = format == .unleash ? ["registrations": [], "metrics": []] : []
            #expect(try Documents.json(listed.body) == expectedList)
            let counts = try Documents.json(stats.body).objectValue ?? [:]
            switch format {
            case .unleash: #expect(counts["registrations"] == 0 && counts["metrics"] == 0)
            case .launchDarkly: #expect(counts["requests"] == 0 && counts["events"] == 0 && counts["kinds"] == [:])
            case .split: #expect(counts["requests"] == 0 && counts["impressions"]?.objectValue?["total"] == 0)
            case .kameleoon: #expect(counts == ["posts": 0, "events": [:], "visitors": 0])
            default: #expect(counts == ["requests": 0, "bytes": 0])
            }
        }
    }
}
