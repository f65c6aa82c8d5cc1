import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// The server in Datadog and Eppo modes: their CDNs' configuration endpoints (envelope or raw
/// document, ETag and 304, each vendor's key), Datadog's exposure intake recorded and counted,
/// and OFREP evaluating the flags.
@Suite("Datadog and Eppo modes")
struct UFCModeTests {
    static let document = #"""
    {"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
     "checkout":{"key":"checkout","enabled":true,"variationType":"STRING","totalShards":10000,
      "variations":{"a":{"key":"a","value":"new"},"b":{"key":"b","value":"old"}},
      "allocations":[{"key":"pro","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                      "splits":[{"variationKey":"a","shards":[]}]},
                     {"key":"rest","splits":[{"variationKey":"b","shards":[]}]}]}}}
    """#

    static let configuration = "/api/v2/feature-flagging/config/rules-based/server"

    private func with<R>(_ format: DefinitionsFormat, key: String? = nil,
                         _ body: (RunningDefinitionsServer, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: {
            $0.format = format
            $0.sdkKey = key
        }) { _, running, client in try await body(running, client) }
    }

    @Test("Datadog: the document in the CDN's envelope, with an ETag and 304; open, but a DD-API-KEY sent must be the key")
    func datadogConfiguration() async throws {
        try await with(.datadog, key: "dd-key") { running, client in
            let url = running.baseURL + Self.configuration
            // Datadog's SDKs send no key to a custom base URL: the document is served without one.
            #expect(try await HTTP.fetch(client, url).status == 200)
            #expect(try await HTTP.fetch(client, url, headers: [("DD-API-KEY", "other")]).status == 403)
            let first = try await HTTP.fetch(client, url, headers: [("DD-API-KEY", "dd-key")])
            #expect(first.status == 200)
            let json = try Documents.json(first.body)
            #expect(json.objectValue?["data"]?.objectValue?["type"] == "universal-flag-configuration")
            #expect(json.objectValue?["data"]?.objectValue?["attributes"] == (try Documents.json(Array(Self.document.utf8))))
            let etag = try #require(first.header("ETag"))
            let again = try await HTTP.fetch(client, url, headers: [("DD-API-KEY", "dd-key"), ("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
        }
    }

    @Test("Eppo: the document as it is at /api/flag-config/v1/config; apiKey must be the key (401 otherwise); 304")
    func eppoConfiguration() async throws {
        try await with(.eppo, key: "eppo-key") { running, client in
            #expect(running.clientURL == running.baseURL + "/api")
            let url = running.clientURL + "/flag-config/v1/config"
            #expect(try await HTTP.fetch(client, url).status == 401)
            #expect(try await HTTP.fetch(client, url + "?apiKey=wrong").status == 401)
            let first = try await HTTP.fetch(client, url + "?apiKey=eppo-key&sdkName=python&sdkVersion=4.4.1")
            #expect(first.status == 200)
            #expect(try Documents.json(first.body) == (try Documents.json(Array(Self.document.utf8))))
            let again = try await HTTP.fetch(client, url + "?apiKey=eppo-key", headers: [("If-None-Match", first.header("ETag") ?? "")])
            #expect(again.status == 304)
        }
    }

    static func exposures(_ pairs: [(String, String)]) -> [UInt8] {
        let items = pairs.map { flag, subject in
            #"{"timestamp":1767225600000,"allocation":{"key":"pro"},"flag":{"key":"\#(flag)"},"variant":{"key":"a"},"subject":{"id":"\#(subject)","attributes":{}}}"#
        }
        return Array(#"{"context":{"service":"shop","env":"prod","version":"1.0"},"exposures":[\#(items.joined(separator: ","))]}"#.utf8)
    }

    @Test("Datadog exposures: agentless with the key, or through the Agent's EVP proxy; kept, and counted by flag")
    func exposureIntake() async throws {
        try await with(.datadog, key: "dd-key") { running, client in
            let agentless = running.baseURL + "/api/v2/exposures"
            let agent = running.baseURL + "/evp_proxy/v2/api/v2/exposures"
            let json = [("Content-Type", "application/json")]
            #expect(try await HTTP.fetch(client, agentless, method: "POST", headers: json,
                                         body: Self.exposures([("checkout", "u-1")])).status == 403)
            #expect(try await HTTP.fetch(client, agentless, method: "POST", headers: json + [("DD-API-KEY", "dd-key")],
                                         body: Self.exposures([("checkout", "u-1"), ("checkout", "u-2")])).status == 202)
            #expect(try await HTTP.fetch(client, agent, method: "POST", headers: json,
                                         body: Self.exposures([("checkout", "u-3")])).status == 400, "no EVP subdomain")
            #expect(try await HTTP.fetch(client, agent, method: "POST",
                                         headers: json + [("X-Datadog-EVP-Subdomain", "event-platform-intake")],
                                         body: Self.exposures([("checkout", "u-3"), ("other", "u-1")])).status == 202)
            for bad in ["{", #"{"exposures":{}}"#, "[]"] {
                #expect(try await HTTP.fetch(client, agentless, method: "POST", headers: json + [("DD-API-KEY", "dd-key")],
                                             body: Array(bad.utf8)).status == 400, "\(bad)")
            }
            let stats = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events/stats",
                                                                headers: [("Authorization", "dd-key")]).body)
            #expect(stats.objectValue?["posts"] == 2)
            #expect(stats.objectValue?["exposures"] == 4)
            #expect(stats.objectValue?["flags"] == ["checkout": 3, "other": 1])
            let listed = try Documents.json(try await HTTP.fetch(client, running.baseURL + "/events",
                                                                 headers: [("Authorization", "dd-key")]).body)
            #expect(listed.arrayValue?.map { $0.objectValue?["path"] } == [.string("/api/v2/exposures"),
                                                                          .string("/evp_proxy/v2/api/v2/exposures")])
        }
    }

    @Test("OFREP evaluates the flags with Datadog's reasons, in both modes", arguments: [DefinitionsFormat.datadog, .eppo])
    func ofrep(_ format: DefinitionsFormat) async throws {
        try await with(format) { running, client in
            let url = running.baseURL + "/ofrep/v1/evaluate/flags/checkout"
            let (pro, proJSON) = try await OFREPTests.post(client, url, #"{"context":{"targetingKey":"u-1","plan":"pro"}}"#)
            #expect(pro.status == 200)
            #expect(proJSON?.objectValue?["value"] == "new")
            // Datadog's reasons: a rule's allocation is a targeting match, an allocation of one
            // split without shards is static.
            #expect(proJSON?.objectValue?["reason"] == "TARGETING_MATCH")
            let (_, freeJSON) = try await OFREPTests.post(client, url, #"{"context":{"targetingKey":"u-1","plan":"free"}}"#)
            #expect(freeJSON?.objectValue?["value"] == "old")
            #expect(freeJSON?.objectValue?["variant"] == "b")
            #expect(freeJSON?.objectValue?["reason"] == "STATIC")
        }
    }

    @Test("Datadog: GET /info answers as the Agent does for its EVP proxy, open whatever the key")
    func datadogAgentInfo() async throws {
        try await with(.datadog, key: "dd-key") { running, client in
            let info = try await HTTP.fetch(client, running.baseURL + "/info")
            #expect(info.status == 200)
            let json = try Documents.json(info.body).objectValue
            #expect(json?["endpoints"]?.arrayValue?.contains("/evp_proxy/v2/") == true)
            let headers = json?["evp_proxy_allowed_headers"]?.arrayValue ?? []
            #expect(headers.contains("DD-EVP-ORIGIN") && headers.contains("DD-EVP-ORIGIN-VERSION"))
        }
        try await with(.eppo) { running, client in
            let status = try await HTTP.fetch(client, running.baseURL + "/info").status
            #expect(status == 404, "only the Datadog mode is an Agent")
        }
    }
}
