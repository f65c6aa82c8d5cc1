import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// Datadog's client SDKs (iOS, browser) against the server: `POST /precompute-assignments`
/// answers the flags assigned to the subject, evaluated on the server, and the exposure intake
/// takes their exposures, one per line.
@Suite("Datadog precomputed assignments")
struct DatadogPrecomputeTests {
    static let document = #"""
    {"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
     "checkout":{"key":"checkout","enabled":true,"variationType":"STRING",
      "variations":{"a":{"key":"a","value":"new"},"b":{"key":"b","value":"old"}},
      "allocations":[{"key":"pro","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                      "splits":[{"variationKey":"a","shards":[]}],"doLog":true},
                     {"key":"rest","splits":[{"variationKey":"b","shards":[]}],"doLog":false}]},
     "limit":{"key":"limit","enabled":true,"variationType":"INTEGER",
      "variations":{"ten":{"key":"ten","value":10}},
      "allocations":[{"key":"pro-only","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                      "splits":[{"variationKey":"ten","shards":[]}]}]},
     "settings":{"key":"settings","enabled":true,"variationType":"JSON",
      "variations":{"x":{"key":"x","value":{"n":1}}},
      "allocations":[{"key":"all","splits":[{"variationKey":"x","shards":[]}]}]},
     "off":{"key":"off","enabled":false,"variationType":"BOOLEAN",
      "variations":{"t":{"key":"t","value":true}},"allocations":[{"key":"all","splits":[{"variationKey":"t","shards":[]}]}]},
     "rejected":{"key":"rejected","enabled":true,"variationType":"INTEGER",
      "variations":{"d":{"key":"d","value":42.0}},"allocations":[{"key":"all","splits":[{"variationKey":"d","shards":[]}]}]}}}
    """#

    private func with<R>(tokens: [String] = [], _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: {
            $0.format = .datadog
            $0.clientTokens = tokens
        }) { try await body($0, $1, $2) }
    }

    /// The request Datadog's iOS flags SDK sends.
    static func request(key: String?, attributes: String = "{}") -> [UInt8] {
        let targeting = key.map { #""targeting_key":"\#($0)","# } ?? ""
        return Array(#"""
        {"data":{"type":"precompute-assignments-request","attributes":{"env":{"name":"prod","dd_env":"prod"},
         "source":{"sdk_name":"dd-sdk-ios","sdk_version":"3.1.0"},"subject":{\#(targeting)"targeting_attributes":\#(attributes)}}}}
        """#.utf8)
    }

    private func flags(_ fetched: Fetched) throws -> [String: JSONValue] {
        try #require(try Documents.json(fetched.body).objectValue?["data"]?.objectValue?["attributes"]?.objectValue?["flags"]?.objectValue)
    }

    @Test func theAssignedFlagsInTheShapeTheClientSDKsDecode() async throws {
        try await with { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/precompute-assignments", method: "POST",
                                              headers: [("Content-Type", "application/vnd.api+json")],
                                              body: Self.request(key: "u-1", attributes: #"{"plan":"pro","seats":3}"#))
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/vnd.api+json")
            let data = try #require(try Documents.json(answer.body).objectValue?["data"]?.objectValue)
            #expect(data["type"] == "precomputed-assignments")
            #expect(data["attributes"]?.objectValue?["environment"] == ["name": "prod"])
            #expect(data["attributes"]?.objectValue?["createdAt"]?.int64Value != nil)
            let expected = try Documents.json(#"""
            {"checkout":{"allocationKey":"pro","variationKey":"a","variationType":"string","variationValue":"new",
                         "reason":"TARGETING_MATCH","doLog":true,"extraLogging":{}},
             "limit":{"allocationKey":"pro-only","variationKey":"ten","variationType":"integer","variationValue":10,
                      "reason":"TARGETING_MATCH","doLog":true,"extraLogging":{}},
             "settings":{"allocationKey":"all","variationKey":"x","variationType":"object","variationValue":{"n":1},
                         "reason":"STATIC","doLog":true,"extraLogging":{}}}
            """#)
            // Disabled, default-serving and rejected flags are left out.
            #expect(JSONValue.object(try flags(answer)) == expected)
        }
    }

    @Test func anotherSubjectGetsItsOwnAssignmentsAndNoKeyIsNoProblemWithoutAHashedSplit() async throws {
        try await with { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/precompute-assignments", method: "POST",
                                              body: Self.request(key: nil, attributes: #"{"plan":"free"}"#))
            #expect(answer.status == 200)
            let served = try flags(answer)
            #expect(served.keys.sorted() == ["checkout", "settings"])
            #expect(served["checkout"]?.objectValue?["variationValue"] == "old")
            #expect(served["checkout"]?.objectValue?["doLog"] == false)
        }
    }

    @Test("bad requests are refused with 400", arguments: [
        "{", "[]", #"{"data":{}}"#, #"{"data":{"attributes":{}}}"#,
        #"{"data":{"attributes":{"subject":{"targeting_key":7}}}}"#,
        #"{"data":{"attributes":{"subject":{"targeting_attributes":[1]}}}}"#,
        #"{"data":{"attributes":{"subject":{"targeting_key":"u","targeting_attributes":{"tags":["a"]}}}}}"#,
    ])
    func refusals(body: String) async throws {
        try await with { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/precompute-assignments", method: "POST",
                                              body: Array(body.utf8))
            #expect(answer.status == 400)
            #expect(try Documents.json(answer.body).objectValue?["message"]?.stringValue != nil)
        }
    }

    @Test func clientTokensGuardThePrecomputeRouteAndAreAcceptedByTheIntake() async throws {
        try await with(tokens: ["pub-1"]) { server, running, client in
            let url = running.baseURL + "/precompute-assignments"
            let without = try await HTTP.fetch(client, url, method: "POST", body: Self.request(key: "u"))
            let wrong = try await HTTP.fetch(client, url, method: "POST", headers: [("dd-client-token", "pub-2")],
                                             body: Self.request(key: "u"))
            let right = try await HTTP.fetch(client, url, method: "POST", headers: [("dd-client-token", "pub-1")],
                                             body: Self.request(key: "u"))
            #expect(without.status == 401)
            #expect(wrong.status == 401)
            #expect(right.status == 200)
            // The iOS SDK's exposures: one JSON object per line, the client token as DD-API-KEY.
            let lines = #"""
            {"timestamp":1,"allocation":{"key":"pro"},"flag":{"key":"checkout"},"variant":{"key":"a"},"subject":{"id":"u","attributes":{}}}
            {"timestamp":2,"allocation":{"key":"all"},"flag":{"key":"settings"},"variant":{"key":"x"},"subject":{"id":"u","attributes":{}}}
            """#
            let posted = try await HTTP.fetch(client, running.baseURL + "/api/v2/exposures?ddsource=ios", method: "POST",
                                              headers: [("Content-Type", "text/plain;charset=UTF-8"), ("DD-API-KEY", "pub-1")],
                                              body: Array(lines.utf8))
            #expect(posted.status == 202)
            let notAnExposure = try await HTTP.fetch(client, running.baseURL + "/api/v2/exposures?ddsource=ios", method: "POST",
                                                     headers: [("DD-API-KEY", "pub-1")], body: Array(#"{"a":1}"#.utf8))
            #expect(notAnExposure.status == 400)
            let stats = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events/stats").body)
            #expect(stats.objectValue?["exposures"] == 2)
            #expect(stats.objectValue?["flags"] == ["checkout": 1, "settings": 1])
        }
    }

    @Test func theDocumentIsServedAsWrittenSoThatAnIntegralDoubleStaysADouble() async throws {
        try await with { _, running, client in
            let served = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(served.body == Documents.bytes(Self.document))
            let cdn = try await HTTP.fetch(client, running.baseURL + "/api/v2/feature-flagging/config/rules-based/server")
            #expect(cdn.text.contains(#""value":42.0"#))
        }
    }
}
