import Foundation
import Testing

/// `burgee eval|explain|validate --format launchdarkly` against the real binary.
@Suite("burgee with LaunchDarkly definitions")
struct LaunchDarklyCLITests {
    static let definitions = #"""
    {"flags":{
      "checkout":{"key":"checkout","version":5,"on":true,"variations":[false,true],"offVariation":0,"salt":"c1",
        "fallthrough":{"variation":0},
        "targets":[{"values":["vip"],"variation":1}],
        "contextTargets":[{"contextKind":"org","values":["acme"],"variation":1},{"contextKind":"user","values":[],"variation":1}],
        "rules":[{"id":"fr","clauses":[{"attribute":"region","op":"in","values":["FR"]}],"variation":1},
                 {"id":"big","clauses":[{"attribute":"","op":"segmentMatch","values":["whales"]}],"variation":1}]},
      "layout":{"key":"layout","version":2,"on":true,"variations":["list","grid"],"salt":"l1",
        "fallthrough":{"rollout":{"kind":"experiment","seed":61,
          "variations":[{"variation":0,"weight":50000},{"variation":1,"weight":50000,"untracked":true}]}}}
    },
    "segments":{"whales":{"key":"whales","version":1,"unbounded":true,"generation":3}}}
    """#

    @Test("eval --requests: LaunchDarkly contexts (old user objects too), variations by index, reasons in LaunchDarkly's shape")
    func batch() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", Self.definitions)
        let requests = [
            #"{"flag":"checkout","context":{"key":"vip"}}"#,
            #"{"flag":"checkout","context":{"kind":"multi","org":{"key":"acme"},"user":{"key":"vip"}}}"#,
            #"{"flag":"checkout","context":{"key":"u-1","region":"FR"}}"#,
            #"{"flag":"checkout","context":{"key":"u-1","custom":{"region":"FR"}},"type":"boolean","default":false}"#,
            #"{"flag":"checkout","context":{"kind":"user","key":"u-2"},"default":false}"#,
            #"{"flag":"checkout","context":{"kind":"org","key":"globex"},"default":false}"#,
            #"{"flag":"checkout","context":{"key":"u","email":7},"default":false}"#,
        ].joined(separator: "\n")
        let result = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--definitions", path, "--requests", "-"], stdin: requests)
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines == [
            #"{"flag":"checkout","value":true,"variation":"1","variationIndex":1,"reason":{"kind":"TARGET_MATCH"}}"#,
            #"{"flag":"checkout","value":true,"variation":"1","variationIndex":1,"reason":{"kind":"TARGET_MATCH"}}"#,
            // A pre-2022 user object has no top-level custom attributes: `region` is ignored here…
            #"{"flag":"checkout","value":false,"variation":"0","variationIndex":0,"reason":{"kind":"FALLTHROUGH","bigSegmentsStatus":"NOT_CONFIGURED"}}"#,
            // … and read from `custom` here.
            #"{"flag":"checkout","value":true,"variation":"1","variationIndex":1,"reason":{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"fr"}}"#,
            #"{"flag":"checkout","value":false,"variation":"0","variationIndex":0,"reason":{"kind":"FALLTHROUGH","bigSegmentsStatus":"NOT_CONFIGURED"}}"#,
            #"{"flag":"checkout","value":false,"variation":"0","variationIndex":0,"reason":{"kind":"FALLTHROUGH"}}"#,
            #"{"flag":"checkout","value":false,"variation":null,"variationIndex":null,"reason":{"kind":"ERROR","errorKind":"INVALID_CONTEXT"}}"#,
        ])
    }

    @Test("eval of an experiment: inExperiment, never for an untracked variation")
    func experiment() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", Self.definitions)
        var seen: Set<String> = []
        for key in (0..<40).map({ "user-\($0)" }) {
            let result = try await CLIRunner.run(["eval", "--definitions", path, "--flag", "layout", "--context", #"{"key":"\#(key)"}"#, "--json"])
            #expect(result.status == 0)
            let line = result.stdout
            if line.contains(#""variation":"0""#) {
                #expect(line.contains(#""reason":{"kind":"FALLTHROUGH","inExperiment":true}"#), "\(line)")
            } else {
                #expect(line.contains(#""variation":"1""#) && line.contains(#""reason":{"kind":"FALLTHROUGH"}"#), "\(line)")
            }
            seen.insert(line.contains(#""variation":"0""#) ? "0" : "1")
        }
        #expect(seen == ["0", "1"])
    }

    @Test("explain shows the LaunchDarkly evaluation step by step")
    func explain() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", Self.definitions)
        let result = try await CLIRunner.run(["explain", "--format", "launchdarkly", "--definitions", path, "--flag", "checkout",
                                        "--context", #"{"key":"u-3","custom":{"region":"DE"}}"#])
        #expect(result.status == 0, "\(result.stderr)")
        for text in ["flag 'checkout' (version 5, enabled)", "target org", "target user", "rule 0 'fr'",
                     #"user.region in ["FR"]: seen "DE""#, "segment 'whales'", "bigSegmentsStatus NOT_CONFIGURED",
                     #"result: false (variation '0', index 0) reason {"kind":"FALLTHROUGH","bigSegmentsStatus":"NOT_CONFIGURED"}"#] {
            #expect(result.stdout.contains(text), "\(text) in\n\(result.stdout)")
        }
    }

    @Test("validate reports LaunchDarkly's problems with their paths; exit 1 when there is any, 0 when none")
    func validate() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("ld.json", Self.definitions + "\n")
        let result = try await CLIRunner.run(["validate", "--format", "launchdarkly", path])
        #expect(result.status == 1)
        #expect(result.lines.first?.hasPrefix("warning segment 'whales' at /segments/whales/unbounded: an unbounded (big) segment") == true)
        #expect(result.lines.last == "2 flags (0 malformed), 1 segments: 0 errors, 1 warnings")

        let bad = try files.write("bad.json", #"""
        {"flags":{"a":{"on":1,"variations":[1]},"b":{"on":true,"variations":[1],"fallthrough":{"variation":4}}}}
        """#)
        let badResult = try await CLIRunner.run(["validate", bad])
        #expect(badResult.status == 1)
        #expect(badResult.lines == [
            "error flag 'a' at /flags/a/on: expected a boolean, found number",
            "warning flag 'b' at /flags/b/fallthrough/variation: variation 4 is out of range (the flag has 1): serving it is MALFORMED_FLAG",
            "2 flags (1 malformed), 0 segments: 1 errors, 1 warnings",
        ])

        let clean = try files.write("clean.json", #"{"flags":{"a":{"on":true,"variations":[1],"fallthrough":{"variation":0}}}}"#)
        let cleanResult = try await CLIRunner.run(["validate", clean])
        #expect(cleanResult.status == 0)
        #expect(cleanResult.lines == ["1 flags (0 malformed), 0 segments: 0 errors, 0 warnings"])
    }
}
