import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Foundation
import Testing

/// The server in Unleash mode: Unleash's client API from a features document, as Edge serves it offline.
@Suite("Unleash mode")
struct UnleashModeTests {
    static let features = #"{"version":2,"features":[{"name":"f","enabled":true,"strategies":[{"name":"default"}]}]}"#

    private func withUnleash<R>(_ json: String = Self.features, key: String? = nil,
                                _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(json)), configure: { $0.format = .unleash; $0.sdkKey = key }) {
            try await body($0, $1, $2)
        }
    }

    @Test func featuresAreServedWithAStrongETagAnd304() async throws {
        try await withUnleash { server, running, client in
            let first = try await HTTP.fetch(client, running.baseURL + "/api/client/features")
            #expect(first.status == 200)
            #expect(first.header("content-type") == "application/json")
            let etag = try #require(first.header("etag"))
            #expect(etag == server.currentETag)
            let served = try Documents.json(first.body)
            #expect(served == (try Documents.json(Self.features)))
            let again = try await HTTP.fetch(client, running.baseURL + "/api/client/features", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
        }
    }

    @Test func aChangedDocumentGetsANewETagAndAnUnchangedOneKeepsIt() async throws {
        try await withUnleash { server, running, client in
            let before = server.currentETag
            try server.update(definitions: Documents.bytes(Self.features))
            #expect(server.currentETag == before)
            try server.update(definitions: Documents.bytes(Self.features.replacingOccurrences(of: "true", with: "false")))
            #expect(server.currentETag != before)
            let fetched = try await HTTP.fetch(client, running.baseURL + "/api/client/features", headers: [("If-None-Match", before)])
            #expect(fetched.status == 200)
            #expect(fetched.text.contains(#""enabled":false"#))
        }
    }

    @Test func anUnusableUpdateKeepsTheServedDocument() async throws {
        try await withUnleash { server, _, _ in
            let before = server.currentDocument
            #expect(throws: DefinitionsError.self) { try server.update(definitions: Documents.bytes(#"{"features": 3}"#)) }
            #expect(throws: DefinitionsError.self) { try server.update(definitions: Documents.bytes("not json")) }
            #expect(server.currentDocument == before)
        }
    }

    @Test func registrationsAndMetricsAreStoredAndCounted() async throws {
        try await withUnleash { server, running, client in
            let registration = #"{"appName":"a","instanceId":"i","strategies":["default"]}"#
            let registered = try await HTTP.fetch(client, running.baseURL + "/api/client/register", method: "POST",
                                                  body: Documents.bytes(registration))
            #expect(registered.status == 202)
            for yes in [3, 4] {
                let metrics = #"{"appName":"a","bucket":{"start":"x","stop":"y","toggles":{"f":{"yes":\#(yes),"no":1,"variants":{"blue":2}}}}}"#
                let sent = try await HTTP.fetch(client, running.baseURL + "/api/client/metrics", method: "POST",
                                                body: Documents.bytes(metrics))
                #expect(sent.status == 202)
            }
            #expect(server.unleashRegistrations == [try Documents.json(registration)])
            #expect(server.unleashMetrics.count == 2)
            #expect(server.unleashToggleCounts == ["f": UnleashToggleCounts(yes: 7, no: 2, variants: ["blue": 4])])
        }
    }

    @Test("bad report bodies are refused with 400 and not stored", arguments: [
        ("/api/client/register", "not json"), ("/api/client/register", "[1]"), ("/api/client/metrics", "{}"),
        ("/api/client/metrics", #"{"bucket": 5}"#), ("/api/client/metrics", #"{"bucket": {"toggles": {}"#),
    ])
    func badReports(path: String, body: String) async throws {
        try await withUnleash { server, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path, method: "POST", body: Documents.bytes(body))
            #expect(answer.status == 400)
            #expect(server.unleashRegistrations.isEmpty && server.unleashMetrics.isEmpty)
        }
    }

    @Test func anOversizedReportIs413() async throws {
        try await TestServer.with(.json(Documents.bytes(Self.features)), configure: {
            $0.format = .unleash
            $0.maxEventsBodyBytes = 64
        }) { server, running, client in
            let body = Documents.bytes(#"{"bucket":{"toggles":{}},"padding":""# + String(repeating: "x", count: 100) + #""}"#)
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/client/metrics", method: "POST", body: body)
            #expect(answer.status == 413)
            #expect(server.unleashMetrics.isEmpty)
        }
    }

    @Test func theKeyIsRequiredAndBurgeesOwnPathsAreNotServed() async throws {
        try await withUnleash(key: "token") { _, running, client in
            let answer1 = try await HTTP.fetch(client, running.baseURL + "/api/client/features")
            #expect(answer1.status == 401)
            let authorized = [("Authorization", "token")]
            let answer2 = try await HTTP.fetch(client, running.baseURL + "/api/client/features", headers: authorized)
            #expect(answer2.status == 200)
            let answer3 = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: authorized)
            #expect(answer3.status == 404)
            let answer4 = try await HTTP.fetch(client, running.baseURL + "/api/client/features", method: "POST",
                                         headers: authorized)
            #expect(answer4.status == 405)
        }
    }

    @Test func faultsApplyToTheUnleashEndpoints() async throws {
        try await withUnleash { server, running, client in
            server.inject(.status(503), on: .unleashFeatures)
            let answer5 = try await HTTP.fetch(client, running.baseURL + "/api/client/features")
            #expect(answer5.status == 503)
            let answer6 = try await HTTP.fetch(client, running.baseURL + "/api/client/features")
            #expect(answer6.status == 200)
        }
    }

    @Test func formatsWithoutAServedAPIAreRefused() {
        var configuration = DefinitionsServerConfiguration()
        configuration.format = .flagd
        #expect(throws: DefinitionsServerError.self) {
            _ = try DefinitionsServer(configuration: configuration, definitions: .json(Documents.bytes(Self.features)), logger: .quiet)
        }
    }

    @Test func aNativeDocumentIsNotAnUnleashOne() {
        var configuration = DefinitionsServerConfiguration()
        configuration.format = .unleash
        #expect(throws: DefinitionsServerError.self) {
            _ = try DefinitionsServer(configuration: configuration, definitions: .json(Documents.bytes(TestServer.defaultDocument)),
                                      logger: .quiet)
        }
    }

    @Test("OFREP evaluates Unleash toggles: targetingKey is the userId, other members are properties")
    func ofrepWithUnleashToggles() async throws {
        let features = #"{"version":2,"features":[{"name":"ids","enabled":true,"strategies":[{"name":"userWithId","parameters":{"userIds":"u-1"}}]},"#
            + #"{"name":"pro","enabled":true,"strategies":[{"name":"default","constraints":[{"contextName":"plan","operator":"IN","values":["pro"]}]}]}]}"#
        try await withUnleash(features) { _, running, client in
            func evaluate(_ flag: String, _ context: String) async throws -> JSONValue? {
                let answer = try await HTTP.fetch(client, running.baseURL + "/ofrep/v1/evaluate/flags/" + flag, method: "POST",
                                                  body: Documents.bytes(#"{"context":"# + context + "}"))
                #expect(answer.status == 200, "\(answer.text)")
                return try Documents.json(answer.body).objectValue?["value"]
            }
            let cases: [(String, String, Bool)] = [
                ("ids", #"{"targetingKey":"u-1"}"#, true), ("ids", #"{"targetingKey":"u-2"}"#, false),
                ("pro", #"{"targetingKey":"u-2","plan":"pro"}"#, true), ("pro", #"{"targetingKey":"u-2","plan":"free"}"#, false),
            ]
            for (flag, context, expected) in cases {
                let value = try await evaluate(flag, context)
                #expect(value == .bool(expected), "\(flag) \(context)")
            }
        }
    }
}
