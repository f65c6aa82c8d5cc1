import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Foundation
import Testing

/// LaunchDarkly's client-side and mobile endpoints, as the Relay Proxy serves them to the mobile
/// and JavaScript SDKs: every flag the SDK's kind may see, evaluated on the server for its context.
@Suite("LaunchDarkly client-side and mobile endpoints")
struct LaunchDarklyClientSideTests {
    static let document = #"""
    {"flags":{
      "both":{"key":"both","on":true,"version":7,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1},
              "clientSideAvailability":{"usingMobileKey":true,"usingEnvironmentId":true}},
      "mobile":{"key":"mobile","on":true,"version":2,"variations":["x","y"],"offVariation":0,"fallthrough":{"variation":1},
                "clientSideAvailability":{"usingMobileKey":true,"usingEnvironmentId":false},"trackEvents":true},
      "server":{"key":"server","on":true,"version":3,"variations":[1,2],"offVariation":0,"fallthrough":{"variation":1},
                "clientSideAvailability":{"usingMobileKey":false,"usingEnvironmentId":false}},
      "legacy":{"key":"legacy","on":true,"version":5,"variations":[1,2],"offVariation":0,"fallthrough":{"variation":0},
                "clientSide":true,"trackEventsFallthrough":true,"debugEventsUntilDate":4102444800000,
                "prerequisites":[{"key":"both","variation":1}]},
      "vip":{"key":"vip","on":true,"version":1,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":0},
             "targets":[{"values":["u-7"],"variation":1}],"clientSide":true}
    },"segments":{}}
    """#

    private func withServer<R>(configure: @escaping (inout DefinitionsServerConfiguration) -> Void = { _ in },
                               _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: {
            $0.format = .launchDarkly
            configure(&$0)
        }) { try await body($0, $1, $2) }
    }

    /// base64url of the context's JSON, padded or not.
    static func encoded(_ context: String, padded: Bool = true) -> String {
        let text = Data(context.utf8).base64EncodedString().replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
        return padded ? text : text.replacingOccurrences(of: "=", with: "")
    }

    private func flags(_ fetched: Fetched) throws -> [String: JSONValue] {
        try #require(try Documents.json(fetched.body).objectValue)
    }

    @Test func mobileSeesTheFlagsForMobileKeysInTheRelayProxysShape() async throws {
        try await withServer { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/msdk/evalx/contexts/" + Self.encoded(#"{"kind":"user","key":"u-1"}"#))
            #expect(answer.status == 200)
            #expect(answer.header("content-type") == "application/json")
            #expect(answer.header("etag") != nil)
            let expected = try Documents.json(#"""
            {"both":{"value":true,"variation":1,"version":7,"flagVersion":7},
             "mobile":{"value":"y","variation":1,"version":2,"flagVersion":2,"trackEvents":true},
             "legacy":{"value":1,"variation":0,"version":5,"flagVersion":5,"trackEvents":true,"trackReason":true,
                       "reason":{"kind":"FALLTHROUGH"},"debugEventsUntilDate":4102444800000,"prerequisites":["both"]},
             "vip":{"value":false,"variation":0,"version":1,"flagVersion":1}}
            """#)
            #expect(try Documents.json(answer.body) == expected)
        }
    }

    @Test func javaScriptSeesTheFlagsForTheEnvironmentIDWithReasonsWhenAsked() async throws {
        try await withServer { _, running, client in
            let url = running.baseURL + "/sdk/evalx/env-1/contexts/" + Self.encoded(#"{"key":"u-7"}"#, padded: false) + "?withReasons=true"
            let answer = try await HTTP.fetch(client, url, headers: [("Origin", "https://app.example")])
            #expect(answer.status == 200)
            let served = try flags(answer)
            #expect(served.keys.sorted() == ["both", "legacy", "vip"])
            #expect(served["vip"]?.objectValue?["value"] == true)
            #expect(served["vip"]?.objectValue?["reason"] == ["kind": "TARGET_MATCH"])
            #expect(served["both"]?.objectValue?["reason"] == ["kind": "FALLTHROUGH"])
            #expect(answer.header("access-control-allow-origin") == "https://app.example")
            #expect(answer.header("access-control-expose-headers") == "Date")
        }
    }

    @Test("REPORT takes the context as the body, with or without Content-Type", arguments: [
        ("/msdk/evalx/context", [("Content-Type", "application/json")]),
        ("/msdk/evalx/context", []),
        ("/msdk/evalx/user", []),
        ("/sdk/evalx/env-1/context", [("Content-Type", "application/json; charset=utf-8")]),
        ("/sdk/evalx/env-1/user", [("Content-Type", "application/json")]),
    ])
    func reportBodies(path: String, headers: [(String, String)]) async throws {
        try await withServer { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path, method: "REPORT", headers: headers,
                                              body: Array(#"{"kind":"multi","user":{"key":"u-7"},"org":{"key":"o"}}"#.utf8))
            #expect(answer.status == 200)
            #expect(try flags(answer)["vip"]?.objectValue?["value"] == true)
        }
    }

    @Test("bad contexts are refused with 400, another media type with 415", arguments: [
        ("GET", "/msdk/evalx/contexts/not*base64", nil, nil, 400),
        ("GET", "/msdk/evalx/contexts/" + encoded("[1,2]"), nil, nil, 400),
        ("GET", "/msdk/evalx/contexts/" + encoded("{\"kind\":\"user\""), nil, nil, 400),
        ("GET", "/msdk/evalx/contexts/" + encoded(#"{"kind":"user","key":""}"#), nil, nil, 400),
        ("GET", "/msdk/evalx/contexts/" + encoded(#"{"key":""}"#), nil, nil, 400),
        ("GET", "/msdk/evalx/contexts/" + encoded(#"{"kind":"us er","key":"k"}"#), nil, nil, 400),
        ("REPORT", "/msdk/evalx/context", "{\"key\":", "application/json", 400),
        ("REPORT", "/msdk/evalx/context", #"{"key":"k"}"#, "text/plain", 415),
        ("REPORT", "/sdk/evalx/e/context", #"{"key":7}"#, "application/json", 400),
    ] as [(String, String, String?, String?, Int)])
    func refusals(method: String, path: String, body: String?, contentType: String?, status: Int) async throws {
        try await withServer { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + path, method: method,
                                              headers: contentType.map { [("Content-Type", $0)] } ?? [],
                                              body: body.map { Array($0.utf8) })
            #expect(answer.status == status)
            #expect(try Documents.json(answer.body).objectValue?["message"]?.stringValue != nil)
        }
    }

    @Test func anOversizedContextIs413() async throws {
        try await withServer(configure: { $0.maxOFREPBodyBytes = 1_000 }) { _, running, client in
            let big = #"{"key":"k","name":""# + String(repeating: "a", count: 2_000) + #""}"#
            let report = try await HTTP.fetch(client, running.baseURL + "/msdk/evalx/context", method: "REPORT",
                                              body: Array(big.utf8))
            #expect(report.status == 413)
            let get = try await HTTP.fetch(client, running.baseURL + "/msdk/evalx/contexts/" + Self.encoded(big))
            #expect(get.status == 413)
        }
    }

    @Test func theETagAnswers304UntilTheFlagsChange() async throws {
        try await withServer { server, running, client in
            let url = running.baseURL + "/msdk/evalx/contexts/" + Self.encoded(#"{"key":"u-1"}"#)
            let first = try await HTTP.fetch(client, url)
            let etag = try #require(first.header("etag"))
            #expect(try await HTTP.fetch(client, url, headers: [("If-None-Match", etag)]).status == 304)
            _ = try server.update(definitions: Documents.bytes(Self.document.replacingOccurrences(
                of: #""targets":[{"values":["u-7"]"#, with: #""targets":[{"values":["u-1"]"#)))
            let changed = try await HTTP.fetch(client, url, headers: [("If-None-Match", etag)])
            #expect(changed.status == 200)
            #expect(try flags(changed)["vip"]?.objectValue?["value"] == true)
        }
    }

    @Test func mobileKeysGuardTheMobileRoutesApartFromTheSDKKey() async throws {
        try await withServer(configure: { $0.mobileKeys = ["mob-1"]; $0.sdkKey = "sdk-1" }) { _, running, client in
            let url = running.baseURL + "/msdk/evalx/contexts/" + Self.encoded(#"{"key":"u"}"#)
            #expect(try await HTTP.fetch(client, url).status == 401)
            #expect(try await HTTP.fetch(client, url, headers: [("Authorization", "sdk-1")]).status == 401)
            #expect(try await HTTP.fetch(client, url, headers: [("Authorization", "mob-2")]).status == 401)
            #expect(try await HTTP.fetch(client, url, headers: [("Authorization", "api_key mob-1")]).status == 200)
            #expect(try await HTTP.fetch(client, url, headers: [("Authorization", "mob-1")]).status == 200)
            let events = try await HTTP.fetch(client, running.baseURL + "/mobile/events/bulk", method: "POST",
                                              headers: [("Content-Type", "application/json")], body: Array("[]".utf8))
            #expect(events.status == 401)
        }
    }

    @Test func environmentIDsNameTheJavaScriptRoutesEnvironments() async throws {
        try await withServer(configure: { $0.environmentIDs = ["env-1"] }) { _, running, client in
            let context = Self.encoded(#"{"key":"u"}"#, padded: false)
            #expect(try await HTTP.fetch(client, running.baseURL + "/sdk/evalx/env-1/contexts/" + context).status == 200)
            #expect(try await HTTP.fetch(client, running.baseURL + "/sdk/evalx/env-2/contexts/" + context).status == 404)
            let post = try await HTTP.fetch(client, running.baseURL + "/events/bulk/env-2", method: "POST",
                                            headers: [("Content-Type", "application/json")], body: Array("[]".utf8))
            #expect(post.status == 404)
        }
    }

    @Test func secureModeRequiresTheContextsHashUnderTheSDKKey() async throws {
        let context = BurgeeCore.Context(launchDarklyJSON: try Documents.json(#"{"kind":"org","key":"o:1"}"#))
        let hash = LaunchDarklySecureMode.hash(of: context, sdkKey: "sdk-1")
        try await withServer(configure: { $0.sdkKey = "sdk-1"; $0.launchDarklySecureMode = true }) { _, running, client in
            let url = running.baseURL + "/sdk/evalx/env-1/contexts/" + Self.encoded(#"{"kind":"org","key":"o:1"}"#, padded: false)
            let without = try await HTTP.fetch(client, url)
            let wrong = try await HTTP.fetch(client, url + "?h=" + String(repeating: "0", count: 64))
            let right = try await HTTP.fetch(client, url + "?h=" + hash)
            #expect(without.status == 400)
            #expect(wrong.status == 400)
            #expect(right.status == 200)
            // Mobile SDKs are not asked for it, as the Relay Proxy does not ask them.
            let mobile = try await HTTP.fetch(client, running.baseURL + "/msdk/evalx/contexts/"
                + Self.encoded(#"{"kind":"org","key":"o:1"}"#))
            #expect(mobile.status == 200)
        }
    }

    @Test func thePreflightAnswersWithTheRelayProxysCORSHeaders() async throws {
        try await withServer { _, running, client in
            let answer = try await HTTP.fetch(client, running.baseURL + "/sdk/evalx/env-1/context", method: "OPTIONS",
                                              headers: [("Origin", "https://app.example")])
            #expect(answer.status == 200)
            #expect(answer.header("access-control-allow-origin") == "https://app.example")
            #expect(answer.header("access-control-allow-methods")?.contains("REPORT") == true)
            #expect(answer.header("access-control-allow-headers")?.contains("X-LaunchDarkly-User-Agent") == true)
            #expect(answer.header("access-control-max-age") == "300")
        }
    }

    @Test func theMobileStreamPutsTheContextsFlagsThenPutsThemAgainOnEachChange() async throws {
        try await withServer { server, running, client in
            let url = running.baseURL + "/meval/" + Self.encoded(#"{"key":"u-1"}"#)
            let response = try await client.execute(HTTP.request(url), timeout: .seconds(10))
            #expect(response.status.code == 200)
            let reader = EventStreamReader(response)
            let first = try #require(try await reader.nextEvent())
            #expect(first.event == "put")
            #expect(try Documents.json(first.data).objectValue?["vip"]?.objectValue?["value"] == false)
            _ = try server.update(definitions: Documents.bytes(Self.document.replacingOccurrences(
                of: #""targets":[{"values":["u-7"]"#, with: #""targets":[{"values":["u-1"]"#)))
            let second = try #require(try await reader.nextEvent())
            #expect(second.event == "put")
            let vip = try Documents.json(second.data).objectValue?["vip"]?.objectValue
            #expect(vip?["value"] == true)
            #expect(vip?["version"] == 2)
            #expect(server.openStreams == 1)
        }
    }

    @Test func theJavaScriptStreamTakesAReportBody() async throws {
        try await withServer { _, running, client in
            let request = HTTP.request(running.baseURL + "/eval/env-1", method: "REPORT",
                                       headers: [("Content-Type", "application/json")], body: Array(#"{"key":"u-7"}"#.utf8))
            let response = try await client.execute(request, timeout: .seconds(10))
            #expect(response.status.code == 200)
            let put = try #require(try await EventStreamReader(response).nextEvent())
            let flags = try Documents.json(put.data).objectValue
            #expect(flags?.keys.sorted() == ["both", "legacy", "vip"])
            #expect(flags?["vip"]?.objectValue?["value"] == true)
        }
    }

    @Test func mobileAndJavaScriptEventPostsAreCountedByTheirSDK() async throws {
        try await withServer { server, running, client in
            let batch = Array(#"[{"kind":"custom","key":"k"},{"kind":"summary"}]"#.utf8)
            for path in ["/mobile/events/bulk", "/mobile/events", "/mobile", "/events/bulk/env-1"] {
                let answer = try await HTTP.fetch(client, running.baseURL + path, method: "POST",
                                                  headers: [("Content-Type", "application/json")], body: batch)
                #expect(answer.status == 202)
            }
            for path in ["/mobile/events/diagnostic", "/events/diagnostic/env-1"] {
                let answer = try await HTTP.fetch(client, running.baseURL + path, method: "POST",
                                                  headers: [("Content-Type", "application/json")],
                                                  body: Array(#"{"kind":"diagnostic"}"#.utf8))
                #expect(answer.status == 202)
            }
            let bad = try await HTTP.fetch(client, running.baseURL + "/mobile/events/bulk", method: "POST",
                                           headers: [("Content-Type", "application/json")], body: Array("{".utf8))
            #expect(bad.status == 400)
            let stats = server.launchDarklyEventStats
            #expect(stats.bulkRequests == 4)
            #expect(stats.diagnosticRequests == 2)
            #expect(stats.kinds == ["custom": 4, "summary": 4, "diagnostic": 2])
            #expect(stats.sdks == ["mobile": 4, "javascript": 2])
            #expect(server.launchDarklyEventPosts.map(\.path) == ["/mobile/events/bulk", "/mobile/events", "/mobile",
                                                                   "/events/bulk/env-1", "/mobile/events/diagnostic",
                                                                   "/events/diagnostic/env-1"])
        }
    }
}
