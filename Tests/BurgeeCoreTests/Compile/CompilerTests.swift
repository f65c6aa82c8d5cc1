@testable import BurgeeCore
import Testing

/// Compiler checks that spec-fixtures cannot express: problem paths, graph limits, and warnings.
@Suite("compiling definitions")
struct CompilerTests {
    static func snapshot(flags: String, segments: String = "{}") throws -> Snapshot {
        try Snapshot(jsonBytes: Array(#"{"formatVersion":1,"flags":\#(flags),"segments":\#(segments)}"#.utf8))
    }

    static func bool(_ extra: String = "") -> String {
        #"{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"off","fallthrough":{"variation":"on"}\#(extra)}"#
    }

    static let user = Context(key: "u-1")

    @Test("each malformed flag reports its path and the others still evaluate")
    func malformedKeepsOthers() throws {
        let s = try Self.snapshot(flags: """
        {"good":\(Self.bool()),
         "dangling":\(Self.bool(#","targets":[{"values":["u"],"variation":"maybe"}]"#)),
         "badop":\(Self.bool(#","rules":[{"variation":"on","clauses":[{"attribute":"a","op":"like","values":[1]}]}]"#)),
         "badweights":\(Self.bool(#","rules":[{"rollout":{"variations":[{"variation":"on","weight":60000},{"variation":"off","weight":50000}]}}]"#))}
        """)
        #expect(s.evaluate("good", context: Self.user).value == true)
        for key in ["dangling", "badop", "badweights"] {
            #expect(s.evaluate(key, context: Self.user).reason == .error(.malformedFlag), "\(key)")
        }
        let paths = Set(s.problems.map(\.path.description))
        #expect(paths.contains("/flags/dangling/targets/0/variation"))
        #expect(paths.contains("/flags/badop/rules/0/clauses/0/op"))
        #expect(paths.contains("/flags/badweights/rules/0/rollout/variations"))
    }

    @Test("an invalid regular expression is a warning, not an error")
    func invalidRegexWarns() throws {
        let s = try Self.snapshot(flags: """
        {"f":\(Self.bool(#","rules":[{"variation":"off","clauses":[{"attribute":"key","op":"matches","values":["(","^u-"]}]}]"#))}
        """)
        #expect(!s.isMalformed(flag: "f"))
        #expect(s.problems.count == 1)
        #expect(s.problems.first?.severity == .warning)
        #expect(s.problems.first?.path.description == "/flags/f/rules/0/clauses/0/values/0")
        #expect(s.evaluate("f", context: Self.user).variationKey == "off")
    }

    @Test("a catastrophic-backtracking pattern from definitions does not stall an evaluation", .timeLimit(.minutes(1)))
    func catastrophicPattern() throws {
        let s = try Self.snapshot(flags: """
        {"f":\(Self.bool(#","rules":[{"variation":"off","clauses":[{"attribute":"name","op":"matches","values":["^(a+)+$","(x+x+)+y"]}]}]"#))}
        """)
        let name = String(repeating: "a", count: 5_000) + "!"
        let detail = s.evaluate("f", context: Context(key: "u", name: name))
        #expect(detail.reason.kind == .fallthrough)
    }

    @Test("a chain of prerequisites deeper than the limit makes its head malformed; a long chain compiles")
    func deepPrerequisites() throws {
        func chain(_ n: Int) -> String {
            (0..<n).map { i in
                let pre = i + 1 < n ? #","prerequisites":[{"flag":"f\#(i + 1)","variation":"on"}]"# : ""
                return #""f\#(i)":\#(Self.bool(pre))"#
            }.joined(separator: ",")
        }
        let limit = DefinitionsCompiler.maxPrerequisiteDepth
        let ok = try Self.snapshot(flags: "{\(chain(limit + 1))}")
        #expect(ok.evaluate("f0", context: Self.user).value == true)
        let long = try Self.snapshot(flags: "{\(chain(5_000))}")
        #expect(long.evaluate("f0", context: Self.user).reason == .error(.malformedFlag))
        #expect(long.evaluate("f4990", context: Self.user).value == true)
    }

    @Test("segment cycles make those segments malformed, and flags using them too")
    func segmentCycles() throws {
        let segments = """
        {"a":{"rules":[{"clauses":[{"op":"segmentMatch","values":["b"]}]}]},
         "b":{"rules":[{"clauses":[{"op":"segmentMatch","values":["a"]}]}]},
         "c":{"rules":[{"clauses":[{"op":"segmentMatch","values":["a"]}]}]},
         "d":{"included":["u-1"]}}
        """
        let s = try Self.snapshot(flags: """
        {"uses-c":\(Self.bool(#","rules":[{"variation":"off","clauses":[{"op":"segmentMatch","values":["c"]}]}]"#)),
         "uses-d":\(Self.bool(#","rules":[{"variation":"off","clauses":[{"op":"segmentMatch","values":["d"]}]}]"#))}
        """, segments: segments)
        #expect(s.evaluate("uses-c", context: Self.user).reason == .error(.malformedFlag))
        #expect(s.evaluate("uses-d", context: Self.user).variationKey == "off")
        let segmentProblems = s.problems.filter { if case .segment = $0.subject { return true } else { return false } }
        #expect(Set(segmentProblems.map(\.subject)) == [.segment("a"), .segment("b"), .segment("c")])
    }

    @Test("unusable clause values are warned about with their index")
    func unusableValues() throws {
        let s = try Self.snapshot(flags: """
        {"f":\(Self.bool(#","rules":[{"variation":"off","clauses":[{"attribute":"v","op":"semVerEqual","values":["1.0.0","v1",3]},{"attribute":"ip","op":"inCIDR","values":["10.0.0.0/33"]}]}]"#))}
        """)
        #expect(!s.isMalformed(flag: "f"))
        #expect(Set(s.problems.map(\.path.description)) == [
            "/flags/f/rules/0/clauses/0/values/1", "/flags/f/rules/0/clauses/0/values/2", "/flags/f/rules/0/clauses/1/values/0",
        ])
    }

