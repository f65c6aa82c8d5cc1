import Burgee
import BurgeeFlagd
import BurgeeLaunchDarkly
import BurgeeUnleash
import BurgeeCore
import Testing

/// Each vendor view answers what the format-neutral evaluation and the vendor's own mapping of it
/// give, and a bound client's view answers what the client's gives for its context.
@Suite("Vendor views (client.unleash, client.launchDarkly, client.flagd)")
struct VendorViewTests {
    static func client(_ json: String, format: DefinitionsFormat) async throws -> BurgeeClient {
        try await ClientHarness.ready("") { $0.source = .bootstrap(.json(json, format: format)) }
    }

    static func snapshot(_ json: String, format: DefinitionsFormat) throws -> Snapshot {
        try Snapshot(jsonBytes: Array(json.utf8), format: format)
    }

    static let unleash = """
        {"version": 1, "features": [
          {"name": "coloured", "enabled": true, "strategies": [{"name": "default"}],
           "variants": [{"name": "blue", "weight": 500, "stickiness": "default", "payload": {"type": "string", "value": "#00f"}},
                        {"name": "red", "weight": 500, "stickiness": "default", "payload": {"type": "json", "value": "{\\"r\\":1}"}}]},
          {"name": "plain", "enabled": true, "strategies": [{"name": "userWithId", "parameters": {"userIds": "u-1,u-3"}}]},
          {"name": "off", "enabled": false, "strategies": [{"name": "default"}]}
        ]}
        """

    @Test("client.unleash: isEnabled and variant are the evaluation's Unleash mapping")
    func unleashView() async throws {
        let client = try await Self.client(Self.unleash, format: .unleash)
        let snapshot = try Self.snapshot(Self.unleash, format: .unleash)
        var variants: Set<String> = []
        for key in ["coloured", "plain", "off", "missing"] {
            for user in ["u-1", "u-2", "u-3", "u-4", "u-5", "u-6"] {
                let context = UnleashContext(userId: user).context
                let detail = snapshot.evaluate(key, context: context)
                let variant = client.unleash.variant(key, context: context, track: false)
                #expect(variant == snapshot.unleashVariant(for: detail, flag: key), "\(key) \(user)")
                #expect(client.unleash.isEnabled(key, context: context, track: false) == snapshot.unleashIsEnabled(detail))
                #expect(client.unleash.isEnabled(key, context: context, track: false)
                    == client.boolVariation(key, context: context, default: false, track: false))
                let bound = client.bound(to: context).unleash
                #expect(bound.variant(key, track: false) == variant)
                #expect(bound.isEnabled(key, track: false) == client.unleash.isEnabled(key, context: context, track: false))
                if variant.enabled { variants.insert(variant.name) }
            }
        }
        // The comparison covered served variants, not only disabled ones.
        #expect(!variants.isEmpty)
        #expect(client.unleash.isEnabled("plain", context: UnleashContext(userId: "u-1").context))
        #expect(!client.unleash.isEnabled("plain", context: UnleashContext(userId: "u-2").context))
        await client.close()
    }

    static let launchDarkly = #"""
        {"flags": {
          "on": {"key": "on", "version": 4, "on": true, "fallthrough": {"variation": 1}, "variations": [false, true],
                 "trackEvents": true},
          "off": {"key": "off", "version": 2, "on": false, "offVariation": 0, "variations": ["a", "b"]},
          "rule": {"key": "rule", "version": 9, "on": true, "fallthrough": {"variation": 0}, "variations": [1, 2],
                   "rules": [{"id": "r", "variation": 1,
                              "clauses": [{"attribute": "plan", "op": "in", "values": ["pro"]}]}]}
        }}
        """#

    @Test("client.launchDarkly: allFlagsState holds each flag's variation; bootstrapJSON is its JSON")
    func launchDarklyView() async throws {
        let client = try await Self.client(Self.launchDarkly, format: .launchDarkly)
        let pro = Context(launchDarklyJSON: ["kind": "user", "key": "u-1", "plan": "pro"])
        for context in [pro, Context(launchDarklyJSON: ["kind": "user", "key": "u-2"])] {
            let state = client.launchDarkly.allFlagsState(context: context, withReasons: true)
            #expect(state.valid)
            #expect(Set(state.flags.keys) == ["on", "off", "rule"])
            for (key, flag) in state.flags {
                let variation = client.variation(key, context: context, track: false)
                #expect(flag.value == variation.value, "\(key)")
                #expect(flag.variation == variation.index, "\(key)")
                #expect(flag.reason == variation.reason, "\(key)")
            }
            #expect(client.launchDarkly.bootstrapJSON(context: context, withReasons: true) == state.jsonText)
            let bound = client.bound(to: context).launchDarkly
            #expect(bound.allFlagsState(withReasons: true) == state)
            #expect(bound.bootstrapJSON(withReasons: true) == state.jsonText)
        }
        #expect(client.launchDarkly.allFlagsState(context: pro).flags["rule"]?.value == 2)
        await client.close()
    }

    static let flagd = #"""
        {"flags": {
          "color": {"state": "ENABLED", "defaultVariant": "red", "variants": {"red": "#f00", "blue": "#00f"},
                    "targeting": {"if": [{"==": [{"var": "plan"}, "pro"]}, "blue"]}, "metadata": {"team": "web"}},
          "static": {"state": "ENABLED", "defaultVariant": "on", "variants": {"on": true, "off": false}},
          "gone": {"state": "DISABLED", "defaultVariant": "on", "variants": {"on": true}}
        }, "metadata": {"owner": "checkout"}}
        """#

    @Test("client.flagd: evaluation is the evaluation's flagd mapping")
    func flagdView() async throws {
        let client = try await Self.client(Self.flagd, format: .flagd)
        let snapshot = try Self.snapshot(Self.flagd, format: .flagd)
        var reasons: Set<String> = []
        for key in ["color", "static", "gone", "missing"] {
            for plan in ["pro", "free"] {
                let context = Context(flagdJSON: ["targetingKey": "u-1", "plan": .string(plan)])
                let result = client.flagd.evaluation(key, context: context, track: false)
                #expect(result == snapshot.flagdResult(for: snapshot.evaluate(key, context: context), flag: key), "\(key) \(plan)")
                #expect(client.bound(to: context).flagd.evaluation(key, track: false) == result)
                if let value = result.value {
                    #expect(value == client.jsonVariation(key, context: context, default: .null, track: false))
                }
                reasons.insert(result.reason)
            }
        }
        #expect(reasons == ["TARGETING_MATCH", "DEFAULT", "STATIC", "DISABLED", "ERROR"])
        #expect(client.flagd.evaluation("color", context: Context(flagdJSON: ["targetingKey": "u", "plan": "pro"])).value == "#00f")
        await client.close()
    }
}
