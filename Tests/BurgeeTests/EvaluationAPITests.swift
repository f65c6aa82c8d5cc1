import Burgee
import BurgeeUnleash
import BurgeeCore
import Foundation
import Testing

@Suite("Evaluation API")
struct EvaluationAPITests {
    let user = Context(key: "u-1")

    @Test func typedGettersServeTheFlagsValues() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        #expect(client.boolVariation("base", context: user, default: false) == true)
        #expect(client.stringVariation("layout", context: user, default: "x") == "grid")
        #expect(client.intVariation("max-items", context: user, default: 0) == 20)
        #expect(client.doubleVariation("max-items", context: user, default: 0) == 20)
        #expect(client.jsonVariation("banner", context: user, default: "d") == .null)
        #expect(client.variation("layout", context: user, default: "x") == "grid")
        await client.close()
    }

    @Test func wrongTypeServesTheDefaultWithWrongType() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        #expect(client.stringVariation("base", context: user, default: "d") == "d")
        let detail = client.intVariationDetail("layout", context: user, default: 7)
        #expect(detail.value == 7)
        #expect(detail.reason == .error(.wrongType))
        #expect(detail.openFeatureErrorCode == "TYPE_MISMATCH")
        #expect(detail.variationKey == nil && detail.variationIndex == nil)
        await client.close()
    }

    @Test func aNonIntegralNumberIsNotAnInt() async throws {
        let json = Definitions.document(flags: [#"""
            "ratio": { "enabled": true, "type": "number", "variations": [ { "key": "half", "value": 2.5 } ],
                       "fallthrough": { "variation": "half" } }
            """#])
        let client = try await ClientHarness.ready(json)
        #expect(client.doubleVariation("ratio", context: user, default: 0) == 2.5)
        #expect(client.intVariation("ratio", context: user, default: -1) == -1)
        #expect(client.intVariationDetail("ratio", context: user, default: -1).reason == .error(.wrongType))
        await client.close()
    }

    @Test func detailsCarryVariationReasonAndMetadata() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        let detail = client.boolVariationDetail("checkout", context: Context(key: "u-vip"), default: false)
        #expect(detail.value == true)
        #expect(detail.flagKey == "checkout")
        #expect(detail.variationKey == "on")
        #expect(detail.variationIndex == 1)
        #expect(detail.reason == .targetMatch)
        #expect(detail.openFeatureReason == "TARGETING_MATCH")
        #expect(detail.openFeatureErrorCode == nil)
        #expect(detail.flagMetadata == ["owner": "payments"])
        #expect(detail.fallback == nil)
        // A flag handle reads the metadata by the flag's position: the same.
        let handle = client.flag("checkout", default: false).detail(for: Context(key: "u-vip"))
        #expect(handle.flagMetadata == ["owner": "payments"] && handle.reason == .targetMatch && handle.value)

        let rule = client.boolVariationDetail("checkout", context: Context(key: "u-beta"), default: false)
        #expect(rule.reason == EvaluationReason(kind: .ruleMatch, ruleIndex: 0, ruleId: "beta"))

        let off = client.jsonVariationDetail("banner", context: user, default: "d")
        #expect(off.reason == .off)
        #expect(off.openFeatureReason == "DISABLED")
        #expect(off.value == .null)
        #expect(off.variationKey == "none")
        await client.close()
    }

    @Test func errorDetailsNameTheirKind() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        #expect(client.boolVariationDetail("missing", context: user, default: true).reason == .error(.flagNotFound))
        #expect(client.boolVariationDetail("broken", context: user, default: true).reason == .error(.malformedFlag))
        let invalid = Context(kind: "kind", key: "x")
        #expect(client.boolVariationDetail("base", context: invalid, default: true).reason == .error(.invalidContext))
        #expect(client.boolVariationDetail("", context: user, default: true).reason == .error(.flagNotFound))
        await client.close()
    }

    @Test func notReadyServesDefaultsWithClientNotReady() async throws {
        let client = try BurgeeClient(configuration: .init(source: .offline, logger: TestClients.quietLogger))
        #expect(client.isReady == false)
        #expect(client.boolVariation("base", context: user, default: true) == true)
        let detail = client.stringVariationDetail("layout", context: user, default: "d")
        #expect(detail.reason == .error(.clientNotReady))
        #expect(detail.openFeatureErrorCode == "PROVIDER_NOT_READY")
        #expect(client.variations(context: user).isEmpty)
        #expect(client.allFlagsState(context: user) == AllFlagsState(valid: false, flags: [:]))
        #expect(client.flagKeys().isEmpty)
        await client.close()
    }

    @Test func variationObjectsCarryVariables() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        let v = client.variation("checkout", context: Context(key: "u-vip"))
        #expect(v.key == "on")
        #expect(v.index == 1)
        #expect(v.value == true)
        #expect(v.isServed)
        #expect(v.variable("title", as: String.self) == "New!")
        #expect(v.variable("limit", as: Int.self) == 5)
        #expect(v.variable("ratio", as: Double.self) == 0.5)
        #expect(v.variable("ratio", as: Int.self) == nil)
        #expect(v.variable("title", as: Bool.self) == nil)
        #expect(v.variable("absent", as: JSONValue.self) == nil)
        #expect(client.variable("columns", of: "layout", context: user, default: 0) == 3)
        #expect(client.variable("columns", of: "missing", context: user, default: 9) == 9)

        let none = client.variation("missing", context: user)
        #expect(none.key == nil && none.index == nil && none.value == .null && none.variables.isEmpty)
        #expect(none.reason == .error(.flagNotFound))
        #expect(!none.isServed)
        await client.close()
    }

    @Test func isEnabledFollowsTheDocumentedRules() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        #expect(client.unleash.isEnabled("base", context: user))
        #expect(!client.unleash.isEnabled("checkout", context: user))  // serves false by fallthrough
        #expect(client.unleash.isEnabled("layout", context: user))  // string flag, fallthrough
        #expect(!client.unleash.isEnabled("banner", context: user))  // disabled
        #expect(!client.unleash.isEnabled("dark", context: user))  // disabled, no off variation
        #expect(!client.unleash.isEnabled("missing", context: user))
        #expect(!client.unleash.isEnabled("broken", context: user))
        await client.close()
    }

    @Test func variationsOfAllListedAndSetFlags() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        let all = client.variations(context: user)
        #expect(Set(all.keys) == ["base", "checkout", "layout", "max-items", "banner", "dark", "broken"])
        #expect(all["layout"]?.value == "grid")
        let enabled = client.variations(context: user, onlyEnabled: true)
        #expect(Set(enabled.keys) == ["base", "layout", "max-items"])
        let listed = client.variations(["layout", "missing"], context: user)
        #expect(listed["layout"]?.key == "grid")
        #expect(listed["missing"]?.reason == .error(.flagNotFound))
        let inSets = client.variations(inFlagSets: ["checkout"], context: user)
        #expect(Set(inSets.keys) == ["checkout", "max-items"])
        #expect(client.variations(inFlagSets: ["nope"], context: user).isEmpty)
        await client.close()
    }

    @Test func flagKeysAndSets() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        #expect(client.flagKeys() == ["banner", "base", "broken", "checkout", "dark", "layout", "max-items"])
        #expect(client.flagKeys(inFlagSet: "frontend") == ["checkout", "layout"])
        #expect(client.flagKeys(inFlagSet: "none").isEmpty)
        #expect(client.flagSets == ["checkout", "frontend", "internal"])
        let state = client.allFlagsState(context: Context(key: "u"))
        #expect(state.flags["layout"]?.trackEvents == true)
        #expect(state.flags["missing"] == nil)
        #expect(client.definitionsVersion == 5)
        #expect(client.definitionsOrigin == .dataSource)
        await client.close()
    }

    @Test func allFlagsStateEncodesAndDecodes() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        let state = client.allFlagsState(context: user, withReasons: true)
        #expect(state.valid)
        #expect(state.flags.count == 7)
        #expect(state.value("layout") == "grid")
        #expect(state.flags["layout"]?.trackEvents == true)
        #expect(state.flags["layout"]?.version == 3)
        #expect(state.flags["layout"]?.reason == .init(kind: .fallthrough))
        #expect(state.flags["broken"]?.reason == .error(.malformedFlag))

        let data = try JSONEncoder().encode(state)
        let decoded = try JSONDecoder().decode(AllFlagsState.self, from: data)
        #expect(decoded == state)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(object["valid"] as? Bool == true)
        let layout = try #require((object["flags"] as? [String: Any])?["layout"] as? [String: Any])
        #expect(layout["value"] as? String == "grid")
        #expect(layout["variationKey"] as? String == "grid")
        #expect((layout["reason"] as? [String: Any])?["kind"] as? String == "FALLTHROUGH")

        let withoutReasons = client.allFlagsState(context: user, flagSets: ["frontend"])
        #expect(Set(withoutReasons.flags.keys) == ["checkout", "layout"])
        #expect(withoutReasons.flags["layout"]?.reason == nil)
        #expect(client.allFlagsState(context: Context(kind: "multi", key: "k")).valid == false)
        await client.close()
    }

    @Test func boundClientsEvaluateTheirContextAndUpdateIt() async throws {
        let client = try await ClientHarness.ready(Definitions.shop)
        var bound = client.bound(to: Context(key: "u-vip"))
        let copy = bound
        #expect(bound.boolVariation("checkout", default: false))
        #expect(bound.variation("checkout").variable("title", as: String.self) == "New!")
        #expect(bound.boolVariationDetail("checkout", default: false).reason == .targetMatch)
        #expect(bound.stringVariation("layout", default: "x") == "grid")
        #expect(bound.intVariation("max-items", default: 0) == 20)
        #expect(bound.doubleVariation("max-items", default: 0) == 20)
        #expect(bound.jsonVariation("banner", default: "d") == .null)
        #expect(bound.unleash.isEnabled("checkout"))
        #expect(bound.variable("columns", of: "layout", default: 0) == 3)
        #expect(bound.allFlagsState().valid)
        bound.update(context: Context(key: "u-2"))
        #expect(!bound.boolVariation("checkout", default: true))
        #expect(bound.context.contexts.first?.key == "u-2")
        #expect(copy.boolVariation("checkout", default: false))
        await client.close()
    }
}
