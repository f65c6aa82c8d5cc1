import Burgee
import BurgeeCore
import BurgeeTesting
import Testing

@Suite("TestData with a client")
struct TestDataClientTests {
    let user = Clients.user

    @Test func anEmptySourceMakesTheClientReadyWithNoFlags() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        #expect(client.definitionsOrigin == .dataSource)
        #expect(client.dataSourceStatus.state == .valid)
        #expect(client.definitionsVersion == 0)
        let detail = client.boolVariationDetail("new-checkout", context: user, default: false)
        #expect(detail.reason == .error(.flagNotFound))
        await client.close()
    }

    @Test func valuesChangeAsSoonAsUpdateReturns() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        #expect(client.boolVariation("new-checkout", context: user, default: false) == false)

        await testData.update(testData.flag("new-checkout").booleanFlag().variationForAll(true))
        let on = client.boolVariationDetail("new-checkout", context: user, default: false)
        #expect(on.value == true)
        #expect(on.reason == EvaluationReason(kind: .fallthrough))
        #expect(on.variationKey == "true")
        #expect(on.variationIndex == 1)
        #expect(client.definitionsVersion == 1)

        await testData.update(testData.flag("new-checkout").variationForAll(false))
        #expect(client.boolVariation("new-checkout", context: user, default: true) == false)
        #expect(client.definitionsVersion == 2)
        await client.close()
    }

    @Test func anUpdateSendsAChangeEventNamingTheChangedFlagsOnly() async throws {
        let testData = TestData()
        await testData.update(testData.flag("a").variationForAll(true), testData.flag("b").variationForAll(true))
        let client = try await Clients.ready(testData)
        let events = client.events()
        let observed = client.flagValueChanges("a", context: user)

        await testData.update(testData.flag("a").variationForAll(false))
        let update = await firstElement(events, where: isUpdate)
        #expect(update == .updated(ClientEvent.DefinitionsUpdate(version: 2, origin: .dataSource, changedFlags: ["a"], changedSegments: [])))
        let change = await firstElement(observed)
        #expect(change == FlagValueChange(flagKey: "a", oldValue: true, newValue: false, reason: EvaluationReason(kind: .fallthrough)))

        // A new flag is a change too, and only it.
        await testData.update(testData.flag("c").valueForAll("x"))
        let added = await firstElement(events, where: isUpdate)
        #expect(added == .updated(ClientEvent.DefinitionsUpdate(version: 3, origin: .dataSource, changedFlags: ["c"], changedSegments: [])))
        await client.close()
    }

    @Test func targetsServeTheirVariationToTheirKeysOnly() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        await testData.update(testData.flag("beta").booleanFlag().fallthroughVariation(false)
            .variation(true, forKeys: "u-1", "u-2")
            .variation(true, forKeys: ["acme"], contextKind: "org"))

        let targeted = client.boolVariationDetail("beta", context: user, default: false)
        #expect(targeted.value == true)
        #expect(targeted.reason == .targetMatch)
        #expect(client.boolVariation("beta", context: Context(key: "u-2"), default: false))
        let other = client.boolVariationDetail("beta", context: Context(key: "u-3"), default: true)
        #expect(other.value == false)
        #expect(other.reason == EvaluationReason(kind: .fallthrough))
        // The org target matches an org context of that key, not a user of that key.
        #expect(client.boolVariation("beta", context: Context(kind: "org", key: "acme"), default: false))
        #expect(client.boolVariation("beta", context: Context(key: "acme"), default: true) == false)

        // Moving u-1 to `false` takes it out of the `true` target.
        await testData.update(testData.flag("beta").variation(false, forKeys: "u-1").fallthroughVariation(true))
        let moved = client.boolVariationDetail("beta", context: user, default: true)
        #expect(moved.value == false)
        #expect(moved.reason == .targetMatch)
        #expect(client.boolVariation("beta", context: Context(key: "u-2"), default: false))

        await testData.update(testData.flag("beta").clearTargets())
        #expect(client.boolVariationDetail("beta", context: user, default: false).reason == EvaluationReason(kind: .fallthrough))
        await client.close()
    }

    @Test func rulesMatchAttributeValuesInOrder() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        await testData.update(testData.flag("layout").variations("a", "b", "c").fallthroughVariation(1)
            .ifMatch("country", "FR", "DE").thenReturn(2)
            .ifNotMatch("plan", "free").andMatch("tier", 2, 3, contextKind: "org").thenReturn(0))

        let french = client.stringVariationDetail("layout", context: Context(key: "u-1", attributes: ["country": "FR"]),
                                                  default: "none")
        #expect(french.value == "c")
        #expect(french.variationKey == "c")
        #expect(french.variationIndex == 2)
        #expect(french.reason == EvaluationReason(kind: .ruleMatch, ruleIndex: 0, ruleId: "rule0"))

        let american = client.stringVariationDetail("layout", context: Context(key: "u-1", attributes: ["country": "US"]),
                                                    default: "none")
        #expect(american.value == "b")
        #expect(american.reason == EvaluationReason(kind: .fallthrough))

        // The second rule: a user whose plan is not free, in an org of tier 2 or 3.
        let paying = Context.multi([Context(key: "u-1", attributes: ["plan": "pro"]),
                                    Context(kind: "org", key: "acme", attributes: ["tier": 3])])
        let second = client.stringVariationDetail("layout", context: paying, default: "none")
        #expect(second.value == "a")
        #expect(second.reason == EvaluationReason(kind: .ruleMatch, ruleIndex: 1, ruleId: "rule1"))
        let free = Context.multi([Context(key: "u-1", attributes: ["plan": "free"]),
                                  Context(kind: "org", key: "acme", attributes: ["tier": 3])])
        #expect(client.stringVariation("layout", context: free, default: "none") == "b")
        // `not in` does not match a context without the attribute.
        let noPlan = Context.multi([Context(key: "u-1"), Context(kind: "org", key: "acme", attributes: ["tier": 2])])
        #expect(client.stringVariation("layout", context: noPlan, default: "none") == "b")

        await testData.update(testData.flag("layout").clearRules())
        let cleared = client.stringVariation("layout", context: Context(key: "u-1", attributes: ["country": "FR"]),
                                             default: "none")
        #expect(cleared == "b")
        await client.close()
    }

    @Test func anArrayOfValuesIsTheListOfValuesNotOneValue() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        let countries: [JSONValue] = ["FR", "DE"]
        await testData.update(testData.flag("eu").booleanFlag().fallthroughVariation(false)
            .ifMatch("country", countries).thenReturn(true))
        #expect(client.boolVariation("eu", context: Context(key: "u-1", attributes: ["country": "DE"]), default: false))
        #expect(client.boolVariation("eu", context: Context(key: "u-1", attributes: ["country": "US"]), default: true) == false)
        // An array literal too.
        await testData.update(testData.flag("eu").clearRules().ifMatch("country", ["FR", "IT"]).thenReturn(true))
        #expect(client.boolVariation("eu", context: Context(key: "u-1", attributes: ["country": "IT"]), default: false))
        await client.close()
    }

    @Test func anOffFlagServesItsOffVariationOrTheDefault() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        await testData.update(testData.flag("dark").booleanFlag().variation(true, forKeys: "u-1").on(false))
        let off = client.boolVariationDetail("dark", context: user, default: true)
        #expect(off.value == false)
        #expect(off.reason == .off)
        #expect(off.variationKey == "false")

        await testData.update(testData.flag("dark").offVariation(true))
        #expect(client.boolVariation("dark", context: user, default: false) == true)

        await testData.update(testData.flag("dark").offVariation(nil))
        let noOffVariation = client.stringVariationDetail("dark", context: user, default: "default")
        #expect(noOffVariation.reason == .off)
        let defaulted = client.boolVariationDetail("dark", context: user, default: true)
        #expect(defaulted.value == true)
        #expect(defaulted.variationIndex == nil)

        // Back on: the target serves again.
        await testData.update(testData.flag("dark").on(true))
        #expect(client.boolVariationDetail("dark", context: user, default: false).reason == .targetMatch)
        await client.close()
    }

    @Test func aRemovedFlagIsNotFound() async throws {
        let testData = TestData()
        await testData.update(testData.flag("old-flag").variationForAll(true), testData.flag("kept").variationForAll(true))
        let client = try await Clients.ready(testData)
        let events = client.events()
        #expect(client.boolVariation("old-flag", context: user, default: false))

        await testData.remove("old-flag")
        let detail = client.boolVariationDetail("old-flag", context: user, default: false)
        #expect(detail.value == false)
        #expect(detail.reason == .error(.flagNotFound))
        #expect(client.boolVariation("kept", context: user, default: false))
        let update = await firstElement(events, where: isUpdate)
        #expect(update == .updated(ClientEvent.DefinitionsUpdate(version: 2, origin: .dataSource, changedFlags: ["old-flag"], changedSegments: [])))

        // Removing a flag that is not there changes nothing.
        await testData.remove("old-flag")
        #expect(testData.version == 2)
        await client.close()
    }

    @Test func clientsSharingATestDataSeeEveryUpdate() async throws {
        let testData = TestData()
        let first = try await Clients.ready(testData)
        let second = try await Clients.ready(testData)
        let secondEvents = second.events()

        await testData.update(testData.flag("shared").valueForAll("one"))
        #expect(first.stringVariation("shared", context: user, default: "none") == "one")
        #expect(second.stringVariation("shared", context: user, default: "none") == "one")
        let update = await firstElement(secondEvents, where: isUpdate)
        #expect(update == .updated(ClientEvent.DefinitionsUpdate(version: 1, origin: .dataSource, changedFlags: ["shared"], changedSegments: [])))

        // One client closing does not hold up updates to the other.
        await first.close()
        await testData.update(testData.flag("shared").valueForAll("two"))
        #expect(second.stringVariation("shared", context: user, default: "none") == "two")
        #expect(first.stringVariation("shared", context: user, default: "none") == "one")

        // A client started later gets the current flags.
        let third = try await Clients.ready(testData)
        #expect(third.stringVariation("shared", context: user, default: "none") == "two")
        #expect(third.definitionsVersion == 2)
        await second.close()
        await third.close()
    }

    @Test func updatesBeforeTheClientRunsAreDeliveredWhenItStarts() async throws {
        let testData = TestData()
        await testData.update(testData.flag("early").variationForAll(true))
        await testData.update(testData.flag("layout").variations("list", "grid").fallthroughVariation(1))
        #expect(testData.version == 2)

        let client = try Clients.make(testData)
        let events = client.events()
        #expect(client.isReady == false)
        client.start()
        let ready = await firstElement(events) { if case .ready = $0 { true } else { false } }
        #expect(ready == .ready(.dataSource))
        #expect(client.boolVariation("early", context: user, default: false))
        #expect(client.stringVariation("layout", context: user, default: "none") == "grid")
        #expect(client.definitionsVersion == 2)
        await client.close()
    }

    @Test func numberAndJSONFlagsServeTheirValues() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        await testData.update(
            testData.flag("max-items").variations(20, 200.5).fallthroughVariation(0).variation(1, forKeys: "u-big"),
            testData.flag("banner").variations(nil, ["text": "Hi", "hours": [9, 17]]).fallthroughVariation(1))

        let small = client.intVariationDetail("max-items", context: user, default: 0)
        #expect(small.value == 20)
        #expect(small.variationKey == "20")
        #expect(client.doubleVariation("max-items", context: Context(key: "u-big"), default: 0) == 200.5)
        // A non-integral number asked as an int is a type error.
        #expect(client.intVariationDetail("max-items", context: Context(key: "u-big"), default: 1).reason == .error(.wrongType))

        let banner = client.jsonVariationDetail("banner", context: user, default: nil)
        #expect(banner.value == ["text": "Hi", "hours": [9, 17]])
        #expect(banner.variationKey == "1")
        await testData.update(testData.flag("banner").fallthroughVariation(0))
        #expect(client.jsonVariation("banner", context: user, default: "default") == .null)
        await client.close()
    }

    @Test func rolloutsSplitByTheirWeights() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        await testData.update(
            testData.flag("all-b").variations("a", "b").fallthroughRollout(weights: [0, 100_000]),
            testData.flag("rule-split").variations("a", "b").fallthroughVariation(0)
                .ifMatch("beta", true).thenRollout(weights: [100_000, 0], seed: 7),
            testData.flag("bad-weights").variations("a", "b").fallthroughRollout(weights: [50_000, 40_000]))

        let allB = client.stringVariationDetail("all-b", context: user, default: "none")
        #expect(allB.value == "b")
        #expect(allB.reason.kind == .fallthrough)
        let inRule = client.stringVariationDetail("rule-split", context: Context(key: "u-1", attributes: ["beta": true]),
                                                  default: "none")
        #expect(inRule.value == "a")
        #expect(inRule.reason.kind == .ruleMatch)
        #expect(client.stringVariationDetail("bad-weights", context: user, default: "none").reason == .error(.malformedFlag))

        // About half of many keys get each variation of a 50/50 split.
        await testData.update(testData.flag("half").variations("a", "b").fallthroughRollout(weights: [50_000, 50_000]))
        let served = (0..<400).map { client.stringVariation("half", context: Context(key: "user-\($0)"), default: "none") }
        let a = served.filter { $0 == "a" }.count
        #expect(served.allSatisfy { $0 == "a" || $0 == "b" })
        #expect((120...280).contains(a))
        await client.close()
    }

    @Test func flagsGivenAsJSONAreUsedAsGiven() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        try await testData.update(flag: "base", json: """
            { "enabled": true, "type": "boolean", "version": 12,
              "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
              "offVariation": "off", "fallthrough": { "variation": "on" } }
            """)
        try await testData.update(flag: "checkout", json: """
            { "enabled": true, "type": "string",
              "variations": [ { "key": "old", "value": "old" },
                              { "key": "new", "value": "new", "variables": { "title": "New!" } } ],
              "offVariation": "old", "prerequisites": [ { "flag": "base", "variation": "on" } ],
              "rules": [ { "id": "staff", "clauses": [ { "attribute": "email", "op": "endsWith", "values": ["@example.com"] } ],
                           "variation": "new" } ],
              "fallthrough": { "variation": "old" } }
            """)
        let staff = Context(key: "u-1", attributes: ["email": "ada@example.com"])
        let variation = client.variation("checkout", context: staff)
        #expect(variation.value == "new")
        #expect(variation.variable("title", as: String.self) == "New!")
        #expect(variation.reason == EvaluationReason(kind: .ruleMatch, ruleIndex: 0, ruleId: "staff"))
        #expect(client.allFlagsState(context: staff).flags["base"]?.version == 12)

        // The prerequisite turned off: `checkout` serves its off variation.
        await testData.update(flag: "base", json: [
            "enabled": false, "type": "boolean", "variations": [["key": "off", "value": false], ["key": "on", "value": true]],
            "offVariation": "off", "fallthrough": ["variation": "on"],
        ])
        let failed = client.stringVariationDetail("checkout", context: staff, default: "none")
        #expect(failed.value == "old")
        #expect(failed.reason == EvaluationReason(kind: .prerequisiteFailed, prerequisiteKey: "base"))

        // A definition with problems is delivered and makes that flag malformed.
        await testData.update(flag: "broken", json: ["enabled": true, "type": "boolean", "variations": [],
                                                     "fallthrough": ["variation": "on"]])
        #expect(client.boolVariationDetail("broken", context: user, default: false).reason == .error(.malformedFlag))

        // Text that is not JSON is refused and changes nothing.
        let version = testData.version
        await #expect(throws: JSONParseError.self) {
            try await testData.update(flag: "bad", json: "{ not json")
        }
        #expect(testData.version == version)
        await client.close()
    }

    @Test func segmentsAndModelValuesCanBeGiven() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        await testData.update(SegmentDefinition(key: "beta-testers", included: ["u-9"]))
        await testData.update(testData.flag("beta").booleanFlag().fallthroughVariation(false)
            .ifMatch(ClauseDefinition(attribute: nil, op: "segmentMatch", values: ["beta-testers"])).thenReturn(true))
        #expect(client.boolVariation("beta", context: Context(key: "u-9"), default: false))
        #expect(client.boolVariation("beta", context: user, default: true) == false)

        let events = client.events()
        try await testData.update(segment: "beta-testers", json: #"{ "included": ["u-1"] }"#)
        #expect(client.boolVariation("beta", context: user, default: false))
        let update = await firstElement(events, where: isUpdate)
        #expect(update == .updated(ClientEvent.DefinitionsUpdate(version: 3, origin: .dataSource, changedFlags: ["beta"],
                                                     changedSegments: ["beta-testers"])))

        await testData.update(FlagDefinition(key: "model", version: 4, enabled: true, type: .string,
                                             variations: [VariationDefinition(key: "x", value: "x")],
                                             fallthrough: .variation("x")))
        #expect(client.stringVariation("model", context: user, default: "none") == "x")

        // Without its segment, the flag using it is malformed.
        await testData.remove(segment: "beta-testers")
        #expect(client.boolVariationDetail("beta", context: user, default: false).reason == .error(.malformedFlag))
        await client.close()
    }

    @Test func flagSetsFilterTestDataFlagsLikeAnyOthers() async throws {
        let testData = TestData()
        await testData.update(testData.flag("backend-flag").variationForAll(true).flagSets("backend"),
                              testData.flag("frontend-flag").variationForAll(true).flagSets("frontend"))
        let client = try await Clients.ready(testData) { $0.flagSets = ["backend"] }
        #expect(client.boolVariation("backend-flag", context: user, default: false))
        #expect(client.boolVariationDetail("frontend-flag", context: user, default: false).reason == .error(.flagNotFound))
        await client.close()
    }

    @Test(.timeLimit(.minutes(1)))
    func concurrentUpdatesAllReturnAndTheClientEndsWithTheLast() async throws {
        let testData = TestData()
        let client = try await Clients.ready(testData)
        let observed = client.flagValueChanges("counter", context: user)
        await testData.update(testData.flag("counter").variations(0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10).fallthroughVariation(0))
        await withTaskGroup(of: Void.self) { group in
            for value in 1...10 {
                group.addTask {
                    await testData.update(testData.flag("counter").fallthroughVariation(value))
                }
            }
        }
        // Whatever the order of the updates, the client holds the last document.
        #expect(client.definitionsVersion == testData.version)
        #expect(testData.version == 11)
        await client.close()
        // The flag appearing, then one change per update.
        var changes = 0
        for await _ in observed { changes += 1 }
        #expect(changes == 11)
        // After the client closed, updates still return.
        await testData.update(testData.flag("counter").fallthroughVariation(0))
    }
}
