import AsyncHTTPClient
import BurgeeCore
@testable import BurgeeServer
import Foundation
import Testing

/// Eppo's precomputed clients against the server: `POST /assignments` answers the flags assigned
/// to the subject, obfuscated as Eppo's service obfuscates them.
@Suite("Eppo precomputed assignments")
struct EppoPrecomputeTests {
    static let document = #"""
    {"createdAt":"2025-01-01T00:00:00Z","format":"SERVER","environment":{"name":"prod"},"flags":{
     "checkout":{"key":"checkout","enabled":true,"variationType":"STRING","totalShards":10000,
      "variations":{"a":{"key":"a","value":"new"},"b":{"key":"b","value":"old"}},
      "allocations":[{"key":"pro","rules":[{"conditions":[{"attribute":"plan","operator":"ONE_OF","value":["pro"]}]}],
                      "splits":[{"variationKey":"a","shards":[],"extraLogging":{"holdout":"h1"}}],"doLog":true},
                     {"key":"rest","splits":[{"variationKey":"b","shards":[]}],"doLog":false}]},
     "ratio":{"key":"ratio","enabled":true,"variationType":"NUMERIC","totalShards":10000,
      "variations":{"big":{"key":"big","value":1e21}},
      "allocations":[{"key":"all","rules":[{"conditions":[{"attribute":"seats","operator":"GTE","value":10}]}],
                      "splits":[{"variationKey":"big","shards":[]}],"doLog":true}]},
     "settings":{"key":"settings","enabled":true,"variationType":"JSON","totalShards":10000,
      "variations":{"x":{"key":"x","value":"{ \"n\": 1 }"}},
      "allocations":[{"key":"all","splits":[{"variationKey":"x","shards":[]}],"doLog":true}]},
     "off":{"key":"off","enabled":false,"variationType":"BOOLEAN","totalShards":10000,
      "variations":{"t":{"key":"t","value":true}},"allocations":[{"key":"all","splits":[{"variationKey":"t","shards":[]}]}]}}}
    """#

    private func with<R>(key: String? = "eppo-key", _ body: (RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: {
            $0.format = .eppo
            $0.sdkKey = key
        }) { _, running, client in try await body(running, client) }
    }

    /// The request Eppo's precomputed JavaScript client sends.
    static func request(key: String, numeric: String = "{}", categorical: String = "{}") -> [UInt8] {
        Array(#"{"subject_key":"\#(key)","subject_attributes":{"numericAttributes":\#(numeric),"categoricalAttributes":\#(categorical)}}"#.utf8)
    }

    private func decoded(_ text: JSONValue?) -> String? {
        text?.stringValue.flatMap { Data(base64Encoded: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    @Test func theAssignedFlagsObfuscatedWithTheAnswersSalt() async throws {
        try await with { running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/assignments?apiKey=eppo-key&sdkName=js&sdkVersion=3",
                                              method: "POST", headers: [("Content-Type", "application/json")],
                                              body: Self.request(key: "u-1", numeric: #"{"seats":12}"#, categorical: #"{"plan":"pro"}"#))
            #expect(answer.status == 200)
            let body = try #require(try Documents.json(answer.body).objectValue)
            #expect(body["format"] == "PRECOMPUTED")
            #expect(body["obfuscated"] == true)
            #expect(body["environment"] == ["name": "prod"])
            #expect(body["bandits"] == [:])
            let salt = try #require(body["salt"]?.stringValue)
            #expect(salt.count == 22, "16 random bytes in base64 without padding")
            let flags = try #require(body["flags"]?.objectValue)
            #expect(flags.count == 3, "the disabled flag is left out")
            let checkout = try #require(flags[EppoPrecomputedConfiguration.hashedKey("checkout", salt: salt)]?.objectValue)
            #expect(checkout["variationType"] == "STRING")
            #expect(decoded(checkout["variationValue"]) == "new")
            #expect(decoded(checkout["allocationKey"]) == "pro")
            #expect(decoded(checkout["variationKey"]) == "a")
            #expect(checkout["doLog"] == true)
            let extra = try #require(checkout["extraLogging"]?.objectValue)
            #expect(extra == [Data("holdout".utf8).base64EncodedString(): .string(Data("h1".utf8).base64EncodedString())])
            let ratio = try #require(flags[EppoPrecomputedConfiguration.hashedKey("ratio", salt: salt)]?.objectValue)
            // A number as Rust writes an f64: positional, no trailing .0.
            #expect(decoded(ratio["variationValue"]) == "1000000000000000000000")
            let settings = try #require(flags[EppoPrecomputedConfiguration.hashedKey("settings", salt: salt)]?.objectValue)
            // A JSON flag's value as the document wrote it.
            #expect(decoded(settings["variationValue"]) == #"{ "n": 1 }"#)
        }
    }

    @Test func anUnloggedAssignmentCarriesNoAllocationVariationOrExtraLogging() async throws {
        try await with { running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/assignments?apiKey=eppo-key", method: "POST",
                                              body: Self.request(key: "u-2", categorical: #"{"plan":"free"}"#))
            let body = try #require(try Documents.json(answer.body).objectValue)
            let salt = try #require(body["salt"]?.stringValue)
            let checkout = try #require(body["flags"]?.objectValue?[EppoPrecomputedConfiguration.hashedKey("checkout", salt: salt)]?.objectValue)
            #expect(checkout.keys.sorted() == ["doLog", "variationType", "variationValue"])
            #expect(decoded(checkout["variationValue"]) == "old")
            #expect(checkout["doLog"] == false)
        }
    }

    @Test("refusals: the key (401), bodies and subjects (400)", arguments: [
        ("?apiKey=wrong", #"{"subject_key":"u"}"#, 401),
        ("", #"{"subject_key":"u"}"#, 401),
        ("?apiKey=eppo-key", "{", 400),
        ("?apiKey=eppo-key", #"{"subject_attributes":{}}"#, 400),
        ("?apiKey=eppo-key", #"{"subject_key":""}"#, 400),
        ("?apiKey=eppo-key", #"{"subject_key":7}"#, 400),
        ("?apiKey=eppo-key", #"{"subject_key":"u","subject_attributes":[]}"#, 400),
        ("?apiKey=eppo-key", #"{"subject_key":"u","subject_attributes":{"categoricalAttributes":{"tags":["a"]}}}"#, 400),
        ("?apiKey=eppo-key", #"{"subject_key":"u","subject_attributes":{"plan":"pro"}}"#, 200),
    ])
    func refusals(query: String, body: String, status: Int) async throws {
        try await with { running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/assignments" + query, method: "POST", body: Array(body.utf8))
            #expect(answer.status == status)
        }
    }

    @Test("Eppo's obfuscation: MD5 of the salt then the key, and base64", arguments: [
        ("hello", "", "5d41402abc4b2a76b9719d911017c592"),
        ("lo", "hel", "5d41402abc4b2a76b9719d911017c592"),
    ])
    func obfuscation(key: String, salt: String, expected: String) {
        #expect(EppoPrecomputedConfiguration.hashedKey(key, salt: salt) == expected)
        // eppo_core's own vector.
        #expect(Base64.encode(Array("hello, world!".utf8)) == "aGVsbG8sIHdvcmxkIQ==")
        #expect(Base64.encode(Array("hello".utf8)) == "aGVsbG8=")
        #expect(Base64.encode(Array("he".utf8), padded: false) == "aGU")
        #expect(Base64.encode([] as [UInt8]) == "")
    }

    @Test func aJSONFlagsTextIsFoundInEitherFormOfVariation() throws {
        let variations = try Documents.json(#"{"v0":{"key":"a","value":"{ }"},"v1":["b","[0.5, -0.0]"],"v2":7}"#)
        #expect(EppoPrecomputedConfiguration.rawValue(of: "a", in: variations) == "{ }")
        #expect(EppoPrecomputedConfiguration.rawValue(of: "b", in: variations) == "[0.5, -0.0]")
        #expect(EppoPrecomputedConfiguration.rawValue(of: "c", in: variations) == nil)
        #expect(EppoPrecomputedConfiguration.rawValue(of: nil, in: variations) == nil)
    }
}