    @Test("a 10,000-flag document compiles")
    func large() throws {
        let flags = (0..<10_000).map { #""flag-\#($0)":\#(Self.bool())"# }.joined(separator: ",")
        let s = try Self.snapshot(flags: "{\(flags)}")
        #expect(s.flagKeys.count == 10_000)
        #expect(s.problems.isEmpty)
    }
}

@Suite("null weights")
struct NullWeightTests {
    @Test("a null weight is missing, in flag rollouts and in segment rule rollouts")
    func nullWeights() throws {
        let s = try CompilerTests.snapshot(flags: """
        {"f":\(CompilerTests.bool(#","fallthrough":{"rollout":{"variations":[{"variation":"on","weight":100000},{"variation":"off","weight":null}]}}"#)),
         "g":\(CompilerTests.bool(#","rules":[{"variation":"off","clauses":[{"op":"segmentMatch","values":["s"]}]}]"#))}
        """, segments: #"{"s":{"rules":[{"clauses":[],"rollout":{"weight":null}}]}}"#)
        #expect(s.isMalformed(flag: "f"))
        #expect(s.isMalformed(flag: "g"))
        #expect(s.problems.contains { $0.path.description == "/flags/f/fallthrough/rollout/variations/1/weight" })
        #expect(s.problems.contains { $0.path.description == "/segments/s/rules/0/rollout/weight" })
    }
}

@Suite("the empty flag key")
struct EmptyFlagKeyTests {
    @Test("a flag defined under \"\" is reported and never found")
    func emptyKey() throws {
        let s = try CompilerTests.snapshot(flags: #"{"":\#(CompilerTests.bool())}"#)
        #expect(s.evaluate("", context: CompilerTests.user).reason == .error(.flagNotFound))
        #expect(s.problems.contains { $0.severity == .error && $0.subject == .flag("") })
    }
}
