import Burgee
import BurgeeUnleash
import BurgeeCore
import Testing

/// The Unleash view answers what the format-neutral evaluation and Unleash's own mapping of it
/// give, and a bound client's view answers what the client's gives for its context.
@Suite("Unleash view (client.unleash)")
struct UnleashViewTests {
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
}
