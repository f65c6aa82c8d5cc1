@testable import BurgeeCore
import Testing

@Suite("linking")
struct LinkerTests {
    static func chain(_ count: Int, reversed: Bool) -> String {
        // Segment s<i> matches segment s<i+1>; the last names a segment that does not exist.
        let names = (0..<count).map { reversed ? "s\(count - $0)" : "s\($0)" }
        var segments: [String] = []
        for i in 0..<count {
            let next = i + 1 < count ? names[i + 1] : "missing"
            segments.append(#""\#(names[i])":{"rules":[{"clauses":[{"op":"segmentMatch","values":["\#(next)"]}]}]}"#)
        }
        return "{" + segments.joined(separator: ",") + "}"
    }

    @Test("malformedness spreads along a long segment chain, in key order and against it", arguments: [false, true])
    func longChains(reversed: Bool) throws {
        let count = 20_000
        let flag = #"{"f":{"enabled":true,"type":"boolean","variations":[{"key":"on","value":true}],"#
            + #""rules":[{"variation":"on","clauses":[{"op":"segmentMatch","values":["\#(reversed ? "s\(count)" : "s0")"]}]}],"#
            + #""fallthrough":{"variation":"on"}}}"#
        let s = try Snapshot(jsonBytes: Array(#"{"formatVersion":1,"flags":\#(flag),"segments":\#(Self.chain(count, reversed: reversed))}"#.utf8))
        let segmentErrors = s.problems.filter { if case .segment = $0.subject { $0.severity == .error } else { false } }
        #expect(segmentErrors.count == count)
        #expect(s.isMalformed(flag: "f"))
    }

    @Test("nodes reaching a marked node, over reversed edges")
    func reaching() {
        // 0 → 1 → 2, 3 → 2, 4 isolated; 2 marked.
        let edges = [[1], [2], [], [2], []]
        let marked = [false, false, true, false, false]
        #expect(Set(GraphAnalysis.reaching(edges, from: marked)) == [0, 1, 2, 3])
    }

    @Test("one draft, many formats: a condition tree with any and not evaluates through the program")
    func conditionsFromADraft() throws {
        let on = VariationDraft(key: "on", value: true)
        let off = VariationDraft(key: "off", value: false)
        func test(_ attribute: String, _ values: [JSONValue], negate: Bool = false, absent: AttributeTest.Absent = .isFalse) -> Condition {
            .test(AttributeTest(contextKind: "user", attribute: AttributeReference(attribute)!,
                                op: EqualityOperator.parse(values, lowercase: false), negate: negate, absent: absent,
                                lowercaseInput: false, label: TestLabel(text: attribute)))
        }
        // (country in [FR] or plan in [pro]) and not (beta in [true]), and an Unleash-style negated
        // test that holds when the attribute is absent.
        let condition = Condition.all([.any([test("country", ["FR"]), test("plan", ["pro"])]), .not(test("beta", [true]))])
        let inverted = test("region", ["eu"], negate: true, absent: .failsOperator)
        let info = FlagInfo(version: 1, trackEvents: false, sets: [], metadata: [:], variables: [[:], [:]])
        let flags = [
            FlagDraft(key: "f", path: .root, enabled: true, variations: [off, on], offVariation: 0,
                      rules: [RuleDraft(kind: .rule(index: 0, id: "r"), condition: condition, serve: .variation(1))],
                      fallthrough: .variation(0), info: info),
            FlagDraft(key: "g", path: .root, enabled: true, variations: [off, on], offVariation: 0,
                      rules: [RuleDraft(kind: .rule(index: 0, id: nil), condition: inverted, serve: .variation(1))],
                      fallthrough: .variation(0), info: info),
        ]
        let snapshot = Snapshot(version: 1, source: .native(DefinitionsDocument()), program: ProgramLinker.link(ProgramDraft(flags: flags)))
        func value(_ flag: String, _ attributes: [String: JSONValue]) -> JSONValue {
            snapshot.evaluate(flag, context: Context(key: "u", attributes: attributes)).value
        }
        #expect(value("f", ["country": "FR"]) == true)
        #expect(value("f", ["plan": "pro"]) == true)
        #expect(value("f", ["plan": "pro", "beta": true]) == false)
        #expect(value("f", ["country": "DE"]) == false)
        #expect(value("g", [:]) == true, "absent fails the operator, and inverting that holds")
        #expect(value("g", ["region": "eu"]) == false)
        #expect(value("g", ["region": "us"]) == true)
    }
}
