@testable import BurgeeCore
import Testing

/// A flag whose outcome reads nothing of the context (off, or on with nothing but a fixed
/// fallthrough) is answered without the evaluator: its answers must be the evaluator's, which
/// `explain` still runs.
@Suite("flags that read no context")
struct FixedOutcomeTests {
    static let native = #"""
    {"formatVersion":1,"flags":{
      "on":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"fallthrough":{"variation":"on"}},
      "off":{"enabled":false,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],"offVariation":"on","fallthrough":{"variation":"off"}},
      "off-default":{"enabled":false,"type":"string","variations":[{"key":"a","value":"A"},{"key":"b","value":"B"}],"fallthrough":{"variation":"b"}},
      "on-string":{"enabled":true,"type":"string","variations":[{"key":"a","value":"A"},{"key":"b","value":"B"}],"fallthrough":{"variation":"b"}},
      "rollout":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
                 "fallthrough":{"rollout":{"variations":[{"variation":"on","weight":50000},{"variation":"off","weight":50000}]}}},
      "ruled":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
               "rules":[{"clauses":[{"attribute":"country","op":"in","values":["FR"]}],"variation":"off"}],"fallthrough":{"variation":"on"}},
      "dependent":{"enabled":true,"type":"boolean","variations":[{"key":"off","value":false},{"key":"on","value":true}],
                   "prerequisites":[{"flag":"off","variation":"off"}],"offVariation":"off","fallthrough":{"variation":"on"}}}}
    """#

    static let launchDarkly = #"""
    {"flags":{
      "ld-on":{"key":"ld-on","version":3,"on":true,"variations":[false,true],"fallthrough":{"variation":1},"offVariation":0},
      "ld-off":{"key":"ld-off","version":3,"on":false,"variations":[false,true],"fallthrough":{"variation":1},"offVariation":0},
      "ld-off-none":{"key":"ld-off-none","version":1,"on":false,"variations":["x","y"],"fallthrough":{"variation":1}},
      "ld-off-out-of-range":{"key":"ld-off-out-of-range","version":1,"on":false,"variations":[false,true],"fallthrough":{"variation":1},"offVariation":7},
      "ld-fallthrough-out-of-range":{"key":"ld-fallthrough-out-of-range","version":1,"on":true,"variations":[false,true],"fallthrough":{"variation":9}}},
     "segments":{}}
    """#

    static let contexts = [
        Context(json: ["key": "u-1", "country": "FR"]),
        Context(json: ["key": "u-2", "country": "DE"]),
        Context(key: ""),
    ]

    @Test("each flag's answer, typed and untyped, is the evaluator's", arguments: [
        (native, DefinitionsFormat.native), (launchDarkly, .launchDarkly),
    ])
    func answersAreTheEvaluators(document: String, format: DefinitionsFormat) throws {
        let snapshot = try Snapshot(jsonBytes: Array(document.utf8), format: format)
        let keys = snapshot.flagKeys
        #expect(keys.count >= 5)
        var fixed = 0
        for key in keys {
            let position = try #require(snapshot.position(ofFlag: key))
            if snapshot.program.flags[position.index].readsNoContext { fixed += 1 }
            for context in Self.contexts {
                for type in [nil, ValueType.boolean, .string] as [ValueType?] {
                    let detail = snapshot.evaluate(key, context: context, default: "d", as: type)
                    let explained = snapshot.explain(key, context: context, default: "d", as: type).detail
                    #expect(detail.value == explained.value, "\(key) \(String(describing: type))")
                    #expect(detail.variationIndex == explained.variationIndex, "\(key)")
                    #expect(detail.variationKey == explained.variationKey, "\(key)")
                    #expect(detail.reason == explained.reason, "\(key) \(String(describing: type))")
                }
            }
        }
        // The documents hold flags of both kinds, so that both paths are compared.
        #expect(fixed >= 3 && fixed < keys.count)
    }

    @Test("what an off flag, a plain toggle and a flag with rules answer")
    func whatTheyAnswer() throws {
        let snapshot = try Snapshot(jsonBytes: Array(Self.native.utf8))
        let context = Context(json: ["key": "u-1", "country": "FR"])
        #expect(snapshot.evaluate("on", context: context).reason.kind == .fallthrough)
        #expect(snapshot.evaluate("on", context: context).value == true)
        #expect(snapshot.evaluate("off", context: context).reason == .off)
        #expect(snapshot.evaluate("off", context: context).value == true)
        #expect(snapshot.evaluate("off-default", context: context, default: "d").value == "d")
        #expect(snapshot.evaluate("off-default", context: context).variationIndex == nil)
        #expect(snapshot.evaluate("ruled", context: context).value == false)
        #expect(snapshot.evaluate("on", context: Context(key: "")).reason == .error(.invalidContext))
        #expect(snapshot.evaluate("on-string", context: context, default: false, as: .boolean).reason == .error(.wrongType))
        let ld = try Snapshot(jsonBytes: Array(Self.launchDarkly.utf8), format: .launchDarkly)
        #expect(ld.evaluate("ld-off-out-of-range", context: context).reason == .error(.malformedFlag))
        #expect(ld.evaluate("ld-off", context: context).value == false)
    }
}
