import Testing
@testable import BurgeeCore

/// Big segments' members looked up in a ``SegmentMembershipSource``, as LaunchDarkly's Go
/// evaluator looks them up in its big segment store.
@Suite("LaunchDarkly big segments with a membership source")
struct LaunchDarklyBigSegmentTests {
    /// A source that answers from a table, counting its queries.
    final class TableSource: SegmentMembershipSource {
        let answers: [String: SegmentMemberships]
        let queries = Locked<[String]>([])

        init(_ answers: [String: SegmentMemberships]) {
            self.answers = answers
        }

        func memberships(ofKey key: String) -> SegmentMemberships {
            queries.withLock { $0.append(key) }
            return answers[key] ?? SegmentMemberships(references: [:], status: .healthy)
        }

    }

    static let document = #"""
    {"flags":{"f":{"on":true,"variations":["off","in-big","in-org"],"fallthrough":{"variation":0},
      "rules":[{"id":"r0","clauses":[{"attribute":"","op":"segmentMatch","values":["big"]}],"variation":1},
               {"id":"r1","clauses":[{"attribute":"","op":"segmentMatch","values":["org-big"]}],"variation":2}]},
      "old":{"on":true,"variations":[false,true],"fallthrough":{"variation":0},
      "rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["no-generation"]}],"variation":1}]}},
     "segments":{
      "big":{"key":"big","unbounded":true,"generation":3,"included":["listed-but-ignored"],
             "rules":[{"clauses":[{"attribute":"plan","op":"in","values":["pro"]}]}]},
      "org-big":{"key":"org-big","unbounded":true,"generation":1,"unboundedContextKind":"org"},
      "no-generation":{"key":"no-generation","unbounded":true}}}
    """#

    static func evaluate(_ flag: String, _ context: JSONValue, _ source: TableSource?) throws -> EvaluationDetail {
        let definitions = try Definitions(jsonBytes: Array(document.utf8), format: .launchDarkly)
        var options = CompileOptions()
        options.segmentMemberships = source
        let snapshot = Snapshot(compiling: definitions, flagSets: nil, options: options)
        return snapshot.evaluate(flag, context: Context(launchDarklyJSON: context), default: "default")
    }

    @Test("a key the store includes is in the segment; one it excludes is not, whatever the rules say")
    func includedAndExcluded() throws {
        let source = TableSource([
            "in": SegmentMemberships(references: ["big": [3: true]], status: .healthy),
            "out": SegmentMemberships(references: ["big": [3: false]], status: .healthy),
        ])
        let included = try Self.evaluate("f", ["key": "in"], source)
        #expect(included.value == "in-big")
        #expect(included.reason.jsonText == #"{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"r0","bigSegmentsStatus":"HEALTHY"}"#)
        let excluded = try Self.evaluate("f", ["kind": "user", "key": "out", "plan": "pro"], source)
        #expect(excluded.value == "off" && excluded.reason.bigSegmentsStatus == .healthy)
        #expect(source.queries.withLock { $0 } == ["in", "out"])
    }

    @Test("a reference of another generation does not count: the rules decide, the lists never")
    func otherGenerationAndRules() throws {
        let source = TableSource(["u": SegmentMemberships(references: ["big": [2: true]], status: .stale)])
        let byRule = try Self.evaluate("f", ["kind": "user", "key": "u", "plan": "pro"], source)
        #expect(byRule.value == "in-big" && byRule.reason.bigSegmentsStatus == .stale)
        let listed = try Self.evaluate("f", ["key": "listed-but-ignored"], source)
        #expect(listed.value == "off" && listed.reason.bigSegmentsStatus == .healthy)
    }

    @Test("a store that cannot be read: only the rules can let the context in, and the reason says STORE_ERROR")
    func storeError() throws {
        let source = TableSource(["u": SegmentMemberships(references: nil, status: .storeError)])
        let detail = try Self.evaluate("f", ["kind": "user", "key": "u", "plan": "pro"], source)
        #expect(detail.value == "in-big" && detail.reason.bigSegmentsStatus == .storeError)
    }

    @Test("two keys queried in one evaluation: the reason reports the more troubling status")
    func worstStatus() throws {
        let source = TableSource([
            "u": SegmentMemberships(references: [:], status: .stale),
            "o": SegmentMemberships(references: ["org-big": [1: true]], status: .healthy),
        ])
        let detail = try Self.evaluate("f", ["kind": "multi", "user": ["key": "u"], "org": ["key": "o"]], source)
        #expect(detail.value == "in-org" && detail.reason.bigSegmentsStatus == .stale)
        #expect(source.queries.withLock { $0 } == ["u", "o"])
    }

    @Test("no context of the segment's kind: the store is not asked and the reason has no status")
    func otherKind() throws {
        let source = TableSource([:])
        let detail = try Self.evaluate("f", ["kind": "org", "key": "o"], source)
        #expect(detail.value == "off" && detail.reason.bigSegmentsStatus == .healthy)
        #expect(source.queries.withLock { $0 } == ["o"])
        let device = try Self.evaluate("f", ["kind": "device", "key": "d"], source)
        #expect(device.reason.bigSegmentsStatus == nil)
        #expect(source.queries.withLock { $0 } == ["o"])
    }

    @Test("a segment without a generation contains no one and is NOT_CONFIGURED, store or not")
    func noGeneration() throws {
        let source = TableSource([:])
        let detail = try Self.evaluate("old", ["key": "u"], source)
        #expect(detail.value == false && detail.reason.bigSegmentsStatus == .notConfigured)
        #expect(source.queries.withLock { $0 }.isEmpty)
        let without = try Self.evaluate("f", ["kind": "user", "key": "u", "plan": "pro"], nil)
        #expect(without.value == "in-big" && without.reason.bigSegmentsStatus == .notConfigured)
    }

    @Test("statuses compare as LaunchDarkly's Go evaluator compares them")
    func severity() {
        typealias S = EvaluationReason.BigSegmentsStatus
        #expect(S.healthy.worse(nil) == .healthy)
        #expect(S.healthy.worse(.stale) == .stale && S.stale.worse(.healthy) == .stale)
        #expect(S.stale.worse(.storeError) == .storeError && S.storeError.worse(.notConfigured) == .notConfigured)
        #expect(S.notConfigured.worse(.storeError) == .notConfigured)
    }
}
