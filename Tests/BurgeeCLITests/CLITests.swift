import Foundation
import Testing

@Suite("the burgee command")
struct CLITests {
    static let definitions = #"""
    {"formatVersion":1,"flags":{
      "feature":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
        "offVariation":"off","targets":[{"values":["vip"],"variation":"on"}],
        "rules":[{"id":"fr","clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":"on"}],
        "fallthrough":{"variation":"off"}},
      "split":{"enabled":true,"type":"string","variations":[{"key":"a","value":"A"},{"key":"b","value":"B"}],
        "fallthrough":{"rollout":{"kind":"experiment","variations":[{"variation":"a","weight":50000},{"variation":"b","weight":50000}]}}},
      "dark":{"enabled":false,"type":"number","variations":[{"key":"one","value":1}],"fallthrough":{"variation":"one"}}}}
    """#

    @Test("eval --requests writes one result per request, in order, with the exact contract")
    func batchContract() async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", Self.definitions)
        let requests = try files.write("requests.jsonl", """
        {"flag":"feature","context":{"key":"u","country":"FR"},"type":"boolean","default":false}
        {"flag":"feature","context":{"key":"vip"}}

        {"flag":"dark","context":{"key":"u"},"default":7}
        {"flag":"nope","context":{"key":"u"},"default":"d"}
        {"flag":"feature","context":{"key":""},"default":true}
        {"flag":"feature","context":{"key":"u","country":"FR"},"type":"string","default":"x"}\r
        """)
        let result = try await CLIRunner.run(["eval", "--definitions", defs, "--requests", requests])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            #"{"flag":"feature","value":true,"variation":"on","variationIndex":1,"reason":{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"fr"}}"#,
            #"{"flag":"feature","value":true,"variation":"on","variationIndex":1,"reason":{"kind":"TARGET_MATCH"}}"#,
            #"{"flag":"dark","value":7,"variation":null,"variationIndex":null,"reason":{"kind":"OFF"}}"#,
            #"{"flag":"nope","value":"d","variation":null,"variationIndex":null,"reason":{"kind":"ERROR","errorKind":"FLAG_NOT_FOUND"}}"#,
            #"{"flag":"feature","value":true,"variation":null,"variationIndex":null,"reason":{"kind":"ERROR","errorKind":"INVALID_CONTEXT"}}"#,
            #"{"flag":"feature","value":"x","variation":null,"variationIndex":null,"reason":{"kind":"ERROR","errorKind":"WRONG_TYPE"}}"#,
        ])
    }

    @Test("inExperiment appears only when true")
    func experimentFlagInContract() async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", Self.definitions)
        let result = try await CLIRunner.run(["eval", "--definitions", defs, "--requests", "-"],
                                       stdin: #"{"flag":"split","context":{"key":"u-1"}}"# + "\n" + #"{"flag":"split","context":{"kind":"org","key":"o"}}"#)
        #expect(result.status == 0)
        #expect(result.lines.count == 2)
        #expect(result.lines[0].contains(#""reason":{"kind":"FALLTHROUGH","inExperiment":true}"#))
        #expect(result.lines[1].hasSuffix(#""reason":{"kind":"FALLTHROUGH"}}"#))
    }

    @Test("invalid request lines keep their place, say why, and make the command exit 1")
    func invalidRequestLines() async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", Self.definitions)
        let result = try await CLIRunner.run(["eval", "--definitions", defs, "--requests", "-"], stdin: """
        {"flag":"feature","context":{"key":"u"}}
        not json
        {"flag":1,"context":{}}
        {"flag":"feature"}
        {"flag":"feature","context":{"key":"u"},"type":"decimal"}
        {"flag":"feature","context":{"key":"vip"}}
        """)
        #expect(result.status == 1)
        #expect(result.lines.count == 6)
        for line in result.lines[1...4] {
            #expect(line.contains(#""errorKind":"EXCEPTION""#) && line.contains(#""error":"line "#), "\(line)")
        }
        #expect(result.lines[5].contains("TARGET_MATCH"))
        #expect(result.stderr.contains("4 request line(s) were invalid"))
    }

    @Test("single eval prints a JSON line with --json, and readable text without")
    func single() async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", Self.definitions)
        let json = try await CLIRunner.run(["eval", "--definitions", defs, "--flag", "feature", "--context", #"{"key":"u","country":"FR"}"#,
                                      "--type", "boolean", "--default", "false", "--json"])
        #expect(json.status == 0)
        #expect(json.lines == [#"{"flag":"feature","value":true,"variation":"on","variationIndex":1,"reason":{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"fr"}}"#])
        let text = try await CLIRunner.run(["eval", "--definitions", defs, "--flag", "feature", "--context", #"{"key":"u"}"#])
        #expect(text.stdout.contains("variation: off (index 0)"))
        #expect(text.stdout.contains("FALLTHROUGH"))
    }

    @Test("bad arguments and unreadable definitions fail with a message", arguments: [
        ["eval", "--definitions", "/nonexistent/defs.json", "--flag", "f", "--context", "{}"],
        ["eval", "--definitions", "DEFS", "--flag", "f", "--context", "{not json"],
        ["eval", "--definitions", "DEFS", "--flag", "f", "--context", "{}", "--type", "decimal"],
        ["eval", "--definitions", "DEFS", "--context", "{}"],
        ["eval", "--definitions", "BROKEN", "--flag", "f", "--context", "{}"],
        ["validate", "BROKEN"],
    ])
    func failures(_ arguments: [String]) async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", Self.definitions)
        let broken = try files.write("broken.json", #"{"formatVersion":1,"flags":{"#)
        let args = arguments.map { $0 == "DEFS" ? defs : $0 == "BROKEN" ? broken : $0 }
        let result = try await CLIRunner.run(args)
        #expect(result.status != 0)
        #expect(!result.stderr.isEmpty)
    }

    @Test("validate lists every problem with its path and exits 1; a clean file exits 0")
    func validate() async throws {
        let files = try TemporaryFiles()
        let clean = try files.write("clean.json", Self.definitions)
        let ok = try await CLIRunner.run(["validate", clean])
        #expect(ok.status == 0)
        #expect(ok.stdout.contains("3 flags (0 malformed), 0 segments: 0 errors, 0 warnings"))
        let bad = try files.write("bad.json", #"""
        {"formatVersion":1,"flags":{
          "a":{"enabled":true,"type":"boolean","variations":[{"key":"on","value":"yes"}],"fallthrough":{"variation":"off"}},
          "b":{"enabled":true,"type":"boolean","variations":[{"key":"on","value":true}],"fallthrough":{"variation":"on"},
               "rules":[{"variation":"on","clauses":[{"attribute":"e","op":"matches","values":["("]}]}]}}}
        """#)
        let result = try await CLIRunner.run(["validate", bad])
        #expect(result.status == 1)
        #expect(result.stdout.contains("error flag 'a' at /flags/a/variations/0/value"))
        #expect(result.stdout.contains("error flag 'a' at /flags/a/fallthrough/variation"))
        #expect(result.stdout.contains("warning flag 'b' at /flags/b/rules/0/clauses/0/values/0"))
        #expect(result.stdout.contains("2 flags (1 malformed), 0 segments: 2 errors, 1 warnings"))
    }

    @Test("explain shows the trace and the result")
    func explain() async throws {
        let files = try TemporaryFiles()
        let defs = try files.write("defs.json", Self.definitions)
        let result = try await CLIRunner.run(["explain", "--definitions", defs, "--flag", "feature", "--context", #"{"key":"u","country":"DE"}"#])
        #expect(result.status == 0)
        #expect(result.stdout.contains("target user (1 keys)"))
        #expect(result.stdout.contains(#"✗ user.country in ["FR"]: seen "DE""#))
        #expect(result.stdout.contains(#"result: false (variation 'off', index 0) reason {"kind":"FALLTHROUGH"}"#))
    }

    @Test("demo serves, streams, changes a flag and shows the update")
    func demo() async throws {
        let result = try await CLIRunner.run(["demo"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("0 problems, status valid"))
        #expect(result.stdout.contains("Serving the bundled definitions"))
        #expect(result.stdout.contains(#"changed flags ["new-checkout"]"#))
        #expect(result.stdout.contains(#"new-checkout for the QA account: false  {"kind":"OFF"}"#))
        #expect(result.stdout.contains("Why 'new-checkout'"))
        #expect(!result.stdout.contains("MALFORMED_FLAG"))
    }

    @Test("demo --format unleash serves Unleash features, polls them, changes a toggle and shows the metrics")
    func unleashDemo() async throws {
        let result = try await CLIRunner.run(["demo", "--format", "unleash"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("4 toggles, status valid"))
        #expect(result.stdout.contains(#"new-checkout         isEnabled true"#))
        #expect(result.stdout.contains(##""name":"blue","payload":{"type":"string","value":"#1e6bd6"}"##))
        #expect(result.stdout.contains(#"changed toggles ["new-checkout"]"#))
        #expect(result.stdout.contains("new-checkout for the QA account: false"))
        #expect(result.stdout.contains("checkout-button: yes 6, no 0"))
        #expect(result.stdout.contains("Registrations received (POST /api/client/register): 1"))
    }

    @Test("demo --format split serves Split's SDK API, syncs with push, answers Split's treatments, kills a flag, posts impressions and an event")
    func splitDemo() async throws {
        let result = try await CLIRunner.run(["demo", "--format", "split"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("2 flags, status valid"))
        #expect(result.stdout.contains(#"new-checkout    on  config {"button":"green"}  label whitelisted"#))
        #expect(result.stdout.contains("label in segment beta_users"))
        #expect(result.stdout.contains("label not in split"))
        #expect(result.stdout.contains(#"changed flags ["new-checkout"]"#))
        #expect(result.stdout.contains(#"new-checkout for a QA account: off  config {"button":"grey"}"#))
        #expect(!result.stdout.contains("control"))
        // Four samples before the kill and four after; the search flag four times and once by its set.
        #expect(result.stdout.contains("  new-checkout: 8\n  search-ranking: 5"))
        #expect(result.stdout.contains(#"Events the server received (POST /api/events/bulk): ["checkout: 1"]"#))
    }
}
