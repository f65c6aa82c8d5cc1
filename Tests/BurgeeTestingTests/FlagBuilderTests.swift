import Burgee
import BurgeeCore
import BurgeeTesting
import Testing

@Suite("TestData documents")
struct FlagBuilderTests {
    /// The current document of `testData`, read back as the client reads it.
    func document(_ testData: TestData) throws -> DefinitionsDocument {
        try DefinitionsDocument(jsonText: testData.definitionsJSON())
    }

    /// The current document of `testData`, compiled.
    func snapshot(_ testData: TestData) throws -> Snapshot {
        try Snapshot(jsonBytes: Array(testData.definitionsJSON().utf8))
    }

    @Test func aNewFlagIsABooleanFlagServingTrue() async throws {
        let testData = TestData()
        #expect(testData.version == 0)
        #expect(try document(testData) == DefinitionsDocument(version: 0))

        await testData.update(testData.flag("new-checkout"))
        let flag = try #require(try document(testData).flags["new-checkout"])
        #expect(flag.problems.isEmpty)
        #expect(flag == FlagDefinition(
            key: "new-checkout", version: 1, enabled: true, type: .boolean,
            variations: [VariationDefinition(key: "false", value: false), VariationDefinition(key: "true", value: true)],
            offVariation: "false", fallthrough: .variation("true")))
        #expect(try document(testData).version == 1)
        #expect(try snapshot(testData).problems.isEmpty)
    }

    @Test func theBuilderWritesTheNativeFormatWithVariationKeys() async throws {
        let testData = TestData()
        await testData.update(testData.flag("layout").variations("a", "b", "c").offVariation(0).fallthroughVariation(1)
            .variation(2, forKeys: "u-1", "u-2").variation(0, forKeys: "acme", contextKind: "org")
            .ifMatch("country", "FR", "DE").thenReturn(2)
            .ifNotMatch("plan", "free", contextKind: "account").andMatch("beta", true).thenReturn(0)
            .flagSets("frontend")
            .on(false))
        let flag = try #require(try document(testData).flags["layout"])
        #expect(flag.problems.isEmpty)
        #expect(flag == FlagDefinition(
            key: "layout", version: 1, enabled: false, type: .string,
            variations: [VariationDefinition(key: "a", value: "a"), VariationDefinition(key: "b", value: "b"),
                         VariationDefinition(key: "c", value: "c")],
            offVariation: "a",
            targets: [TargetDefinition(values: ["u-1", "u-2"], variation: "c"),
                      TargetDefinition(contextKind: "org", values: ["acme"], variation: "a")],
            rules: [
                RuleDefinition(id: "rule0", clauses: [ClauseDefinition(attribute: "country", op: "in", values: ["FR", "DE"])],
                               serve: .variation("c")),
                RuleDefinition(id: "rule1", clauses: [
                    ClauseDefinition(contextKind: "account", attribute: "plan", op: "in", values: ["free"], negate: true),
                    ClauseDefinition(attribute: "beta", op: "in", values: [true]),
                ], serve: .variation("a")),
            ],
            fallthrough: .variation("b"), sets: ["frontend"]))
        #expect(try snapshot(testData).problems.isEmpty)
    }

    @Test func variationKeysComeFromValuesUnlessTheyClash() {
        let numbers = TestData.FlagBuilder("n").variations(20, 200.5, -1)
        #expect(numbers.keysAndType == (["20", "200.5", "-1"], .number))
        let mixed = TestData.FlagBuilder("j").variations(nil, "x", ["a": 1], true)
        #expect(mixed.keysAndType == (["0", "x", "2", "true"], .json))
        // "1" as a string and 1 as a number would share a key: every variation is keyed by index.
        let clash = TestData.FlagBuilder("c").variations("1", 1)
        #expect(clash.keysAndType == (["0", "1"], .json))
        let empty = TestData.FlagBuilder("e").variations("", "x")
        #expect(empty.keysAndType == (["0", "x"], .string))
        let explicit = TestData.FlagBuilder("v").variations([VariationDefinition(key: "on", value: true, variables: ["n": 5])])
        #expect(explicit.keysAndType == (["on"], .boolean))
    }

    @Test func booleanCallsMakeTheFlagBooleanAndFindTheirVariation() {
        let layout = TestData.FlagBuilder("f").variations("a", "b").fallthroughVariation(0)
        // A boolean call on a string flag turns it into a boolean flag.
        let converted = layout.variationForAll(false)
        #expect(converted.keysAndType == (["false", "true"], .boolean))
        #expect(converted.built.fallthrough == .variation("false"))
        // On a boolean flag with its own keys and order, the variation of that value is used.
        let custom = TestData.FlagBuilder("g")
            .variations([VariationDefinition(key: "yes", value: true), VariationDefinition(key: "no", value: false)])
            .fallthroughVariation(false).variation(true, forKeys: "u-1")
        #expect(custom.keysAndType == (["yes", "no"], .boolean))
        #expect(custom.built.fallthrough == .variation("no"))
        #expect(custom.built.targets == [TargetDefinition(values: ["u-1"], variation: "yes")])
        // booleanFlag() leaves a boolean flag as it is.
        let boolean = TestData.FlagBuilder("h").fallthroughVariation(false)
        #expect(boolean.booleanFlag() == boolean)
        #expect(boolean.booleanFlag().built.fallthrough == .variation("false"))
    }

    @Test func anIndexWithNoVariationMakesTheFlagMalformed() async throws {
        let testData = TestData()
        await testData.update(testData.flag("f").variations("a", "b").fallthroughVariation(5))
        let snapshot = try snapshot(testData)
        #expect(snapshot.isMalformed(flag: "f"))
        #expect(snapshot.problems.map(\.path.description) == ["/flags/f/fallthrough/variation"])
    }

    @Test func valueForAllLeavesOneVariationServedOnAndOff() {
        let flag = TestData.FlagBuilder("f").variation(true, forKeys: "u-1").ifMatch("a", 1).thenReturn(false)
            .valueForAll("grid").built
        #expect(flag.variations == [VariationDefinition(key: "grid", value: "grid")])
        #expect(flag.offVariation == "grid")
        #expect(flag.fallthrough == .variation("grid"))
        #expect(flag.targets.isEmpty && flag.rules.isEmpty)
    }

    @Test func rolloutsListEveryVariationWithItsWeight() {
        let flag = TestData.FlagBuilder("f").variations("a", "b")
            .fallthroughRollout(weights: [25_000, 75_000], bucketBy: "/org/id", contextKind: "org", seed: 9).built
        #expect(flag.fallthrough == .rollout(RolloutDefinition(
            contextKind: "org", bucketBy: "/org/id", seed: 9,
            variations: [.init(variation: "a", weight: 25_000), .init(variation: "b", weight: 75_000)])))
    }

    @Test func flagReturnsTheLastConfigurationAndBuildersAreValues() async throws {
        let testData = TestData()
        let builder = testData.flag("f").variations("a", "b").fallthroughVariation(1)
        // Building does not change the test data.
        #expect(testData.flag("f") == TestData.FlagBuilder("f"))
        #expect(testData.version == 0)
        await testData.update(builder)
        #expect(testData.flag("f") == builder)
        await testData.update(testData.flag("f").on(false))
        #expect(testData.flag("f") == builder.on(false))
        let flag = try #require(try document(testData).flags["f"])
        #expect(flag.version == 2)
        #expect(flag.enabled == false)
        #expect(flag.fallthrough == .variation("b"))
    }

    @Test func flagsGivenAsJSONAreNotBuilders() async throws {
        let testData = TestData()
        try await testData.update(flag: "raw", json: #"{ "enabled": true, "type": "boolean", "salt": "s" }"#)
        #expect(testData.flag("raw") == TestData.FlagBuilder("raw"))
        let document = try document(testData)
        #expect(document.flags["raw"]?.salt == "s")
        #expect(document.flags["raw"]?.isMalformed == true)
    }

    @Test func theDocumentVersionGrowsWithEveryChange() async throws {
        let testData = TestData()
        await testData.update(testData.flag("a"), testData.flag("b"))
        #expect(testData.version == 1)
        await testData.update(testData.flag("a").on(false))
        await testData.remove("b")
        await testData.remove("missing")
        await testData.update()
        let document = try document(testData)
        #expect(document.version == 3)
        #expect(document.flags.keys.sorted() == ["a"])
        #expect(document.flags["a"]?.version == 2)
    }
}

extension TestData.FlagBuilder {
    /// The definition built, at version 1.
    var built: FlagDefinition { definition(version: 1) }

    /// The variation keys and the flag's type.
    var keysAndType: ([String], FlagValueType) {
        let flag = built
        return (flag.variations.map(\.key), flag.type)
    }
}
