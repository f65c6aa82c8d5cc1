import Testing
@testable import BurgeeCore

/// Bad Unleash input: malformed JSON, wrong types, huge numbers, missing fields. Each gives a clear
/// error or a problem with its JSON path, never a crash; healthy features keep evaluating.
@Suite("Unleash input")
struct UnleashInputTests {
    static func document(_ text: String) throws(DefinitionsError) -> UnleashDocument {
        try UnleashDocument(jsonBytes: Array(text.utf8))
    }

    static func problems(_ text: String) throws -> [String] {
        let document = try document(text)
        let snapshot = Snapshot(unleash: document, options: UnleashLoweringOptions(hostname: "h"))
        return (document.problems + document.segments.flatMap(\.problems) + snapshot.problems).map { "\($0.severity.rawValue) \($0.path)" }
    }

    static func enabled(_ text: String, _ flag: String, _ context: JSONValue = [:], now: String? = nil) throws -> Bool {
        let options = UnleashLoweringOptions(hostname: "h", now: now.flatMap { Timestamp(rfc3339: $0) })
        let snapshot = Snapshot(unleash: try document(text), options: options)
        return snapshot.unleashIsEnabled(snapshot.evaluate(flag, context: Context(unleashJSON: context), default: false))
    }

    @Test("bytes that are not JSON are refused as invalid JSON", arguments: ["", "{", #"{"features":[}"#, "\u{FF}"])
    func notJSON(_ text: String) {
        #expect(throws: DefinitionsError.self) { _ = try Self.document(text) }
        do { _ = try Self.document(text) } catch {
            guard case .invalidJSON = error else { Issue.record("expected invalidJSON, got \(error)"); return }
        }
    }

    @Test("a document of the wrong shape is refused, saying why", arguments: [
        "[]", "42", #"{"features":{}}"#, #"{"features":"x"}"#, #"{"version":2}"#, #"{"events":{}}"#,
    ])
    func wrongShape(_ text: String) {
        do { _ = try Self.document(text); Issue.record("\(text) was read") } catch {
            guard case .notOfFormat(.unleash, let why) = error else { Issue.record("unexpected \(error)"); return }
            #expect(!why.isEmpty)
        }
    }

    @Test("wrong types inside features are errors at their paths; the feature is malformed, the rest evaluates")
    func wrongTypes() throws {
        let text = #"""
        {"version":2,"features":[
          {"name":"a","enabled":1,"strategies":[]},
          {"name":"b","enabled":true,"strategies":[{"name":"default","constraints":[{"contextName":"x","operator":5}]}]},
          {"name":"c","enabled":true,"strategies":[],"variants":[{"name":"v","weight":-3}]},
          {"name":"d","enabled":true,"strategies":[],"dependencies":[{"enabled":true}]},
          {"enabled":true,"strategies":[]},
          "not a feature",
          {"name":"ok","enabled":true,"strategies":[{"name":"default","segments":["one"]}]},
          {"name":"fine","enabled":true}
        ],"segments":{"id":1}}
        """#
        let problems = try Self.problems(text)
        for expected in ["error /features/0/enabled", "error /features/1/strategies/0/constraints/0/operator",
                         "error /features/2/variants/0/weight", "error /features/3/dependencies/0/feature",
                         "error /features/4/name", "error /features/5", "error /features/6/strategies/0/segments/0",
                         "error /segments"] {
            #expect(problems.contains(expected), "\(expected) in \(problems)")
        }
        #expect(try Self.enabled(text, "a") == false)
        #expect(try Self.enabled(text, "fine") == true)
    }

    @Test("huge and odd numbers: percentages that are not whole numbers never pass, huge weights are errors")
    func hugeNumbers() throws {
        let text = #"""
        {"version":2,"features":[
          {"name":"p.huge","enabled":true,"strategies":[{"name":"flexibleRollout","parameters":{"rollout":"1e400","stickiness":"userId"}}]},
          {"name":"p.neg","enabled":true,"strategies":[{"name":"flexibleRollout","parameters":{"rollout":-5,"stickiness":"userId"}}]},
          {"name":"p.text","enabled":true,"strategies":[{"name":"flexibleRollout","parameters":{"rollout":"lots","stickiness":"userId"}}]},
          {"name":"p.hex","enabled":true,"strategies":[{"name":"gradualRolloutUserId","parameters":{"percentage":"0x64"}}]},
          {"name":"w.huge","enabled":true,"strategies":[],"variants":[{"name":"v","weight":1e300}]},
          {"name":"n.huge","enabled":true,"strategies":[{"name":"default","constraints":[
            {"contextName":"n","operator":"NUM_GT","value":"1e308"}]}]}
        ]}
        """#
        let user: JSONValue = ["userId": "u-1", "properties": ["n": "1e309"]]
        #expect(try Self.enabled(text, "p.huge", user) == false)  // 1e400 is not a whole number
        #expect(try Self.enabled(text, "p.neg", user) == false)
        #expect(try Self.enabled(text, "p.text", user) == false)
        #expect(try Self.enabled(text, "p.hex", user) == false)
        #expect(try Self.enabled(text, "w.huge") == false)
        #expect(try Self.enabled(text, "n.huge", user) == true)  // 1e309 reads as infinity, as Rust reads it
        let problems = try Self.problems(text)
        #expect(problems.contains("warning /features/0/strategies/0/parameters/rollout"))
        #expect(problems.contains("error /features/4/variants/0/weight"))
    }

    @Test("missing fields: a strategy without a name, a constraint without an operator, a feature without strategies")
    func missingFields() throws {
        let text = #"""
        {"features":[
          {"name":"no.strategy.name","enabled":true,"strategies":[{"parameters":{}}]},
          {"name":"no.operator","enabled":true,"strategies":[{"name":"default","constraints":[{"contextName":"x","values":["1"]}]}]},
          {"name":"no.strategies","enabled":true}
        ]}
        """#
        let problems = try Self.problems(text)
        #expect(problems.contains("error /features/0/strategies/0/name"))
        #expect(problems.contains("error /features/1/strategies/0/constraints/0/operator"))
        #expect(try Self.enabled(text, "no.strategies") == true)
        #expect(try Self.enabled(text, "no.strategy.name") == false)
    }

    @Test("delta events: updates, removals, unknown and unreadable events")
    func deltaEvents() throws {
        let text = #"""
        {"events":[
          {"type":"feature-updated","feature":{"name":"f","enabled":true,"strategies":[]}},
          {"type":"feature-updated","feature":{"name":"g","enabled":true,"strategies":[]}},
          {"type":"feature-updated","feature":{"name":"f","enabled":false,"strategies":[]}},
          {"type":"feature-removed","featureName":"g"},
          {"type":"segment-updated","segment":{"id":7,"constraints":[]}},
          {"type":"segment-removed","segmentId":7},
          {"type":"something-new"},
          {"type":"feature-removed"},
          "nonsense"
        ]}
        """#
        let document = try Self.document(text)
        #expect(document.features.map(\.name) == ["f"])
        #expect(document.segments.isEmpty)
        #expect(document.problems.map { "\($0.severity.rawValue) \($0.path)" }
                == ["warning /events/6/type", "error /events/7/featureName", "error /events/8"])
        #expect(try Self.enabled(text, "f") == false)
        #expect(try Self.enabled(text, "g") == false)
    }

    @Test("contexts: standard fields win over properties, values become text, a non-object is invalid")
    func contexts() {
        let context = Context(unleashJSON: ["userId": 42, "properties": ["userId": "p", "flag": true, "n": 1.5, "gone": nil,
                                                                        "list": ["a"]]])
        #expect(context.isValid)
        let single = context.contexts[0]
        #expect(single.kind == "user" && single.key == "42")
        #expect(single.attributes == ["userId": "42", "flag": "true", "n": "1.5"])
        #expect(!Context(unleashJSON: "user").isValid)
        #expect(Context(unleashJSON: [:]).isValid)
    }

    @Test("number text: read as Rust reads a float")
    func numberText() {
        #expect(NumberTextOperator.number(inText: "-1.5e2") == -150)
        #expect(NumberTextOperator.number(inText: "+4") == 4)
        #expect(NumberTextOperator.number(inText: "5.") == 5)
        #expect(NumberTextOperator.number(inText: ".5") == 0.5)
        #expect(NumberTextOperator.number(inText: "1e400") == .infinity)
        #expect(NumberTextOperator.number(inText: "-Infinity") == -.infinity)
        #expect(NumberTextOperator.number(inText: "NaN")?.isNaN == true)
        for text in ["", " ", " 12 ", "0x10", "12abc", "+", ".", "e5", "1e", "1e+", "1.2.3", "infinit", "--1"] {
            #expect(NumberTextOperator.number(inText: text) == nil, "\(text)")
        }
    }

    @Test("dates read currentTime, else the injected clock")
    func clock() throws {
        let text = #"""
        {"features":[{"name":"d","enabled":true,"strategies":[{"name":"default","constraints":[
          {"contextName":"currentTime","operator":"DATE_AFTER","value":"2025-01-01T00:00:00Z"}]}]}]}
        """#
        #expect(try Self.enabled(text, "d", now: "2026-01-01T00:00:00Z") == true)
        #expect(try Self.enabled(text, "d", now: "2024-01-01T00:00:00Z") == false)
        #expect(try Self.enabled(text, "d", ["currentTime": "2026-01-01T00:00:00Z"], now: "2024-01-01T00:00:00Z") == true)
    }

    @Test("dependencies: cycles and chains fail without recursion, a disabled parent can be required")
    func dependencies() throws {
        let text = #"""
        {"features":[
          {"name":"a","enabled":true,"dependencies":[{"feature":"b"}]},
          {"name":"b","enabled":true,"dependencies":[{"feature":"a"}]},
          {"name":"self","enabled":true,"dependencies":[{"feature":"self"}]},
          {"name":"off","enabled":false},
          {"name":"needs.off","enabled":true,"dependencies":[{"feature":"off","enabled":false}]},
          {"name":"needs.missing","enabled":true,"dependencies":[{"feature":"nowhere","enabled":false}]}
        ]}
        """#
        for flag in ["a", "b", "self", "needs.missing"] { #expect(try Self.enabled(text, flag) == false, "\(flag)") }
        #expect(try Self.enabled(text, "needs.off") == true)
    }
}
