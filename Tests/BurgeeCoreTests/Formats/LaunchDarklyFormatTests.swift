import Testing
@testable import BurgeeCore

/// LaunchDarkly's server-side flag data: reading (problems at JSON paths, tombstones, stream
/// puts), lowering (variation names, targets, lazily malformed parts, big segments), contexts
/// and pre-2022 user objects. The semantics are pinned case by case in
/// `spec-fixtures/launchdarkly/`; these tests pin the model and the API around them.
@Suite("LaunchDarkly definitions")
struct LaunchDarklyFormatTests {
    static func snapshot(_ text: String) throws -> Snapshot {
        try Snapshot(jsonBytes: Array(text.utf8), format: .launchDarkly)
    }

    static func problems(_ text: String) throws -> [String] {
        try snapshot(text).problems.map { "\($0.severity.rawValue) \($0.path)" }
    }

    static func evaluate(_ snapshot: Snapshot, _ flag: String, _ context: JSONValue) -> EvaluationDetail {
        snapshot.evaluate(flag, context: Context(launchDarklyJSON: context), default: "default")
    }

    @Test("a document of the wrong shape is refused, saying why", arguments: [
        "[]", #"{"flags":[]}"#, #"{"flags":{},"segments":"x"}"#, #"{"path":"/flags/f","data":{"key":"f"}}"#,
        #"{"path":"/","data":[]}"#,
    ])
    func wrongShape(_ text: String) {
        do { _ = try LaunchDarklyDocument(jsonBytes: Array(text.utf8)); Issue.record("\(text) was read") } catch {
            guard case .notOfFormat(.launchDarkly, let why) = error else { Issue.record("unexpected \(error)"); return }
            #expect(!why.isEmpty)
        }
    }

