import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import BurgeeTestSupport
import Foundation
import Testing

/// Unleash's frontend API (`/api/frontend`), as Unleash and Unleash Edge serve it to the frontend
/// SDKs: the toggles enabled for a context, evaluated on the server.
@Suite("Unleash frontend API")
struct UnleashFrontendTests {
    static let features = #"""
    {"version":1,"features":[
      {"name":"on","enabled":true,"impressionData":true,"strategies":[{"name":"default"}]},
      {"name":"off","enabled":false,"strategies":[{"name":"default"}]},
      {"name":"user-7","enabled":true,"strategies":[{"name":"userWithId","parameters":{"userIds":"7,8"}}]},
      {"name":"french","enabled":true,"strategies":[{"name":"default",
        "constraints":[{"contextName":"country","operator":"IN","values":["FR"]}]}]},
      {"name":"prod-app","enabled":true,"strategies":[{"name":"default","constraints":[
        {"contextName":"environment","operator":"IN","values":["prod"]},
        {"contextName":"appName","operator":"IN","values":["my app"]}]}]},
      {"name":"blue","enabled":true,"strategies":[{"name":"default"}],
       "variants":[{"name":"blue","weight":1000,"stickiness":"default","payload":{"type":"string","value":"b"}}]}
    ]}
    """#

    private func withFrontend<R>(frontendKeys: [String] = [], sdkKey: String? = nil,
                                 _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(Self.features)), configure: {
            $0.format = .unleash
            $0.sdkKey = sdkKey
            $0.frontendKeys = frontendKeys
        }) { try await body($0, $1, $2) }
    }

    /// The names of the toggles in an answer's body.
    private func names(_ fetched: Fetched) throws -> [String] {
        let toggles = try #require(try Documents.json(fetched.body).objectValue?["toggles"]?.arrayValue)
        return toggles.compactMap { $0.objectValue?["name"]?.stringValue }
    }

    @Test func withoutContextOnlyTheTogglesEnabledForEveryoneAreListedInEdgesShape() async throws {
        try await withFrontend { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend")
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/json")
            let expected = try Documents.json(#"""
            {"toggles":[
              {"name":"blue","enabled":true,"impressionData":false,
               "variant":{"name":"blue","enabled":true,"feature_enabled":true,"payload":{"type":"string","value":"b"}}},
              {"name":"on","enabled":true,"impressionData":true,
               "variant":{"name":"disabled","enabled":false,"feature_enabled":true}}
            ]}
            """#)
            #expect(try Documents.json(answer.body) == expected)
        }
    }

    @Test("the context's fields and properties in the query decide the toggles", arguments: [
        ("userId=7", ["blue", "on", "user-7"]),
        ("userId=9", ["blue", "on"]),
        ("properties%5Bcountry%5D=FR", ["blue", "french", "on"]),
        ("country=FR", ["blue", "french", "on"]),
        ("properties%5Bcountry%5D=DE", ["blue", "on"]),
        ("environment=prod&appName=my+app", ["blue", "on", "prod-app"]),
        ("appName=my%20app&environment=prod", ["blue", "on", "prod-app"]),
        ("environment=prod", ["blue", "on"]),
        ("sessionId=s&remoteAddress=10.0.0.1&currentTime=2025-01-01T00:00:00Z&userId=8", ["blue", "on", "user-7"]),
        ("userId", ["blue", "on"]),
        ("&&userId=7&", ["blue", "on", "user-7"]),
    ])
    func queryContexts(query: String, expected: [String]) async throws {
        try await withFrontend { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend?" + query)
            #expect(answer.status == 200)
            #expect(try names(answer) == expected)
        }
    }

    @Test func theParametersOrderChangesNeitherTheBodyNorTheETag() async throws {
        try await withFrontend { _, running, client in
            let orders = ["userId=7&properties%5Bcountry%5D=FR&environment=prod&appName=my%20app",
                          "properties%5Bcountry%5D=FR&appName=my+app&userId=7&environment=prod",
                          "environment=prod&appName=my%20app&properties%5Bcountry%5D=FR&userId=7"]
            var answers: [Fetched] = []
            for query in orders { answers.append(try await HTTP.fetch(client, running.baseURL + "/api/frontend?" + query)) }
            #expect(try names(answers[0]) == ["blue", "french", "on", "prod-app", "user-7"])
            #expect(Set(answers.map(\.body)).count == 1)
            #expect(Set(answers.map { $0.header("etag") ?? "" }).count == 1)
        }
    }

    @Test("a POST body is the context, as Unleash's shape or wrapped in context", arguments: [
        #"{"userId":"7","properties":{"country":"FR"}}"#,
        #"{"userId":7,"country":"FR"}"#,
        #"{"context":{"userId":"7","properties":{"country":"FR"}}}"#,
    ])
    func postedContexts(body: String) async throws {
        try await withFrontend { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend", method: "POST",
                                              headers: [("Content-Type", "application/json")], body: Documents.bytes(body))
            #expect(answer.status == 200)
            #expect(try names(answer) == ["blue", "french", "on", "user-7"])
        }
    }

    @Test func oneFeatureIsItsToggleAnd404WhenDisabledOrUnknown() async throws {
        try await withFrontend { _, running, client in
            let blue = try await HTTP.fetch(client, running.baseURL + "/api/frontend/features/blue")
            #expect(blue.status == 200)
            #expect(try Documents.json(blue.body) == (try Documents.json(#"""
            {"name":"blue","enabled":true,"impressionData":false,
             "variant":{"name":"blue","enabled":true,"feature_enabled":true,"payload":{"type":"string","value":"b"}}}
            """#)))
            for path in ["off", "nothing", "user-7", "user-7?userId=9"] {
                let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend/features/" + path)
                #expect(answer.status == 404, "\(path)")
            }
            let user7 = try await HTTP.fetch(client, running.baseURL + "/api/frontend/features/user-7?userId=7")
            #expect(user7.status == 200)
            let posted = try await HTTP.fetch(client, running.baseURL + "/api/frontend/features/user-7", method: "POST",
                                              body: Documents.bytes(#"{"userId":"8"}"#))
            #expect(posted.status == 200)
            let collection = try await HTTP.fetch(client, running.baseURL + "/api/frontend/features")
            #expect(collection.status == 404)
        }
    }

    @Test func theETagOfTheEvaluatedAnswerGives304AndAnotherContextA200() async throws {
        try await withFrontend { _, running, client in
            let first = try await HTTP.fetch(client, running.baseURL + "/api/frontend?userId=7")
            let etag = try #require(first.header("etag"))
            let again = try await HTTP.fetch(client, running.baseURL + "/api/frontend?userId=7", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
            let other = try await HTTP.fetch(client, running.baseURL + "/api/frontend?userId=9", headers: [("If-None-Match", etag)])
            #expect(other.status == 200)
            #expect(other.header("etag") != etag)
        }
    }

    @Test func aChangedDocumentChangesTheAnswer() async throws {
        try await withFrontend { server, running, client in
            let before = try await HTTP.fetch(client, running.baseURL + "/api/frontend")
            try server.update(definitions: Documents.bytes(Self.features.replacingOccurrences(
                of: #""name":"off","enabled":false"#, with: #""name":"off","enabled":true"#)))
            let after = try await HTTP.fetch(client, running.baseURL + "/api/frontend",
                                             headers: [("If-None-Match", before.header("etag") ?? "")])
            #expect(after.status == 200)
            #expect(try names(after) == ["blue", "off", "on"])
        }
    }

    @Test("the legacy proxy paths answer the same", arguments: ["/api/proxy", "/proxy"])
    func legacyPaths(prefix: String) async throws {
        try await withFrontend { _, running, client in
            let frontend = try await HTTP.fetch(client, running.baseURL + "/api/frontend?userId=7")
            let legacy = try await HTTP.fetch(client, running.baseURL + prefix + "?userId=7")
            #expect(legacy.status == 200)
            #expect(legacy.body == frontend.body)
            let one = try await HTTP.fetch(client, running.baseURL + prefix + "/features/on")
            #expect(one.status == 200)
            let metrics = try await HTTP.fetch(client, running.baseURL + prefix + "/client/metrics", method: "POST",
                                               body: Documents.bytes(#"{"appName":"a","bucket":{"toggles":{"on":{"yes":1,"no":0}}}}"#))
            #expect(metrics.status == 202)
        }
    }

    @Test func metricsAndRegistrationsAreCountedWithTheServerSidesOnes() async throws {
        try await withFrontend { server, running, client in
            let registered = try await HTTP.fetch(client, running.baseURL + "/api/frontend/client/register", method: "POST",
                                                  body: Documents.bytes(#"{"appName":"web","instanceId":"i","sdkVersion":"js"}"#))
            #expect(registered.status == 202)
            for yes in [2, 5] {
                let body = #"{"appName":"web","instanceId":"i","bucket":{"start":"s","stop":"","toggles":{"on":{"yes":\#(yes),"no":1,"variants":{"blue":1}}}}}"#
                let sent = try await HTTP.fetch(client, running.baseURL + "/api/frontend/client/metrics", method: "POST",
                                                body: Documents.bytes(body))
                #expect(sent.status == 202)
            }
            #expect(server.unleashReportCounts.registrations == 1 && server.unleashReportCounts.metrics == 2)
            #expect(server.unleashToggleCounts == ["on": UnleashToggleCounts(yes: 7, no: 2, variants: ["blue": 2])])
            let stats = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events/stats").body)
            #expect(stats.objectValue?["registrations"] == .number(1))
            #expect(stats.objectValue?["metrics"] == .number(2))
        }
    }

    @Test func frontendKeysAreRequiredThereAndTheServerKeyIsRefused() async throws {
        try await withFrontend(frontendKeys: ["front-1", "front-2"], sdkKey: "server") { server, running, client in
            for path in ["/api/frontend", "/proxy", "/api/frontend/features/on"] {
                let none = try await HTTP.fetch(client, running.baseURL + path)
                #expect(none.status == 401, "\(path)")
                let serverKey = try await HTTP.fetch(client, running.baseURL + path, headers: [("Authorization", "server")])
                #expect(serverKey.status == 401, "\(path)")
                let wrong = try await HTTP.fetch(client, running.baseURL + path, headers: [("Authorization", "front-3")])
                #expect(wrong.status == 401, "\(path)")
            }
            let raw = try await HTTP.fetch(client, running.baseURL + "/api/frontend", headers: [("Authorization", "front-2")])
            #expect(raw.status == 200)
            let bearer = try await HTTP.fetch(client, running.baseURL + "/api/frontend", headers: [("Authorization", "Bearer front-1")])
            #expect(bearer.status == 200)
            let metrics = try await HTTP.fetch(client, running.baseURL + "/api/frontend/client/metrics", method: "POST",
                                               body: Documents.bytes(#"{"bucket":{"toggles":{}}}"#))
            #expect(metrics.status == 401)
            #expect(server.unleashReportCounts.registrations == 0 && server.unleashReportCounts.metrics == 0)
            // And a frontend key opens none of the server-side routes.
            let features = try await HTTP.fetch(client, running.baseURL + "/api/client/features", headers: [("Authorization", "front-1")])
            #expect(features.status == 401)
            let serverFeatures = try await HTTP.fetch(client, running.baseURL + "/api/client/features", headers: [("Authorization", "server")])
            #expect(serverFeatures.status == 200)
        }
    }

    @Test func withoutFrontendKeysTheRoutesAreOpenEvenWithAnSDKKey() async throws {
        try await withFrontend(sdkKey: "server") { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend")
            #expect(answer.status == 200)
            let features = try await HTTP.fetch(client, running.baseURL + "/api/client/features")
            #expect(features.status == 401)
        }
    }

    @Test("malformed contexts and bodies are refused with 400", arguments: [
        ("POST", "/api/frontend", "not json"),
        ("POST", "/api/frontend", "[1]"),
        ("POST", "/api/frontend", "\"userId\""),
        ("POST", "/api/frontend", #"{"properties":5}"#),
        ("POST", "/api/frontend/features/on", "{"),
        ("GET", "/api/frontend?properties%5B%5D=x", ""),
        ("POST", "/api/frontend/client/metrics", #"{"appName":"a"}"#),
        ("POST", "/api/frontend/client/register", "[]"),
    ])
    func malformed(method: String, path: String, body: String) async throws {
        try await withFrontend { server, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path, method: method,
                                              body: method == "POST" ? Documents.bytes(body) : nil)
            #expect(answer.status == 400)
            #expect(server.unleashReportCounts.registrations == 0 && server.unleashReportCounts.metrics == 0)
        }
    }

    /// Broken percent escapes, sent as they are (an HTTP client would escape the `%`).
    @Test(arguments: ["/api/frontend?userId=%ZZ", "/api/frontend/features/o%GGn"])
    func aBrokenPercentEscapeIs400(path: String) async throws {
        try await withFrontend { _, running, _ in
            let port = running.port
            let answer = await onOwnThread {
                TCP.exchange(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
            }
            #expect(answer.hasPrefix("HTTP/1.1 400 "))
        }
    }

    @Test func anOversizedContextBodyIs413() async throws {
        try await TestServer.with(.json(Documents.bytes(Self.features)), configure: {
            $0.format = .unleash
            $0.maxOFREPBodyBytes = 64
        }) { _, running, client in
            let body = Documents.bytes(#"{"userId":""# + String(repeating: "x", count: 100) + #""}"#)
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend", method: "POST", body: body)
            #expect(answer.status == 413)
        }
    }

    @Test func otherMethodsAre405() async throws {
        try await withFrontend { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/frontend", method: "PUT")
            #expect(answer.status == 405)
            let metrics = try await HTTP.fetch(client, running.baseURL + "/api/frontend/client/metrics")
            #expect(metrics.status == 405)
        }
    }
}
