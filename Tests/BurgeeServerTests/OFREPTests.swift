import AsyncHTTPClient
import BurgeeServer
import Foundation
import Testing

/// OFREP over real loopback HTTP: every answer checked against the protocol's schemas.
@Suite("OFREP endpoint")
struct OFREPTests {
    static let document = #"""
    {"formatVersion":1,"version":4,"flags":{
      "static-bool":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "fallthrough":{"variation":"on"},"metadata":{"owner":"payments","tier":2,"beta":true,"nested":{"x":1}}},
      "country":{"enabled":true,"type":"string","variations":[{"key":"world","value":"world"},{"key":"fr","value":"fr"}],
        "rules":[{"id":"fr","clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":"fr"},
                 {"id":"acme","clauses":[{"contextKind":"org","attribute":"key","op":"in","values":["acme"]}],"variation":"fr"}],
        "targets":[{"contextKind":"user","values":["u-vip"],"variation":"fr"}],
        "fallthrough":{"variation":"world"}},
      "limit":{"enabled":true,"type":"number","variations":[{"key":"three","value":3}],"fallthrough":{"variation":"three"}},
      "ratio":{"enabled":true,"type":"number","variations":[{"key":"half","value":2.5}],"fallthrough":{"variation":"half"}},
      "banner":{"enabled":true,"type":"json","variations":[{"key":"shown","value":{"text":"Hi","size":2}}],"fallthrough":{"variation":"shown"}},
      "list":{"enabled":true,"type":"json","variations":[{"key":"l","value":[1,2]}],"fallthrough":{"variation":"l"}},
      "split":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "fallthrough":{"rollout":{"variations":[{"variation":"on","weight":100000},{"variation":"off","weight":0}]}}},
      "disabled":{"enabled":false,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "offVariation":"off","fallthrough":{"variation":"on"}},
      "no-off":{"enabled":false,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "fallthrough":{"variation":"on"}},
      "broken":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false}],"fallthrough":{"variation":"nope"}}
    },"segments":{}}
    """#

    static let user = #"{"context":{"targetingKey":"u-1"}}"#

    static func with<R>(_ configure: (inout DefinitionsServerConfiguration) -> Void = { _ in },
                        _ body: (DefinitionsServer, String, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(.json(Documents.bytes(document)), configure: configure) { server, running, client in
            try await body(server, running.baseURL + "/ofrep/v1/evaluate/flags", client)
        }
    }

    static func post(_ client: HTTPClient, _ url: String, _ body: String?, headers: [(String, String)] = [])
        async throws -> (Fetched, JSONValue?) {
        let fetched = try await HTTP.fetch(client, url, method: "POST", headers: [("Content-Type", "application/json")] + headers,
                                           body: body.map { Array($0.utf8) })
        return (fetched, fetched.body.isEmpty ? nil : try Documents.json(fetched.body))
    }

    @Test("one flag: the value of every type, its variant, reason and metadata, each answer a serverEvaluationSuccess",
          arguments: [
              ("static-bool", #"{"targetingKey":"u-1"}"#, "true", "STATIC", "on"),
              ("country", #"{"targetingKey":"u-1","country":"FR"}"#, #""fr""#, "TARGETING_MATCH", "fr"),
              ("country", #"{"targetingKey":"u-vip"}"#, #""fr""#, "TARGETING_MATCH", "fr"),
              ("country", #"{"targetingKey":"acme","kind":"org"}"#, #""fr""#, "TARGETING_MATCH", "fr"),
              ("country", #"{"targetingKey":"u-1","country":"DE"}"#, #""world""#, "STATIC", "world"),
              ("limit", #"{"targetingKey":"u-1"}"#, "3", "STATIC", "three"),
              ("ratio", #"{"targetingKey":"u-1"}"#, "2.5", "STATIC", "half"),
              ("banner", #"{"targetingKey":"u-1"}"#, #"{"size":2,"text":"Hi"}"#, "STATIC", "shown"),
              ("split", #"{"targetingKey":"u-1"}"#, "true", "SPLIT", "on"),
              ("disabled", #"{"targetingKey":"u-1"}"#, "false", "DISABLED", "off"),
          ])
    func single(flag: String, context: String, value: String, reason: String, variant: String) async throws {
        try await Self.with { _, url, client in
            let (response, json) = try await Self.post(client, "\(url)/\(flag)", #"{"context":\#(context)}"#)
            #expect(response.status == 200)
            #expect(response.header("Content-Type") == "application/json")
            let body = try #require(json)
            #expect(OFREPSchema.success(body) == [])
            #expect(body.objectValue?["key"] == .string(flag))
            #expect(body.objectValue?["value"]?.serialized() == value)
            #expect(body.objectValue?["reason"] == .string(reason))
            #expect(body.objectValue?["variant"] == .string(variant))
        }
    }

    @Test("integers are sent as integers, numbers with a fraction as numbers")
    func numberTypes() async throws {
        try await Self.with { _, url, client in
            let (_, limit) = try await Self.post(client, "\(url)/limit", Self.user)
            #expect((try #require(limit)).objectValue?["value"] == 3)
            let (response, _) = try await Self.post(client, "\(url)/limit", Self.user)
            #expect(response.text.contains(#""value":3"#) && !response.text.contains("3.0"))
        }
    }

    @Test("metadata carries the flag's boolean, string and number members only")
    func metadata() async throws {
        try await Self.with { _, url, client in
            let (_, json) = try await Self.post(client, "\(url)/static-bool", Self.user)
            #expect(json?.objectValue?["metadata"] == ["owner": "payments", "tier": 2, "beta": true])
        }
    }

    @Test("a disabled flag without an off variation defers to the code default: a reason and no value")
    func codeDefault() async throws {
        try await Self.with { _, url, client in
            let (response, json) = try await Self.post(client, "\(url)/no-off", Self.user)
            #expect(response.status == 200)
            let body = try #require(json)
            #expect(OFREPSchema.success(body) == [])
            #expect(body == ["key": "no-off", "reason": "DISABLED"])
        }
    }

    @Test("an unknown flag: 404 flagNotFound")
    func notFound() async throws {
        try await Self.with { _, url, client in
            let (response, json) = try await Self.post(client, "\(url)/nope", Self.user)
            #expect(response.status == 404)
            let body = try #require(json)
            #expect(OFREPSchema.flagNotFound(body) == [])
            #expect(body.objectValue?["errorCode"] == "FLAG_NOT_FOUND")
            #expect(body.objectValue?["key"] == "nope")
        }
    }

    @Test("a flag that cannot be evaluated: 400 evaluationFailure", arguments: [
        ("broken", "PARSE_ERROR"), ("list", "GENERAL"),
    ])
    func flagFailure(flag: String, code: String) async throws {
        try await Self.with { _, url, client in
            let (response, json) = try await Self.post(client, "\(url)/\(flag)", Self.user)
            #expect(response.status == 400)
            let body = try #require(json)
            #expect(OFREPSchema.failure(body) == [])
            #expect(body.objectValue?["errorCode"] == .string(code))
            #expect(body.objectValue?["errorDetails"]?.stringValue?.isEmpty == false)
        }
    }

    static let badBodies: [(String?, String)] = [
        (nil, "PARSE_ERROR"),
        ("", "PARSE_ERROR"),
        ("{", "PARSE_ERROR"),
        ("[]", "PARSE_ERROR"),
        (#""context""#, "PARSE_ERROR"),
        ("{}", "INVALID_CONTEXT"),
        (#"{"context":null}"#, "INVALID_CONTEXT"),
        (#"{"context":"u-1"}"#, "INVALID_CONTEXT"),
        (#"{"context":{}}"#, "TARGETING_KEY_MISSING"),
        (#"{"context":{"country":"FR"}}"#, "TARGETING_KEY_MISSING"),
        (#"{"context":{"targetingKey":""}}"#, "TARGETING_KEY_MISSING"),
        (#"{"context":{"targetingKey":null}}"#, "TARGETING_KEY_MISSING"),
        (#"{"context":{"targetingKey":42}}"#, "INVALID_CONTEXT"),
        (#"{"context":{"targetingKey":"u-1","kind":"multi"}}"#, "INVALID_CONTEXT"),
        (#"{"context":{"targetingKey":"u-1","kind":"a b"}}"#, "INVALID_CONTEXT"),
        (#"{"context":{"targetingKey":"u-1","kind":7}}"#, "INVALID_CONTEXT"),
        (#"{"context":{"targetingKey":"u-1","name":7}}"#, "INVALID_CONTEXT"),
        (#"{"context":{"targetingKey":"u-1","anonymous":"yes"}}"#, "INVALID_CONTEXT"),
    ]

    @Test("an unreadable body or context: 400 evaluationFailure for one flag", arguments: badBodies)
    func badRequestSingle(body: String?, code: String) async throws {
        try await Self.with { _, url, client in
            let (response, json) = try await Self.post(client, "\(url)/static-bool", body)
            #expect(response.status == 400)
            let answer = try #require(json)
            #expect(OFREPSchema.failure(answer) == [])
            #expect(answer.objectValue?["errorCode"] == .string(code))
            #expect(answer.objectValue?["key"] == "static-bool")
        }
    }

    @Test("an unreadable body or context: 400 bulkEvaluationFailure for the bulk", arguments: badBodies)
    func badRequestBulk(body: String?, code: String) async throws {
        try await Self.with { _, url, client in
            let (response, json) = try await Self.post(client, url, body)
            #expect(response.status == 400)
            let answer = try #require(json)
            #expect(OFREPSchema.bulkFailure(answer) == [])
            #expect(answer.objectValue?["errorCode"] == .string(code))
        }
    }

    @Test("bulk: every flag, sorted, successes and failures, with an ETag; If-None-Match gets 304 until the flags change")
    func bulk() async throws {
        try await Self.with { server, url, client in
            let (response, json) = try await Self.post(client, url, #"{"context":{"targetingKey":"u-1","country":"FR"}}"#)
            #expect(response.status == 200)
            let body = try #require(json)
            #expect(OFREPSchema.bulkSuccess(body) == [])
            let flags = try #require(body.objectValue?["flags"]?.arrayValue)
            #expect(flags.compactMap { $0.objectValue?["key"]?.stringValue } ==
                ["banner", "broken", "country", "disabled", "limit", "list", "no-off", "ratio", "split", "static-bool"])
            #expect(flags.compactMap { $0.objectValue?["errorCode"]?.stringValue } == ["PARSE_ERROR", "GENERAL"])
            #expect(flags[2] == ["key": "country", "value": "fr", "reason": "TARGETING_MATCH", "variant": "fr"])
            let etag = try #require(response.header("ETag"))

            let (same, _) = try await Self.post(client, url, #"{"context":{"targetingKey":"u-1","country":"FR"}}"#,
                                                       headers: [("If-None-Match", etag)])
            #expect(same.status == 304)
            #expect(same.body.isEmpty)
            #expect(same.header("ETag") == etag)

            // Another context gets other values, so the tag does not match.
            let (other, _) = try await Self.post(client, url, #"{"context":{"targetingKey":"u-1","country":"DE"}}"#,
                                                 headers: [("If-None-Match", etag)])
            #expect(other.status == 200)
            #expect(other.header("ETag") != etag)

            // New definitions: compiled when they arrive, so the next request sees them.
            try server.update(definitions: Documents.bytes(Documents.document(flags: ["only": Documents.flag(on: true)])))
            let (changed, changedBody) = try await Self.post(client, url, #"{"context":{"targetingKey":"u-1","country":"FR"}}"#,
                                                             headers: [("If-None-Match", etag)])
            #expect(changed.status == 200)
            #expect(changedBody?.objectValue?["flags"] == [["key": "only", "value": true, "reason": "STATIC", "variant": "on"]])
        }
    }

    @Test("a definitions file that changes is evaluated anew")
    func fileChange() async throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("ofrep-\(UInt64.random(in: 0...UInt64.max)).json").path
        try Data(Self.document.utf8).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        try await TestServer.with(.file(path)) { _, running, client in
            let url = running.baseURL + "/ofrep/v1/evaluate/flags/static-bool"
            #expect(try await Self.post(client, url, Self.user).1?.objectValue?["value"] == true)
            try Data(Documents.document(flags: ["static-bool": Documents.flag(on: false)]).utf8).write(to: URL(fileURLWithPath: path))
            #expect(try await eventually { try await Self.post(client, url, Self.user).1?.objectValue?["value"] == false })
        }
    }

    @Test("with a server key: 401 without credentials, 403 with a wrong one, 200 with Authorization (raw or Bearer) or X-API-Key",
          arguments: [
              ([(String, String)](), 401), ([("Authorization", "wrong")], 403), ([("X-API-Key", "wrong")], 403),
              ([("Authorization", "sdk-1")], 200), ([("Authorization", "Bearer sdk-1")], 200), ([("X-API-Key", "sdk-1")], 200),
          ])
    func authorization(headers: [(String, String)], status: Int) async throws {
        try await Self.with({ $0.sdkKey = "sdk-1" }) { _, url, client in
            let single = try await Self.post(client, "\(url)/static-bool", Self.user, headers: headers).0
            let bulk = try await Self.post(client, url, Self.user, headers: headers).0
            #expect(single.status == status)
            #expect(bulk.status == status)
            #expect(single.body.isEmpty == (status != 200))
        }
    }

    @Test("a body above the limit: 413, announced or not")
    func tooLarge() async throws {
        try await Self.with({ $0.maxOFREPBodyBytes = 64 }) { _, url, client in
            let large = #"{"context":{"targetingKey":"u-1","pad":"\#(String(repeating: "x", count: 100))"}}"#
            let (response, json) = try await Self.post(client, url, large)
            #expect(response.status == 413)
            #expect(OFREPSchema.generalError(try #require(json)) == [])
            let single = try await Self.post(client, "\(url)/static-bool", large).0
            let small = try await Self.post(client, "\(url)/static-bool", Self.user).0
            #expect(single.status == 413)
            #expect(small.status == 200)
        }
    }

    @Test("only POST; an empty key is no flag path")
    func methods() async throws {
        try await Self.with { _, url, client in
            let get = try await HTTP.fetch(client, "\(url)/static-bool")
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
            #expect(try await HTTP.fetch(client, url).status == 405)
            #expect(try await Self.post(client, "\(url)/", Self.user).0.status == 404)
        }
    }

    @Test("flag keys are percent-decoded; a broken escape is a PARSE_ERROR")
    func percentEncoding() async throws {
        let document = Documents.document(flags: ["a/b é": Documents.flag(on: true)])
        try await TestServer.with(.json(Documents.bytes(document))) { _, running, client in
            let url = running.baseURL + "/ofrep/v1/evaluate/flags/"
            let (found, json) = try await Self.post(client, url + "a%2Fb%20%C3%A9", Self.user)
            #expect(found.status == 200)
            #expect(json?.objectValue?["key"] == "a/b é")
            // Sent raw: an HTTP client would escape the stray '%'.
            for key in ["a%2", "a%zz", "%FF"] {
                let body = Self.user
                let port = running.port
                // On a thread of its own: a blocking read on the cooperative pool could starve the server it waits for.
                let answer = await onOwnThread {
                    TCP.exchange(port: port, "POST /ofrep/v1/evaluate/flags/\(key) HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                        + "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)")
                }
                #expect(answer.hasPrefix("HTTP/1.1 400"), "\(key): \(answer)")
                #expect(answer.contains(#""errorCode":"PARSE_ERROR""#))
            }
        }
    }

    @Test("a fault answers 429 with Retry-After, as a rate-limited server would")
    func rateLimited() async throws {
        try await Self.with { server, url, client in
            server.inject(.status(429, headers: ["Retry-After": "2"]), on: .ofrepBulk)
            let (limited, _) = try await Self.post(client, url, Self.user)
            #expect(limited.status == 429)
            #expect(limited.header("Retry-After") == "2")
            #expect(try await Self.post(client, url, Self.user).0.status == 200)
        }
    }

    @Test("servesOFREP off: no OFREP paths")
    func off() async throws {
        try await Self.with({ $0.servesOFREP = false }) { _, url, client in
            let single = try await Self.post(client, "\(url)/static-bool", Self.user).0
            let bulk = try await Self.post(client, url, Self.user).0
            #expect(single.status == 404)
            #expect(bulk.status == 404)
        }
    }
}
