import Foundation
import Testing

/// `burgee eval --events URL`: the requests through each vendor's calls, what those calls record
/// sent to `burgee serve` in the vendor's protocol before the command ends, and a delivery that
/// fails ending it with status 1.
@Suite("burgee eval --events")
struct EvalEventsCLITests {
    private static func definitions(_ format: String) async throws -> String {
        try await CLIRunner.run(["demo", "--format", format, "--show-definitions"]).stdout
    }

    /// The server's root: the URL it announces is the one its format's clients take (`…/api`).
    private static func root(_ announced: String) -> String {
        announced.hasSuffix("/api") ? String(announced.dropLast(4)) : announced
    }

    private static func json(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func splitImpressionsAndEventsReachTheServer() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("split.json", try await Self.definitions("split"))
        let requests = try files.write("requests.jsonl", """
            {"flag":"new-checkout","context":{"key":"u-1","attributes":{"plan":"pro"}}}
            {"flag":"new-checkout","context":{"key":"u-2"}}
            {"flag":"new-checkout","context":{"key":"u-1","attributes":{"plan":"pro"}}}
            {"track":{"key":"u-1","trafficType":"user","eventType":"checkout","value":12.5,"properties":{"plan":"pro"}}}
            {"flag":"missing","context":{"key":"u-1"}}

            """)
        let serve = try ServeProcess(["--format", "split", "--definitions", path, "--port", "0"])
        let serving = try #require(await serve.waitUntilServing())
        let result = try await CLIRunner.run(["eval", "--format", "split", "--definitions", path, "--requests", requests,
                                              "--events", Self.root(serving.baseURL), "--split-impressions-mode", "debug"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 5)
        #expect(result.lines[3] == #"{"track":true}"#)
        #expect(result.lines[4] == #"{"flag":"missing","treatment":"control","config":null}"#)
        let stats = try #require(try Self.json(try await ServeCommandTests.get(Self.root(serving.baseURL) + "/events/stats").body) as? [String: Any])
        // DEBUG: every treatment served is an impression (control of a missing flag is none).
        #expect((stats["impressions"] as? [String: Any])?["total"] as? Int == 3)
        #expect((stats["events"] as? [String: Any])?["total"] as? Int == 1)
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test func unleashMetricsCountEachCall() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("unleash.json", try await Self.definitions("unleash"))
        let requests = try files.write("requests.jsonl", """
            {"flag":"new-checkout","context":{"userId":"u-1"},"type":"boolean"}
            {"flag":"new-checkout","context":{"userId":"u-2"},"type":"boolean"}
            {"flag":"checkout-button","context":{"userId":"u-1"},"type":"string"}
            {"flag":"nope","context":{"userId":"u-1"},"type":"boolean"}

            """)
        let serve = try ServeProcess(["--format", "unleash", "--definitions", path, "--port", "0"])
        let serving = try #require(await serve.waitUntilServing())
        let result = try await CLIRunner.run(["eval", "--format", "unleash", "--definitions", path, "--requests", requests,
                                              "--events", Self.root(serving.baseURL)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 4)
        #expect(result.lines[2].hasPrefix(#"{"flag":"checkout-button","variant":{"#))
        let listed = try #require(try Self.json(try await ServeCommandTests.get(Self.root(serving.baseURL) + "/events").body) as? [String: Any])
        let metrics = try #require((listed["metrics"] as? [[String: Any]])?.first)
        let toggles = try #require((metrics["bucket"] as? [String: Any])?["toggles"] as? [String: [String: Any]])
        let counted = toggles.mapValues { ($0["yes"] as? Int ?? 0) + ($0["no"] as? Int ?? 0) }
        #expect(counted == ["new-checkout": 2, "checkout-button": 1, "nope": 1])
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test func datadogExposuresAreDeduplicatedAndPosted() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("datadog.json", try await Self.definitions("datadog"))
        let requests = try files.write("requests.jsonl", """
            {"flag":"new-checkout","context":{"targetingKey":"u-1","attributes":{"country":"FR"}},"type":"boolean","default":false}
            {"flag":"new-checkout","context":{"targetingKey":"u-1","attributes":{"country":"FR"}},"type":"boolean","default":false}
            {"flag":"theme","context":{"targetingKey":"u-2"},"type":"object","default":{}}

            """)
        let serve = try ServeProcess(["--format", "datadog", "--definitions", path, "--port", "0"])
        let serving = try #require(await serve.waitUntilServing())
        let result = try await CLIRunner.run(["eval", "--format", "datadog", "--definitions", path, "--requests", requests,
                                              "--events", Self.root(serving.baseURL)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.first == #"{"flag":"new-checkout","value":true}"#)
        let stats = try #require(try Self.json(try await ServeCommandTests.get(Self.root(serving.baseURL) + "/events/stats").body) as? [String: Any])
        // The second evaluation of the same flag, subject and variant logs nothing.
        #expect(stats["exposures"] as? Int == 2)
        #expect(stats["flags"] as? [String: Int] == ["new-checkout": 1, "theme": 1])
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test func eppoAssignmentEventsGoToStandardError() async throws {
        let files = try TemporaryFiles()
        let fixture = try #require(try Self.json(String(contentsOf: SpecFixtureFolder("eppo").url.appendingPathComponent("conditions.json"), encoding: .utf8))
            as? [String: Any])
        let definitions = try JSONSerialization.data(withJSONObject: try #require(fixture["definitions"]))
        let path = try files.write("eppo.json", String(decoding: definitions, as: UTF8.self))
        let requests = try files.write("requests.jsonl", """
            {"flag":"is-null","context":{"subjectKey":"alice","attributes":{}},"type":"boolean","default":false}

            """)
        let result = try await CLIRunner.run(["eval", "--format", "eppo", "--definitions", path, "--requests", requests,
                                              "--events", "http://127.0.0.1:9"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [#"{"flag":"is-null","value":true}"#])
        let event = try #require(try Self.json(result.stderr) as? [String: Any])
        #expect(event["featureFlag"] as? String == "is-null" && event["subject"] as? String == "alice")
        #expect(event["allocation"] as? String == "rule" && event["variation"] as? String == "on")
    }

    @Test func launchDarklysEventsReachBulkAndDiagnostic() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", #"""
            {"flags":{"plain":{"key":"plain","version":1,"on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1},"salt":"p"},
             "tracked":{"key":"tracked","version":4,"on":true,"variations":["a","b"],"offVariation":0,"fallthrough":{"variation":1},"salt":"t","trackEvents":true}},"segments":{}}
            """#)
        let requests = try files.write("requests.jsonl", """
            {"flag":"plain","context":{"kind":"user","key":"ann","email":"a@x"},"type":"boolean","default":false}
            {"flag":"tracked","context":{"kind":"user","key":"ann"},"type":"string","default":"z"}
            {"track":{"key":"bought","context":{"kind":"user","key":"bob"},"data":{"sku":"1"},"metricValue":3}}
            {"track":{"key":"bought","context":{"kind":"user","key":"bob"},"data":"not an object"}}

            """)
        let serve = try ServeProcess(["--format", "launchdarkly", "--definitions", path, "--port", "0"])
        let serving = try #require(await serve.waitUntilServing())
        let result = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--definitions", path, "--requests", requests,
                                              "--events", Self.root(serving.baseURL)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [#"{"flag":"plain","value":true}"#, #"{"flag":"tracked","value":"b"}"#,
                                 #"{"track":true}"#, #"{"track":true}"#])
        let posts = try #require(try Self.json(try await ServeCommandTests.get(Self.root(serving.baseURL) + "/events").body) as? [[String: Any]])
        #expect(posts.map { $0["path"] as? String } == ["/diagnostic", "/bulk"])
        let kinds = (posts.last?["body"] as? [[String: Any]])?.map { $0["kind"] as? String }
        #expect(kinds == ["index", "feature", "index", "custom", "custom", "summary"])
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test func kameleoonTrackingReachesVisitEvents() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("kameleoon.json", try await Self.definitions("kameleoon"))
        // The demo's configuration requires consent: v-1 gives it (its data and assignment are
        // tracked), v-2 does not (only its conversion is); a visitor code seen before is the same visitor.
        let requests = try files.write("requests.jsonl", """
            {"flag":"ff_pricing_test","context":{"visitorCode":"v-1","consent":true,"data":[{"type":"customData","index":1,"values":["pro"]}]}}
            {"flag":"ff_pricing_test","context":{"visitorCode":"v-2"}}
            {"flag":"missing","context":{"visitorCode":"v-1"}}
            {"track":{"visitorCode":"v-2","goalId":7,"revenue":12.5}}
            {"track":{"visitorCode":"v-2"}}

            """)
        let serve = try ServeProcess(["--format", "kameleoon", "--definitions", path, "--port", "0"])
        let serving = try #require(await serve.waitUntilServing())
        let result = try await CLIRunner.run(["eval", "--format", "kameleoon", "--definitions", path, "--requests", requests,
                                              "--events", Self.root(serving.baseURL)])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == 5)
        #expect(result.lines[2] == #"{"flag":"missing","kameleoon":{"error":"FeatureNotFound: missing"}}"#)
        #expect(result.lines[3] == #"{"track":true}"#)
        #expect(result.lines[4] == #"{"track":false}"#)
        let stats = try #require(try Self.json(try await ServeCommandTests.get(Self.root(serving.baseURL) + "/events/stats").body) as? [String: Any])
        let events = try #require(stats["events"] as? [String: Int])
        #expect(events == ["customData": 1, "experiment": 1, "conversion": 1])
        #expect(await serve.stop(with: SIGTERM) == 0)
    }

    @Test func aFailedDeliveryEndsWithStatusOne() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("split.json", try await Self.definitions("split"))
        let requests = try files.write("requests.jsonl", #"{"flag":"new-checkout","context":{"key":"u-1"}}"# + "\n")
        // A port nothing listens on: every post is refused.
        let result = try await CLIRunner.run(["eval", "--format", "split", "--definitions", path, "--requests", requests,
                                              "--events", "http://127.0.0.1:9"])
        #expect(result.status == 1)
        #expect(result.lines == [#"{"flag":"new-checkout","treatment":"off","config":"{\"button\":\"grey\"}"}"#])
        #expect(result.stderr.contains("not delivered"))
    }

    @Test(arguments: [
        (["--format", "flagd"], "--events needs --format"),
        (["--format", "split", "--flag", "f"], "--events needs --requests"),
    ])
    func misuseIsRefused(arguments: [String], message: String) async throws {
        let result = try await CLIRunner.run(["eval", "--definitions", "x.json", "--events", "http://127.0.0.1:9"] + arguments
            + (arguments.contains("--flag") ? [] : ["--requests", "r.jsonl"]))
        #expect(result.status != 0)
        #expect(result.stderr.contains(message))
    }
}
