import Burgee
import BurgeeLaunchDarkly
import BurgeeCore
import Testing

/// The LaunchDarkly view answers what the format-neutral evaluation gives, and a bound client's
/// view answers what the client's gives for its context.
@Suite("LaunchDarkly view (client.launchDarkly)")
struct LaunchDarklyViewTests {
    static func client(_ json: String, format: DefinitionsFormat) async throws -> BurgeeClient {
        try await ClientHarness.ready("") { $0.source = .bootstrap(.json(json, format: format)) }
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
}

@Suite("LaunchDarkly view: secure mode")
struct LaunchDarklySecureModeViewTests {
    @Test func secureModeHashUsesTheClientsSDKKeyAndIsNilWithoutOne() async throws {
        let context = Context(launchDarklyJSON: ["kind": "user", "key": "user-key"])
        let keyed = try await ClientHarness.ready("") {
            $0.source = .bootstrap(.json(LaunchDarklyViewTests.launchDarkly, format: .launchDarkly))
            $0.sdkKey = "secret"
        }
        // Python's hmac.new(b"secret", b"user-key", sha256).hexdigest().
        #expect(keyed.launchDarkly.secureModeHash(context: context)
            == "906e06ddaeef759ef922aa1a2e47a4f2169af86ca4c7a7ea91988531da547cea")
        #expect(keyed.bound(to: context).launchDarkly.secureModeHash() == keyed.launchDarkly.secureModeHash(context: context))
        #expect(keyed.launchDarkly.secureModeHash(context: Context(launchDarklyJSON: ["kind": "user"])) == nil)
        await keyed.close()
        let unkeyed = try await LaunchDarklyViewTests.client(LaunchDarklyViewTests.launchDarkly, format: .launchDarkly)
        #expect(unkeyed.launchDarkly.secureModeHash(context: context) == nil)
        await unkeyed.close()
    }
}
