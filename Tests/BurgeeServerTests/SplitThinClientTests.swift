import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Foundation
import Testing

/// Split's (Harness FME's) thin client SDKs against the server, their requests replayed as
/// `splitio/ios-thin-client` sends them: a token from `GET /api/v3/auth` with the SDK key, then
/// `POST /api/evaluations?since=N` with the token, the key and attributes in a sorted-key body.
@Suite("Split thin clients' remote evaluation")
struct SplitThinClientTests {
    private func with<R>(_ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(.json(Documents.bytes(SplitEvaluatorTests.document)), configure: {
            $0.format = .split
            $0.sdkKey = "sdk-1"
        }) { try await body($0, $1, $2) }
    }

    /// The thin client's request body: every key, sorted.
    static func body(key: String, sets: [String] = [], configs: Bool = true) -> [UInt8] {
        let list = sets.sorted().map { "\"\($0)\"" }.joined(separator: ",")
        return Array(#"{"attributes":{},"bucketingKey":null,"configs":\#(configs),"key":"\#(key)","sets":[\#(list)]}"#.utf8)
    }

    private func token(_ client: HTTPClient, _ running: RunningDefinitionsServer) async throws -> String {
        let auth = try await HTTP.fetch(client, running.baseURL + "/api/v3/auth?capabilities=evaluatorWithConfigs&key=u1",
                                        headers: [("Authorization", "Bearer sdk-1"), ("X-Harness-FME-SDK-Version", "ios-1.0.0")])
        #expect(auth.status == 200)
        let answer = try #require(try Documents.json(auth.body).objectValue)
        #expect(answer["pushEnabled"] == false)
        return try #require(answer["token"]?.stringValue)
    }

    @Test func theTokensPayloadReadsAsStandardBase64WithAnExpiry() async throws {
        try await with { _, running, client in
            let token = try await token(client, running)
            let parts = token.split(separator: ".")
            #expect(parts.count == 3)
            // The thin client pads the payload and decodes it as standard base64.
            var payload = String(parts[1])
            while payload.count % 4 != 0 { payload += "=" }
            let data = try #require(Data(base64Encoded: payload))
            let claims = try Documents.json(Array(data))
            #expect(claims.objectValue?["exp"]?.int64Value != nil)
            let unauthorized = try await HTTP.fetch(client, running.baseURL + "/api/v3/auth?capabilities=evaluator&key=u1",
                                                    headers: [("Authorization", "Bearer wrong")])
            #expect(unauthorized.status == 401)
        }
    }

    @Test func evaluationsOfEveryFlagOrOfTheSetsWithConfigsAnd304AtTheSameChangeNumber() async throws {
        try await with { _, running, client in
            let token = try await token(client, running)
            let headers = [("Authorization", "Bearer \(token)"), ("Content-Type", "application/json"),
                           ("X-Harness-FME-SDK-Version", "iOSThin-1.0.0"), ("X-Harness-FME-Content-Digest", "J8dGcK23UHU")]
            let url = running.baseURL + "/api/evaluations?since=-1"
            let all = try await HTTP.fetch(client, url, method: "POST", headers: headers, body: Self.body(key: "u1"))
            #expect(all.status == 200)
            let answer = try #require(try Documents.json(all.body).objectValue)
            #expect(answer["since"] == -1)
            let till = try #require(answer["till"]?.int64Value)
            let evaluations = try #require(answer["evaluations"]?.arrayValue)
            #expect(evaluations == [
                ["flag": "a", "treatment": "on", "changeNumber": 1, "sets": ["front"]],
                ["flag": "b", "treatment": "on", "changeNumber": 1, "sets": ["back"]],
                ["flag": "c", "treatment": "on", "changeNumber": 5, "sets": ["front"], "config": #"{"size":3}"#],
            ])
            let bySets = try await HTTP.fetch(client, url, method: "POST", headers: headers, body: Self.body(key: "u9", sets: ["back"], configs: false))
            #expect(try Documents.json(bySets.body).objectValue?["evaluations"] == [["flag": "b", "treatment": "off", "changeNumber": 1, "sets": ["back"]]])
            let unchanged = try await HTTP.fetch(client, running.baseURL + "/api/evaluations?since=\(till)", method: "POST",
                                                 headers: headers, body: Self.body(key: "u1"))
            #expect(unchanged.status == 304)
        }
    }

    @Test("refusals: a bearer that is neither a token nor the SDK key (401), bodies (400)", arguments: [
        ("Bearer nope", #"{"key":"u"}"#, 401),
        ("Bearer sdk-1", "[]", 400),
        ("Bearer sdk-1", #"{"key":""}"#, 400),
        ("Bearer sdk-1", #"{"key":7}"#, 400),
        ("Bearer sdk-1", #"{"key":"u"}"#, 200),
    ])
    func refusals(authorization: String, body: String, status: Int) async throws {
        try await with { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/api/evaluations?since=-1", method: "POST",
                                              headers: [("Authorization", authorization)], body: Array(body.utf8))
            #expect(answer.status == status)
        }
    }
}
