import BurgeeCore
import Testing

/// Both vendors check the requested type before the allocations: a mismatch wins over what the
/// splits would have found (a missing targeting key, a split naming no variation), not over a
/// disabled or rejected flag, nor over an invalid context.
@Suite("UFC: the type check comes before the allocations")
struct UFCTypeCheckTests {
    static func snapshot(_ text: String, _ format: DefinitionsFormat) throws -> Snapshot {
        try Snapshot(compiling: Definitions(json: JSONParser().parse(Array(text.utf8)), format: format))
    }

    static let hashed = #"""
    {"createdAt":"x","environment":{"name":"e"},"flags":{"f":{"key":"f","enabled":true,"variationType":"NUMERIC",
     "variations":{"a":{"key":"a","value":1.5}},
     "allocations":[{"key":"all","splits":[{"variationKey":"a","shards":[{"salt":"s","totalShards":10,"ranges":[{"start":0,"end":5}]}]}]}]}}}
    """#

    @Test("Datadog: a wrong type wins over a missing targeting key; the right type still needs the key")
    func datadogOrder() throws {
        let snapshot = try Self.snapshot(Self.hashed, .datadog)
        let keyless = Context(targetingKey: nil, ufcAttributes: [:])
        #expect(snapshot.evaluate("f", context: keyless, default: "d", as: .string).reason.errorKind == .wrongType)
        #expect(snapshot.evaluate("f", context: keyless, default: 0, as: .double).reason.errorKind == .exception)
        #expect(snapshot.evaluate("f", context: keyless, default: 0).reason.errorKind == .exception)
        let invalid = Context(targetingKey: "k", ufcAttributes: ["list": [1]])
        #expect(snapshot.evaluate("f", context: invalid, default: "d", as: .string).reason.errorKind == .invalidContext)
    }

    @Test("Eppo: a wrong type wins over a split naming no variation; a rejected flag wins over a wrong type")
    func eppoOrder() throws {
        let snapshot = try Self.snapshot(#"""
        {"createdAt":"x","environment":{"name":"e"},"flags":{
         "f":{"key":"f","enabled":true,"variationType":"INTEGER","totalShards":100,"variations":{"a":{"key":"a","value":1}},
              "allocations":[{"key":"all","splits":[{"variationKey":"zz","shards":[]}]}]},
         "broken":{"key":"broken","enabled":true,"variationType":"INTEGER","variations":{},"allocations":[]}}}
        """#, .eppo)
        let subject = Context(targetingKey: "k", ufcAttributes: [:], requiresKey: true)
        #expect(snapshot.evaluate("f", context: subject, default: "d", as: .string).reason.errorKind == .wrongType)
        #expect(snapshot.evaluate("f", context: subject, default: 0, as: .int).reason.errorKind == .malformedFlag)
        #expect(snapshot.evaluate("broken", context: subject, default: "d", as: .string).reason.errorKind == .malformedFlag,
                "no flag-level totalShards: Eppo rejects the flag")
    }
}