    @Test("wrong types inside flags and segments are errors at their paths; only those items are malformed")
    func wrongTypes() throws {
        let text = #"""
        {"flags":{
          "a":{"on":"yes","variations":[1],"fallthrough":{"variation":0}},
          "b":{"on":true,"variations":[1],"fallthrough":{"variation":0},"rules":[{"clauses":[{"attribute":"x","op":"in","values":"x"}]}]},
          "c":{"key":"other","on":true,"variations":[1],"fallthrough":{"variation":0}},
          "d":{"on":true,"variations":[1],"fallthrough":{"rollout":{"variations":[{"variation":0,"weight":"50000"}]}}},
          "e":[],
          "ok":{"on":true,"variations":[1,2],"fallthrough":{"variation":1}}
        },"segments":{"s":{"included":"u"}}}
        """#
        let problems = try Self.problems(text)
        for expected in ["error /flags/a/on", "error /flags/b/rules/0/clauses/0/values", "error /flags/c/key",
                         "error /flags/d/fallthrough/rollout/variations/0/weight", "error /flags/e", "error /segments/s/included"] {
            #expect(problems.contains(expected), "\(expected) in \(problems)")
        }
        let snapshot = try Self.snapshot(text)
        for flag in ["a", "b", "c", "d", "e"] { #expect(snapshot.isMalformed(flag: flag), "\(flag)") }
        #expect(Self.evaluate(snapshot, "ok", ["key": "u"]).value == 2)
        #expect(Self.evaluate(snapshot, "a", ["key": "u"]).reason == .error(.malformedFlag))
    }

    @Test("a stream put with or without path reads like the data it holds; problems point into it")
    func put() throws {
        for prefix in [#"{"path":"/","data":"#, #"{"data":"#] {
            let text = prefix + #"{"flags":{"f":{"on":true,"variations":[1],"fallthrough":{"variation":"0"}}},"segments":{}}}"#
            #expect(try Self.problems(text) == ["error /data/flags/f/fallthrough/variation"])
        }
    }

    @Test("tombstones are absent for evaluation, kept with their versions in the model")
    func tombstones() throws {
        let text = #"""
        {"flags":{"gone":{"key":"gone","version":7,"deleted":true},
                  "uses":{"on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1},
                          "prerequisites":[{"key":"gone","variation":1}],
                          "rules":[]}},
         "segments":{"old":{"key":"old","version":3,"deleted":true,"included":["u"]}}}
        """#
        let document = try LaunchDarklyDocument(jsonBytes: Array(text.utf8))
        #expect(document.flags["gone"]?.version == 7 && document.flags["gone"]?.deleted == true)
        #expect(document.segments["old"]?.version == 3)
        let snapshot = Snapshot(launchDarkly: document)
        #expect(snapshot.flagKeys == ["uses"] && snapshot.segmentKeys.isEmpty)
        #expect(Self.evaluate(snapshot, "gone", ["key": "u"]).reason == .error(.flagNotFound))
        #expect(Self.evaluate(snapshot, "uses", ["key": "u"]).reason
                == EvaluationReason(kind: .prerequisiteFailed, prerequisiteKey: "gone"))
        #expect(snapshot.source.flagKeys == ["uses"])
    }

    @Test("variations are named by their index, in results and in explain")
    func variationNames() throws {
        let snapshot = try Self.snapshot(#"{"flags":{"f":{"on":true,"variations":["x","y","z"],"fallthrough":{"variation":2}}}}"#)
        let detail = Self.evaluate(snapshot, "f", ["key": "u"])
        #expect(detail.variationIndex == 2 && detail.variationKey == "2" && detail.value == "z")
        #expect(snapshot.variationNames(at: snapshot.position(ofFlag: "f")!) == ["0", "1", "2"])
        let explanation = snapshot.explain("f", context: Context(launchDarklyJSON: ["key": "u"]))
        #expect(explanation.steps.contains { $0.text.hasPrefix("serves '2'") })
    }

    @Test("what LaunchDarkly reports only when reached is MALFORMED_FLAG only when reached, and a warning")
    func lazilyMalformed() throws {
        let text = #"""
        {"flags":{
          "off-no-fallthrough":{"on":false,"variations":["a"],"offVariation":0},
          "bad-off":{"on":false,"variations":["a"],"offVariation":3,"fallthrough":{"variation":0}},
          "bad-rule":{"on":true,"variations":["a","b"],"fallthrough":{"variation":0},
                      "rules":[{"clauses":[{"attribute":"plan","op":"in","values":["pro"]}],"variation":9},
                               {"clauses":[{"contextKind":"user","attribute":"/a~2","op":"in","values":[1]}],"variation":1}]}
        }}
        """#
        let snapshot = try Self.snapshot(text)
        #expect(snapshot.problems.allSatisfy { $0.severity == .warning })
        #expect(try Self.problems(text).sorted() == [
            "warning /flags/bad-off/offVariation", "warning /flags/bad-rule/rules/0/variation",
            "warning /flags/bad-rule/rules/1/clauses/0/attribute",
        ])
        #expect(Self.evaluate(snapshot, "off-no-fallthrough", ["key": "u"]).value == "a")
        #expect(Self.evaluate(snapshot, "bad-off", ["key": "u"]).reason == .error(.malformedFlag))
        #expect(Self.evaluate(snapshot, "bad-rule", ["key": "u", "plan": "pro"]).reason == .error(.malformedFlag))
        // The bad clause of rule 1 is reached only when rule 0 does not match.
        #expect(Self.evaluate(snapshot, "bad-rule", ["key": "u", "plan": "free"]).reason == .error(.malformedFlag))
    }

    @Test("a segment that does not exist never matches; it is no problem")
    func unknownSegment() throws {
        let snapshot = try Self.snapshot(#"""
        {"flags":{"f":{"on":true,"variations":[false,true],"fallthrough":{"variation":0},
          "rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["nope",3]}],"variation":1},
                   {"clauses":[{"attribute":"","op":"segmentMatch","values":["nope"],"negate":true}],"variation":1}]}}}
        """#)
        #expect(snapshot.problems.isEmpty)
        let detail = Self.evaluate(snapshot, "f", ["key": "u"])
        #expect(detail.reason == EvaluationReason(kind: .ruleMatch, ruleIndex: 1))
    }

    @Test("an unbounded segment: validate warns, and the reason says NOT_CONFIGURED when one was consulted")
    func bigSegments() throws {
        let snapshot = try Self.snapshot(#"""
        {"flags":{"f":{"on":true,"variations":[false,true],"fallthrough":{"variation":0},
          "rules":[{"clauses":[{"attribute":"","op":"segmentMatch","values":["big"]}],"variation":1}]}},
         "segments":{"big":{"unbounded":true,"generation":2,"included":["u"],"unboundedContextKind":"org"}}}
        """#)
        #expect(try Self.problems(#"{"segments":{"big":{"unbounded":true}}}"#) == ["warning /segments/big/unbounded"])
        let org = Self.evaluate(snapshot, "f", ["kind": "org", "key": "u"])
        #expect(org.value == false && org.reason.bigSegmentsStatus == .notConfigured)
        #expect(org.reason.json == ["kind": "FALLTHROUGH", "bigSegmentsStatus": "NOT_CONFIGURED"])
        #expect(org.reason.jsonText == #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"NOT_CONFIGURED"}"#)
        // No context of the segment's kind: not consulted.
        #expect(Self.evaluate(snapshot, "f", ["key": "u"]).reason == EvaluationReason(kind: .fallthrough))
    }

    @Test("event settings and client-side availability are kept beside the program")
    func flagInfo() throws {
        let snapshot = try Self.snapshot(#"""
        {"flags":{"a":{"version":4,"on":true,"variations":[1],"fallthrough":{"variation":0},"trackEvents":true,
                       "trackEventsFallthrough":true,"debugEventsUntilDate":1700000000000,"clientSide":true},
                  "b":{"on":true,"variations":[1],"fallthrough":{"variation":0},
                       "clientSideAvailability":{"usingEnvironmentId":false,"usingMobileKey":true},
                       "rules":[{"clauses":[],"variation":0,"trackEvents":true}]}}}
        """#)
        let a = snapshot.info(at: snapshot.position(ofFlag: "a")!)
        #expect(a.version == 4 && a.trackEvents && a.trackEventsFallthrough && a.debugEventsUntilDate == 1_700_000_000_000)
        #expect(a.clientSideAvailability == ClientSideAvailability(usingEnvironmentId: true, usingMobileKey: true))
        let b = snapshot.position(ofFlag: "b")!
        #expect(snapshot.info(at: b).clientSideAvailability == ClientSideAvailability(usingEnvironmentId: false, usingMobileKey: true))
        #expect(snapshot.trackedRules(at: b) == [0])
    }

    @Test("a pre-2022 user object is a user context with its built-in and custom attributes")
    func userObject() throws {
        let context = Context(launchDarklyJSON: [
            "key": "u-1", "name": "Ada", "email": "ada@example.com", "anonymous": true, "ip": "10.0.0.1",
            "country": "FR", "firstName": "Ada", "lastName": "Lovelace", "avatar": "https://x/a.png",
            "secondary": "s", "privateAttributeNames": ["email"], "other": "ignored",
            "custom": ["plan": "pro", "email": "custom@example.com", "key": "no", "kind": "no", "groups": ["a", "b"]],
        ])
        #expect(context.isValid)
        let user = try #require(context.context(ofKind: "user"))
        #expect(user.key == "u-1")
        #expect(user.attributes == [
            "key": "u-1", "name": "Ada", "email": "ada@example.com", "anonymous": true, "ip": "10.0.0.1",
            "country": "FR", "firstName": "Ada", "lastName": "Lovelace", "avatar": "https://x/a.png",
            "plan": "pro", "groups": ["a", "b"],
        ])
        #expect(Context(launchDarklyJSON: ["key": ""]).isValid)
    }

    static let validity: [(String, Bool)] = [
        (#"{"name":1}"#, false), (#"{"key":1}"#, false), (#"{"key":"u","email":3}"#, false),
        (#"{"key":"u","anonymous":"yes"}"#, false), (#"{"key":"u","custom":[]}"#, false),
        (#"{"key":"u","secondary":1}"#, false), (#"{"key":"u","privateAttributeNames":[1]}"#, false),
        (#"{"key":"u","name":null,"anonymous":null,"custom":null}"#, true),
        (#"{"kind":"user","key":""}"#, false), (#"{"kind":"org","key":"o"}"#, true), (#""u""#, false),
    ]

    @Test("a user object with a built-in of the wrong type is invalid; a context with kind reads as ever", arguments: validity)
    func userObjectValidity(_ text: String, _ valid: Bool) throws {
        #expect(Context(launchDarklyJSON: try JSONValue(parsing: Array(text.utf8))).isValid == valid, "\(text)")
    }

    @Test("LaunchDarkly's dates: truncated milliseconds, one-digit hours, rolled-over days, at most 9 fraction digits, Go's wrapped nanoseconds")
    func dates() {
        func instant(_ value: JSONValue) -> Int64? { GoDateOperator.instant(of: value)?.unixSeconds }
        #expect(instant("1970-01-01T00:00:01Z") == 1)
        #expect(instant("1970-01-01T1:00:00Z") == 3600)
        #expect(instant("2023-02-30T00:00:00Z") == instant("2023-03-02T00:00:00Z"))
        #expect(instant("1970-01-01T00:00:60Z") == 60)
        #expect(instant("1970-01-01T00:00:00+99:00") == -99 * 3600)
        #expect(instant("1970-01-01T00:00:00.123456789Z") == 0)
        #expect(instant("1970-01-01T00:00:00.1234567890Z") == nil)
        #expect(instant("1970-01-01T00:00:00Zjunk") == 0)
        #expect(instant("1970-01-01T00:00:00") == nil)
        #expect(instant("1970-01-01") == nil)
        #expect(instant(.number(1999.9)) == 1)
        #expect(instant(.number(-0.5)) == 0)
        // Go: int64(ms) * 1e6 nanoseconds wraps around past the year 2262 (1e16 ms is 10^22 ns,
        // 1,864,712,049.423… s after wrapping); int64 of 1e20 is -2^63 on amd64, which wraps to 0.
        #expect(instant(.number(1e16)) == 1_864_712_049)
        #expect(instant(.number(9_223_372_036_854)) == 9_223_372_036)
        #expect(instant(.number(-9_223_372_036_855)) == 9_223_372_036)
        #expect(instant(.number(1e20)) == 0)
        #expect(instant(.number(-1e20)) == 0)
        #expect(instant(true) == nil)
    }
}
