import AsyncHTTPClient
import BurgeeCore
@testable import BurgeeServer
import Foundation
import Testing

/// The flag explorer over real loopback HTTP: its page and assets, the JSON API behind it
/// (docs/explorer.md), its refusals, the SDK key, and every format through the seam.
@Suite("flag explorer")
struct ExplorerTests {
    static let document = #"""
    {"formatVersion":1,"version":4,"flags":{
      "country":{"enabled":true,"type":"string","variations":[{"key":"world","value":"world"},{"key":"fr","value":"fr"}],
        "rules":[{"id":"fr","clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":"fr"},
                 {"id":"beta","clauses":[{"attribute":"segmentMatch","op":"segmentMatch","values":["beta"]}],"variation":"fr"}],
        "targets":[{"contextKind":"user","values":["u-vip"],"variation":"fr"}],
        "fallthrough":{"variation":"world"}},
      "half":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "prerequisites":[{"flag":"country","variation":"fr"}],"offVariation":"off",
        "fallthrough":{"rollout":{"variations":[{"variation":"on","weight":50000},{"variation":"off","weight":50000}]}}},
      "thirds":{"enabled":true,"type":"string","variations":[{"key":"a","value":"a"},{"key":"b","value":"b"},{"key":"c","value":"c"}],
        "fallthrough":{"rollout":{"variations":[{"variation":"a","weight":20000},{"variation":"b","weight":30000},{"variation":"c","weight":50000}]}}},
      "a/b c":{"enabled":false,"type":"boolean","variations":[{"key":"off","value":false}],"offVariation":"off","fallthrough":{"variation":"off"}}
    },"segments":{"beta":{"included":["u-beta"],"rules":[]}}}
    """#

    static func with<R>(_ document: String = document, configure: (inout DefinitionsServerConfiguration) -> Void = { _ in },
                        _ body: (DefinitionsServer, String, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(.json(Documents.bytes(document)), configure: configure) { server, running, client in
            try await body(server, running.baseURL, client)
        }
    }

    static func get(_ client: HTTPClient, _ url: String, headers: [(String, String)] = []) async throws -> (Fetched, JSONValue?) {
        let fetched = try await HTTP.fetch(client, url, headers: headers)
        return (fetched, try? Documents.json(fetched.body))
    }

    static func post(_ client: HTTPClient, _ url: String, _ body: String) async throws -> (Fetched, JSONValue?) {
        let fetched = try await HTTP.fetch(client, url, method: "POST", headers: [("Content-Type", "application/json")],
                                           body: Array(body.utf8))
        return (fetched, try? Documents.json(fetched.body))
    }

    // MARK: The page

    @Test("the page, its script and style sheet are served with their types; GET / leads to the page")
    func page() async throws {
        try await Self.with { _, base, client async throws in
            let page = try await HTTP.fetch(client, base + "/explorer")
            #expect(page.status == 200)
            #expect(page.header("Content-Type") == "text/html; charset=utf-8")
            let html = String(decoding: page.body, as: UTF8.self)
            #expect(html.contains("<script src=\"/explorer/explorer.js\"></script>"))
            #expect(html.contains("<label for=\"context\">"))
            // Nothing is asked of another host.
            #expect(!html.contains("http://") && !html.contains("https://"))
            let script = try await HTTP.fetch(client, base + "/explorer/explorer.js")
            #expect(script.status == 200)
            #expect(script.header("Content-Type") == "text/javascript; charset=utf-8")
            let js = String(decoding: script.body, as: UTF8.self)
            #expect(js.contains("const api = \"/explorer/api\""))
            #expect(!js.contains("http://") && !js.contains("https://"))
            let style = try await HTTP.fetch(client, base + "/explorer/explorer.css")
            #expect(style.header("Content-Type") == "text/css; charset=utf-8")
            // The client follows the redirect; the raw answer names the page.
            let root = try await HTTP.fetch(client, base + "/")
            #expect(root.status == 200 && root.body == page.body)
            let port = try #require(Int(base.split(separator: ":").last ?? ""))
            // On a thread of its own: a blocking read on the cooperative pool could starve the server it waits for.
            let raw = await onOwnThread { TCP.exchange(port: port, "GET / HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n") }
            #expect(raw.hasPrefix("HTTP/1.1 302"), "\(raw)")
            #expect(raw.lowercased().contains("location: /explorer\r\n"), "\(raw)")
            #expect(try await HTTP.fetch(client, base + "/explorer/nothing").status == 404)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/flags", method: "POST").status == 405)
        }
    }

    @Test("the announcement names the page")
    func announced() async throws {
        try await TestServer.with(.json(Documents.bytes(Self.document))) { _, running, _ in
            #expect(running.announcement(source: "f.json").contains("Explorer: \(running.baseURL)/explorer"))
        }
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: { $0.servesExplorer = false }) { _, running, _ in
            #expect(!running.announcement(source: "f.json").contains { $0.hasPrefix("Explorer:") })
        }
    }

    @Test("turned off, no explorer path answers and the format's routes are unchanged")
    func off() async throws {
        try await Self.with(configure: { $0.servesExplorer = false }) { _, base, client async throws in
            #expect(try await HTTP.fetch(client, base + "/explorer").status == 404)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/status").status == 404)
            #expect(try await HTTP.fetch(client, base + "/").status == 404)
            #expect(try await HTTP.fetch(client, base + "/definitions").status == 200)
        }
    }

    // MARK: The API

    @Test("status: the format, the version, counts and the context the editor starts from")
    func status() async throws {
        try await Self.with { _, base, client async throws in
            let (fetched, json) = try await Self.get(client, base + "/explorer/api/status")
            #expect(fetched.status == 200)
            let o = try #require(json?.objectValue)
            #expect(o["format"] == "native")
            #expect(o["evaluable"] == true)
            #expect(o["flagCount"] == 4)
            #expect(o["segmentCount"] == 1)
            #expect(o["contextKeyMember"] == "key")
            #expect(o["exampleContext"]?.objectValue?["key"] == "user-1")
            #expect(o["version"]?.numberValue ?? 0 >= 4)
        }
    }

    @Test("flags: every flag in key order with its state, variations, rollout and a fingerprint")
    func flags() async throws {
        try await Self.with { _, base, client async throws in
            let (_, json) = try await Self.get(client, base + "/explorer/api/flags")
            let flags = try #require(json?.objectValue?["flags"]?.arrayValue?.compactMap { $0.objectValue })
            #expect(flags.map { $0["key"]?.stringValue } == ["a/b c", "country", "half", "thirds"])
            let half = try #require(flags.first { $0["key"] == "half" })
            #expect(half["enabled"] == true)
            #expect(half["rollout"] == true)
            #expect(half["variations"] == ["off", "on"])
            #expect(flags.first { $0["key"] == "country" }?["rollout"] == false)
            #expect(flags.first { $0["key"] == "a/b c" }?["enabled"] == false)
            #expect(Set(flags.compactMap { $0["fingerprint"]?.stringValue }).count == 4)
            #expect(json?.objectValue?["segments"] == ["beta"])
        }
    }

    @Test("a flag in words: targets, rules, prerequisites, rollouts, segments, what uses it")
    func flagOutline() async throws {
        try await Self.with { _, base, client async throws in
            let (fetched, json) = try await Self.get(client, base + "/explorer/api/flags/country")
            #expect(fetched.status == 200)
            let country = try #require(json?.objectValue)
            let rules = try #require(country["rules"]?.arrayValue?.compactMap { $0.objectValue })
            #expect(rules.map { $0["when"]?.stringValue } == [
                "user key among 1 listed", #"user.country in ["FR"]"#, "in segment 'beta'",
            ])
            #expect(rules.map { $0["target"] } == [true, false, false])
            #expect(rules[1]["id"] == "fr")
            #expect(rules[1]["serve"] == ["variation": "fr"])
            #expect(country["fallthrough"] == ["variation": "world"])
            #expect(country["segments"] == ["beta"])
            #expect(country["usedBy"] == ["half"])

            let (_, halfJSON) = try await Self.get(client, base + "/explorer/api/flags/half")
            let half = try #require(halfJSON?.objectValue)
            #expect(half["prerequisites"] == [["flag": "country", "variations": ["fr"]]])
            #expect(half["offVariation"] == "off")
            let rollout = try #require(half["fallthrough"]?.objectValue?["rollout"]?.objectValue)
            #expect(rollout["by"] == "user.key")
            #expect(rollout["shares"] == [["variation": "on", "share": 0.5], ["variation": "off", "share": 0.5]])

            // A key that needs percent-encoding in a path.
            let (encoded, odd) = try await Self.get(client, base + "/explorer/api/flags/a%2Fb%20c")
            #expect(encoded.status == 200)
            #expect(odd?.objectValue?["enabled"] == false)

            let (segmentFetched, segment) = try await Self.get(client, base + "/explorer/api/segments/beta")
            #expect(segmentFetched.status == 200)
            #expect(segment?.objectValue?["usedByFlags"] == ["country"])
        }
    }

    @Test("an unknown or badly encoded flag or segment is a 404 that names it")
    func unknown() async throws {
        try await Self.with { _, base, client async throws in
            let (missing, json) = try await Self.get(client, base + "/explorer/api/flags/nope")
            #expect(missing.status == 404)
            #expect(json?.objectValue?["error"] == "flag_not_found")
            #expect(json?.objectValue?["message"] == "no flag 'nope'")
            #expect(try await HTTP.fetch(client, base + "/explorer/api/flags/%zz").status == 404)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/flags/").status == 404)
            let (segment, segmentJSON) = try await Self.get(client, base + "/explorer/api/segments/nope")
            #expect(segment.status == 404)
            #expect(segmentJSON?.objectValue?["error"] == "segment_not_found")
        }
    }

    @Test("evaluate: one flag with its trace, as the snapshot evaluates it; every flag without `flag`")
    func evaluate() async throws {
        try await Self.with { _, base, client async throws in
            let (fetched, json) = try await Self.post(client, base + "/explorer/api/evaluate",
                                                     #"{"flag":"country","context":{"kind":"user","key":"u-1","country":"FR"}}"#)
            #expect(fetched.status == 200)
            let result = try #require(json?.objectValue)
            #expect(result["flag"] == "country")
            #expect(result["value"] == "fr")
            #expect(result["variation"] == "fr")
            #expect(result["variationIndex"] == 1)
            #expect(result["reason"] == ["kind": "RULE_MATCH", "ruleIndex": 0, "ruleId": "fr"])
            let steps = try #require(result["trace"]?.objectValue?["steps"]?.arrayValue?.compactMap { $0.objectValue })
            #expect(steps.contains { $0["outcome"] == "pass" && ($0["text"]?.stringValue ?? "").hasPrefix(#"user.country in ["FR"]: seen "FR""#) })
            #expect(steps.contains { $0["outcome"] == "fail" && ($0["text"]?.stringValue ?? "").hasPrefix("target user") })

            let (_, unknown) = try await Self.post(client, base + "/explorer/api/evaluate", #"{"flag":"nope","context":{"key":"u"}}"#)
            #expect(unknown?.objectValue?["reason"] == ["kind": "ERROR", "errorKind": "FLAG_NOT_FOUND"])

            let (_, all) = try await Self.post(client, base + "/explorer/api/evaluate", #"{"context":{"key":"u-vip"}}"#)
            let results = try #require(all?.objectValue?["results"]?.arrayValue?.compactMap { $0.objectValue })
            #expect(results.map { $0["flag"]?.stringValue } == ["a/b c", "country", "half", "thirds"])
            #expect(results.first { $0["flag"] == "country" }?["reason"] == ["kind": "TARGET_MATCH"])
        }
    }

    @Test("evaluate refuses what it cannot read: 400 with why, 413 above the limit, 405 for GET",
          arguments: [
              ("{", "the body is not JSON"),
              ("[1]", "the body is array, not an object"),
              (#"{"flag":"country"}"#, "'context' must be an object"),
              (#"{"flag":"country","context":[1]}"#, "'context' must be an object"),
              (#"{"flag":3,"context":{"key":"u"}}"#, "'flag' must be a string"),
          ])
    func evaluateRefusals(body: String, message: String) async throws {
        try await Self.with { _, base, client async throws in
            let (fetched, json) = try await Self.post(client, base + "/explorer/api/evaluate", body)
            #expect(fetched.status == 400)
            #expect(json?.objectValue?["error"] == "invalid_request")
            #expect(json?.objectValue?["message"]?.stringValue?.hasPrefix(message) == true, "\(json?.serialized() ?? "")")
        }
    }

    @Test("a body above the limit is a 413; GET on a POST endpoint a 405 with Allow")
    func tooLarge() async throws {
        try await Self.with(configure: { $0.maxOFREPBodyBytes = 1000 }) { _, base, client async throws in
            let big = #"{"context":{"key":"u","padding":""# + String(repeating: "x", count: 2000) + #""}}"#
            let (fetched, json) = try await Self.post(client, base + "/explorer/api/evaluate", big)
            #expect(fetched.status == 413)
            #expect(json?.objectValue?["error"] == "too_large")
            let get = try await HTTP.fetch(client, base + "/explorer/api/distribution")
            #expect(get.status == 405)
            #expect(get.header("Allow") == "POST")
        }
    }

    @Test("distribution: generated keys fall on the variations as the rollout's weights say, within 2 points")
    func distribution() async throws {
        try await Self.with { _, base, client async throws in
            let (fetched, json) = try await Self.post(client, base + "/explorer/api/distribution", #"{"flag":"thirds"}"#)
            #expect(fetched.status == 200)
            let o = try #require(json?.objectValue)
            #expect(o["count"] == 10000)
            #expect(o["member"] == "key")
            let counts = try #require(o["counts"]?.arrayValue?.compactMap { $0.objectValue })
            #expect(counts.map { $0["variation"]?.stringValue } == ["a", "b", "c"])
            #expect(counts.compactMap { $0["count"]?.numberValue }.reduce(0, +) == 10000)
            let configured = try #require(o["configured"]?.objectValue?["rollout"]?.objectValue?["shares"]?.arrayValue)
            for (row, weight) in zip(counts, configured) {
                let measured = try #require(row["share"]?.numberValue)
                let expected = try #require(weight.objectValue?["share"]?.numberValue)
                #expect(abs(measured - expected) <= 0.02, "\(row) against \(weight)")
            }
            // The context given is kept, its key varied: without the prerequisite's country, `half` serves its off variation.
            let (_, off) = try await Self.post(client, base + "/explorer/api/distribution",
                                               #"{"flag":"half","count":200,"context":{"kind":"user","key":"x","country":"DE"}}"#)
            #expect(off?.objectValue?["counts"] == [["variation": "off", "index": 0, "count": 200, "share": 1]])
            // A flag without a rollout has nothing configured.
            let (_, plain) = try await Self.post(client, base + "/explorer/api/distribution", #"{"flag":"country","count":10}"#)
            #expect(plain?.objectValue?["configured"] == .null)
        }
    }

    @Test("distribution refuses a missing flag, a bad count, context or member; an unknown flag is a 404",
          arguments: [
              (#"{}"#, 400), (#"{"flag":"thirds","count":0}"#, 400), (#"{"flag":"thirds","count":100001}"#, 400),
              (#"{"flag":"thirds","count":1.5}"#, 400), (#"{"flag":"thirds","count":"10"}"#, 400),
              (#"{"flag":"thirds","context":"u"}"#, 400), (#"{"flag":"thirds","member":""}"#, 400),
              (#"{"flag":"nope"}"#, 404),
          ])
    func distributionRefusals(body: String, status: Int) async throws {
        try await Self.with { _, base, client async throws in
            let (fetched, _) = try await Self.post(client, base + "/explorer/api/distribution", body)
            #expect(fetched.status == status, "\(body)")
        }
    }

    // MARK: Changes, the key, formats

    @Test("a change of the definitions moves the version and the changed flag's fingerprint only")
    func changes() async throws {
        try await Self.with { server, base, client async throws in
            let (_, before) = try await Self.get(client, base + "/explorer/api/flags")
            let changed = Self.document.replacingOccurrences(of: #""value":"world""#, with: #""value":"monde""#)
            try server.update(definitions: Documents.bytes(changed))
            let (_, after) = try await Self.get(client, base + "/explorer/api/flags")
            func fingerprints(_ json: JSONValue?) -> [String: String] {
                var result: [String: String] = [:]
                for flag in json?.objectValue?["flags"]?.arrayValue ?? [] {
                    if let key = flag.objectValue?["key"]?.stringValue { result[key] = flag.objectValue?["fingerprint"]?.stringValue }
                }
                return result
            }
            let (a, b) = (fingerprints(before), fingerprints(after))
            #expect(a.count == 4 && b.count == 4)
            #expect(a.keys.filter { a[$0] != b[$0] } == ["country"])
            // Only the changed flag has a time of change, within this test's span.
            func changedAt(_ json: JSONValue?) -> [String: Double] {
                var result: [String: Double] = [:]
                for flag in json?.objectValue?["flags"]?.arrayValue ?? [] {
                    if let key = flag.objectValue?["key"]?.stringValue, let ms = flag.objectValue?["lastChanged"]?.numberValue { result[key] = ms }
                }
                return result
            }
            #expect(changedAt(before).isEmpty)
            let stamped = changedAt(after)
            #expect(Array(stamped.keys) == ["country"])
            let now = Date().timeIntervalSince1970 * 1000
            #expect((stamped["country"] ?? 0) > now - 60_000 && (stamped["country"] ?? 0) <= now + 1000)
            #expect((after?.objectValue?["version"]?.numberValue ?? 0) > (before?.objectValue?["version"]?.numberValue ?? 0))
        }
    }

    @Test("with an SDK key: 401 asking for Basic authentication without it; the key as password, raw or Bearer")
    func key() async throws {
        try await Self.with(configure: { $0.sdkKey = "secret" }) { _, base, client async throws in
            let refused = try await HTTP.fetch(client, base + "/explorer")
            #expect(refused.status == 401)
            #expect(refused.header("WWW-Authenticate")?.hasPrefix("Basic realm=") == true)
            #expect(try await HTTP.fetch(client, base + "/").status == 401)
            func basic(_ credentials: String) -> [(String, String)] {
                [("Authorization", "Basic " + Data(credentials.utf8).base64EncodedString())]
            }
            #expect(try await HTTP.fetch(client, base + "/explorer", headers: basic("me:secret")).status == 200)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/status", headers: basic(":secret")).status == 200)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/status", headers: basic("secret:wrong")).status == 401)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/status", headers: [("Authorization", "Basic !!")]).status == 401)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/status", headers: [("Authorization", "Bearer secret")]).status == 200)
            #expect(try await HTTP.fetch(client, base + "/explorer/api/status", headers: [("Authorization", "secret")]).status == 200)
        }
    }

    /// Each format's first spec-fixtures document (its folder; native at the top).
    static func fixtureDocument(_ folder: String) throws -> String {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("spec-fixtures").appendingPathComponent(folder)
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let json = try Documents.json(Array(try Data(contentsOf: directory.appendingPathComponent(name))))
            let o = json.objectValue
            if let document = o?["definitions"] ?? o?["state"] ?? o?["documents"]?.arrayValue?.first, document.objectValue != nil {
                return document.serialized()
            }
        }
        throw CocoaError(.fileReadCorruptFile)
    }

    @Test("every format: each flag outlined, all flags evaluated for the format's example context, a distribution drawn",
          arguments: [(DefinitionsFormat.native, ""), (.unleash, "unleash"), (.launchDarkly, "launchdarkly"), (.flagd, "flagd"),
                      (.split, "split"), (.kameleoon, "kameleoon"), (.datadog, "datadog"), (.eppo, "eppo")])
    func formats(format: DefinitionsFormat, folder: String) async throws {
        let document = try Self.fixtureDocument(folder)
        try await Self.with(document, configure: { $0.format = format }) { _, base, client async throws in
            let (_, status) = try await Self.get(client, base + "/explorer/api/status")
            #expect(status?.objectValue?["format"] == .string(format.name))
            #expect(status?.objectValue?["evaluable"] == true)
            let context = try #require(status?.objectValue?["exampleContext"])
            let (_, listed) = try await Self.get(client, base + "/explorer/api/flags")
            let keys = (listed?.objectValue?["flags"]?.arrayValue ?? []).compactMap { $0.objectValue?["key"]?.stringValue }
            #expect(!keys.isEmpty)
            for key in keys {
                let encoded = key.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? key
                let (outline, json) = try await Self.get(client, base + "/explorer/api/flags/" + encoded)
                #expect(outline.status == 200, "\(key)")
                #expect(json?.objectValue?["key"] == .string(key))
            }
            let (evaluated, all) = try await Self.post(client, base + "/explorer/api/evaluate",
                                                       #"{"context":\#(context.serialized())}"#)
            #expect(evaluated.status == 200)
            #expect(all?.objectValue?["results"]?.arrayValue?.count == keys.count)
            let (drawn, distribution) = try await Self.post(client, base + "/explorer/api/distribution",
                                                            #"{"flag":\#(JSONValue.string(keys[0]).serialized()),"count":50}"#)
            #expect(drawn.status == 200)
            let total = (distribution?.objectValue?["counts"]?.arrayValue ?? []).compactMap { $0.objectValue?["count"]?.numberValue }
            #expect(total.reduce(0, +) == 50)
        }
    }
}
