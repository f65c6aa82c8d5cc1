@testable import BurgeeCore
import Testing

/// Flags rendered back from the program into words (the flag explorer's outlines), the shares and
/// bounds of weighted picks, and the rollout step of `explain`.
@Suite("outlines")
struct OutlineTests {
    static func snapshot(_ text: String, _ format: DefinitionsFormat = .native) throws -> Snapshot {
        try Snapshot(compiling: Definitions(json: JSONParser().parse(Array(text.utf8)), format: format))
    }

    @Test("conditions read as words: and, or, not around the tests' labels; segments and percentages named")
    func words() throws {
        #expect(try Self.snapshot(#"{"formatVersion":1,"flags":{},"segments":{}}"#).outline(ofFlag: "nope") == nil)
        let ld = try Self.snapshot(#"""
        {"flags":{"f":{"key":"f","on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":0},
          "rules":[{"id":"r","variation":1,"clauses":[
            {"attribute":"country","op":"in","values":["FR","DE"]},
            {"attribute":"plan","op":"in","values":["pro"],"negate":true},
            {"attribute":"","op":"segmentMatch","values":["beta"]}]}],
          "salt":"s","version":3}},
         "segments":{"beta":{"key":"beta","included":["u"],"rules":[{"clauses":[{"attribute":"email","op":"endsWith","values":["@x.com"]}],
           "weight":25000,"bucketBy":"key"}],"salt":"s","version":1}}}
        """#, .launchDarkly)
        let f = try #require(ld.outline(ofFlag: "f")?.objectValue)
        let rules = try #require(f["rules"]?.arrayValue)
        let when = try #require(rules.first?.objectValue?["when"]?.stringValue)
        #expect(when.contains(#"country in ["FR","DE"]"#), "\(when)")
        #expect(when.contains(" and "), "\(when)")
        #expect(when.contains("in segment 'beta'"), "\(when)")
        #expect(f["segments"] == ["beta"])
        #expect(f["version"] == 3)
        let beta = try #require(ld.outline(ofSegment: "beta")?.objectValue)
        let entries = try #require(beta["entries"]?.arrayValue?.compactMap { $0.objectValue })
        #expect(entries.last?["rollout"]?.objectValue?["inside"] == 0.25)
        #expect(beta["usedByFlags"] == ["f"])
        #expect(ld.outline(ofSegment: "nope") == nil)
    }

    @Test("a negated matcher reads as not (…) around what it negates; another flag's treatment is named")
    func nesting() throws {
        func split(_ name: String, _ matcher: String) -> String {
            #"{"trafficTypeName":"user","name":"\#(name)","trafficAllocation":100,"trafficAllocationSeed":1,"seed":1,"status":"ACTIVE","killed":false,"defaultTreatment":"off","changeNumber":1,"algo":2,"conditions":[{"conditionType":"ROLLOUT","matcherGroup":{"combiner":"AND","matchers":[\#(matcher)]},"partitions":[{"treatment":"on","size":100}],"label":"l"}]}"#
        }
        let plan = split("plan", #"{"keySelector":{"trafficType":"user"},"matcherType":"ALL_KEYS","negate":false}"#)
        let dependent = split("dependent", #"{"keySelector":{"trafficType":"user"},"matcherType":"IN_SPLIT_TREATMENT","negate":true,"dependencyMatcherData":{"split":"plan","treatments":["on"]}}"#)
        let unknown = split("unknown", #"{"keySelector":{"trafficType":"user"},"matcherType":"IN_SPLIT_TREATMENT","negate":false,"dependencyMatcherData":{"split":"plan","treatments":["premium"]}}"#)
        let s = try Self.snapshot(#"{"ff":{"d":[\#(plan),\#(dependent),\#(unknown)],"s":-1,"t":1},"rbs":{"d":[],"s":-1,"t":1}}"#, .split)
        let outline = try #require(s.outline(ofFlag: "dependent")?.objectValue)
        let when = try #require(outline["rules"]?.arrayValue?.first?.objectValue?["when"]?.stringValue)
        #expect(when.contains("not (flag 'plan' serves 'on')"), "\(when)")
        #expect(outline["flags"] == ["plan"])
        #expect(s.outline(ofFlag: "plan")?.objectValue?["usedBy"] == ["dependent", "unknown"])
        let never = s.outline(ofFlag: "unknown")?.objectValue?["rules"]?.arrayValue?.first?.objectValue?["when"]?.stringValue
        #expect(never?.contains("flag 'plan' serves a variation it does not have") == true, "\(never ?? "")")
    }

    @Test("shares and bounds of each family's pick")
    func shares() {
        let per100000 = WeightedPick(family: .murmur3Per100000(prefix: Murmur3(seed: 0)), weights: [20_000, 30_000, 50_000])
        #expect(per100000.shares == [0.2, 0.3, 0.5])
        #expect(per100000.bounds(of: 1)! == (20_000, 50_000))
        #expect(per100000.bounds(of: 3) == nil)
        let sha1 = WeightedPick(family: .sha1Fraction(prefix: SHA1()), weights: [50_000, 50_000])
        #expect(sha1.shares == [0.5, 0.5])
        #expect(sha1.bounds(of: 0)! == (0, 0.5))
        #expect(WeightedPick(slot: 1, of: 4).shares == [0.25, 0.75])
        #expect(WeightedPick(ranges: [(0, 2500), (5000, 7500)], scale: 10_000).shares == [0.5, 0.5])
        #expect(WeightedPick(slot: 1, of: 4).bounds(of: 0) == nil)
        #expect(ProgramOutliner.percent(12.345) == "12.35")
        #expect(ProgramOutliner.percent(50) == "50")
        #expect(ProgramOutliner.percent(2.5) == "2.5")
    }

    @Test("explain names the range a bucket fell in and the variation it picked")
    func pickedRange() throws {
        let s = try Self.snapshot(#"""
        {"formatVersion":1,"flags":{"f":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
          "fallthrough":{"rollout":{"variations":[{"variation":"on","weight":50000},{"variation":"off","weight":50000}]}}}}}
        """#)
        for key in ["u-1", "u-2", "u-3", "u-42"] {
            let explanation = s.explain("f", context: Context(key: key))
            let served = explanation.detail.variationKey ?? "?"
            let range = served == "on" ? "[0, 50000)" : "[50000, 100000)"
            #expect(explanation.description.contains("falls in \(range) → '\(served)'"), "\(explanation.description)")
        }
    }

    @Test("a flagd fractional serves a rollout of its constant weights, by what it buckets")
    func fractional() throws {
        let s = try Self.snapshot(#"""
        {"flags":{"f":{"state":"ENABLED","defaultVariant":"a","variants":{"a":"a","b":"b","c":"c"},
          "targeting":{"fractional":[["a",25],["b",25],["c",50]]}},
          "g":{"state":"ENABLED","defaultVariant":"a","variants":{"a":"a","b":"b"},
          "targeting":{"fractional":[{"var":"email"},["a"],["b",3]]}}}}
        """#, .flagd)
        let f = try #require(s.rolloutShares(ofFlag: "f")?.objectValue?["rollout"]?.objectValue)
        #expect(f["shares"] == [["variation": "a", "share": 0.25], ["variation": "b", "share": 0.25], ["variation": "c", "share": 0.5]])
        #expect(f["by"] == "targetingKey (with the flag key)")
        let g = try #require(s.rolloutShares(ofFlag: "g")?.objectValue?["rollout"]?.objectValue)
        #expect(g["by"] == #"{"var":"email"}"#)
        #expect(g["shares"] == [["variation": "a", "share": 0.25], ["variation": "b", "share": 0.75]])
        #expect(s.outline(ofFlag: "f")?.objectValue?["fallthrough"]?.objectValue?["expression"] != nil)
    }
}
