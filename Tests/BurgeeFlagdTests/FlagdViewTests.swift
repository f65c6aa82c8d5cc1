import Burgee
import BurgeeFlagd
import BurgeeCore
import Testing

/// The flagd view answers what the format-neutral evaluation and flagd's own mapping of it give,
/// and a bound client's view answers what the client's gives for its context.
@Suite("flagd view (client.flagd)")
struct FlagdViewTests {
    static func client(_ json: String, format: DefinitionsFormat) async throws -> BurgeeClient {
        try await ClientHarness.ready("") { $0.source = .bootstrap(.json(json, format: format)) }
    }

    static func snapshot(_ json: String, format: DefinitionsFormat) throws -> Snapshot {
        try Snapshot(jsonBytes: Array(json.utf8), format: format)
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
