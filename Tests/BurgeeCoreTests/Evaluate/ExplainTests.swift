@testable import BurgeeCore
import Testing

@Suite("explain")
struct ExplainTests {
    @Test("the trace shows prerequisites, targets, rules, clauses with values seen, segments and buckets")
    func fullTrace() throws {
        let s = try Snapshot(jsonBytes: Array(#"""
        {"formatVersion":1,"flags":{
          "base":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"fallthrough":{"variation":"on"}},
          "f":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
               "prerequisites":[{"flag":"base","variation":"on"}],
               "targets":[{"values":["someone-else"],"variation":"on"}],
               "rules":[{"id":"fr","clauses":[{"attribute":"country","op":"in","values":["FR"]},{"op":"segmentMatch","values":["beta"]}],
                         "rollout":{"variations":[{"variation":"on","weight":50000},{"variation":"off","weight":50000}]}}],
               "fallthrough":{"variation":"off"}}},
         "segments":{"beta":{"rules":[{"clauses":[{"attribute":"email","op":"endsWith","values":["@example.com"]}]}]}}}
        """#.utf8))
        let context = Context(json: ["key": "u-1", "country": "FR", "email": "a@example.com"])
        let explanation = s.explain("f", context: context)
        let plain = s.evaluate("f", context: context)
        #expect(explanation.detail.value == plain.value)
        #expect(explanation.detail.reason == plain.reason)
        let text = explanation.description
        for fragment in ["prerequisite 'base'", "target user", "rule 0 'fr'", #"user.country in ["FR"]: seen "FR""#,
                         "segment 'beta' contains the context", "bucket ", "RULE_MATCH"] {
            #expect(text.contains(fragment), "missing \(fragment) in\n\(text)")
        }
    }

    @Test("an unknown flag or invalid context explains itself")
    func errors() throws {
        let s = try Snapshot(jsonBytes: Array(#"{"formatVersion":1}"#.utf8))
        #expect(s.explain("nope", context: Context(key: "u")).description.contains("no flag 'nope'"))
        #expect(s.explain("nope", context: Context(key: "")).detail.reason == .error(.flagNotFound))
    }
}
