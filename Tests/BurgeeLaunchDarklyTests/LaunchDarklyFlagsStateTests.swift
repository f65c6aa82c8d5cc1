import Burgee
import BurgeeLaunchDarkly
import BurgeeCore
import Foundation
import Testing

/// `allFlagsState` in LaunchDarkly's bootstrap shape, member by member as LaunchDarkly's server
/// SDKs write it, for LaunchDarkly and native flags.
@Suite("LaunchDarkly bootstrap (allFlagsState)")
struct LaunchDarklyFlagsStateTests {
    static let user = Context(launchDarklyJSON: ["key": "user-key"])

    static func client(_ json: String) async throws -> BurgeeClient {
        try await ClientHarness.ready("") { $0.source = .bootstrap(.json(json, format: .launchDarkly)) }
    }

    static func state(_ json: String, _ options: LaunchDarklyFlagsState.Options = .init()) async throws -> JSONValue {
        let client = try await client(json)
        defer { Task { await client.close() } }
        let text = client.launchDarkly.bootstrapJSON(context: user, options: options)
        return try JSONValue(parsing: text)
    }

    static let future = Int64(Date().timeIntervalSince1970 * 1000) + 3_600_000
    static let past = Int64(Date().timeIntervalSince1970 * 1000) - 3_600_000

    static let basic = #"""
    {"flags":{
      "a":{"key":"a","version":100,"on":false,"offVariation":1,"variations":["x","value-a"]},
      "b":{"key":"b","version":200,"on":false,"offVariation":2,"variations":["x","y","value-b"],"trackEvents":true},
      "c":{"key":"c","version":300,"on":false,"offVariation":0,"variations":["value-c"],"debugEventsUntilDate":\#(future)},
      "d":{"key":"d","version":400,"on":true,"fallthrough":{"variation":1},"variations":["x","value-d"]},
      "e":{"key":"e","version":500,"on":false,"variations":["x"]},
      "f":{"key":"f","version":600,"on":false,"offVariation":7,"variations":["x"]}
    }}
    """#

    @Test("by default: values, variation, version, and the tracking members only when they apply")
    func basic() async throws {
        let state = try await Self.state(Self.basic)
        #expect(state == [
            "$valid": true, "a": "value-a", "b": "value-b", "c": "value-c", "d": "value-d", "e": nil, "f": nil,
            "$flagsState": [
                "a": ["variation": 1, "version": 100],
                "b": ["variation": 2, "version": 200, "trackEvents": true],
                "c": ["variation": 0, "version": 300, "debugEventsUntilDate": .number(Double(Self.future))],
                "d": ["variation": 1, "version": 400],
                "e": ["version": 500],
                "f": ["version": 600],
            ],
        ])
    }

    @Test("withReasons: every flag's reason, errors included")
    func withReasons() async throws {
        let state = try await Self.state(Self.basic, .init(withReasons: true))
        let flags = try #require(state.objectValue?["$flagsState"]?.objectValue)
        #expect(flags["a"] == ["variation": 1, "version": 100, "reason": ["kind": "OFF"]])
        #expect(flags["d"] == ["variation": 1, "version": 400, "reason": ["kind": "FALLTHROUGH"]])
        #expect(flags["e"] == ["version": 500, "reason": ["kind": "OFF"]])
        #expect(flags["f"] == ["version": 600, "reason": ["kind": "ERROR", "errorKind": "MALFORMED_FLAG"]])
    }

    @Test("experiments (trackEventsFallthrough, rule trackEvents, inExperiment) carry trackEvents, trackReason and their reason")
    func experimentation() async throws {
        let state = try await Self.state(#"""
        {"flags":{
          "fall":{"key":"fall","version":1,"on":true,"fallthrough":{"variation":1},"variations":["x","y"],"trackEventsFallthrough":true},
          "rule":{"key":"rule","version":2,"on":true,"fallthrough":{"variation":0},"variations":["x","y"],
                  "rules":[{"id":"r0","clauses":[],"variation":1,"trackEvents":true}]},
          "exp":{"key":"exp","version":3,"on":true,"variations":["x","y"],"salt":"s",
                 "fallthrough":{"rollout":{"kind":"experiment","variations":[{"variation":1,"weight":100000}]}}},
          "untracked":{"key":"untracked","version":4,"on":true,"variations":["x","y"],"salt":"s",
                 "fallthrough":{"rollout":{"kind":"experiment","variations":[{"variation":1,"weight":100000,"untracked":true}]}}}
        }}
        """#)
        let flags = try #require(state.objectValue?["$flagsState"]?.objectValue)
        #expect(flags["fall"] == ["variation": 1, "version": 1, "reason": ["kind": "FALLTHROUGH"], "trackEvents": true, "trackReason": true])
        #expect(flags["rule"] == ["variation": 1, "version": 2, "reason": ["kind": "RULE_MATCH", "ruleIndex": 0, "ruleId": "r0"],
                                  "trackEvents": true, "trackReason": true])
        #expect(flags["exp"] == ["variation": 1, "version": 3, "reason": ["kind": "FALLTHROUGH", "inExperiment": true],
                                 "trackEvents": true, "trackReason": true])
        #expect(flags["untracked"] == ["variation": 1, "version": 4])
    }

    @Test("detailsOnlyForTrackedFlags: version and reason only for flags that send events")
    func detailsOnlyForTrackedFlags() async throws {
        let json = Self.basic.replacingOccurrences(of: "\"debugEventsUntilDate\":\(Self.future)", with: "\"debugEventsUntilDate\":\(Self.future)")
            .replacingOccurrences(of: #""d":{"key":"d","version":400,"on":true,"fallthrough":{"variation":1},"variations":["x","value-d"]}"#,
                                  with: #""d":{"key":"d","version":400,"on":false,"offVariation":1,"variations":["x","value-d"],"debugEventsUntilDate":\#(Self.past)}"#)
        let state = try await Self.state(json, .init(withReasons: true, detailsOnlyForTrackedFlags: true))
        let flags = try #require(state.objectValue?["$flagsState"]?.objectValue)
        #expect(flags["a"] == ["variation": 1])
        #expect(flags["b"] == ["variation": 2, "version": 200, "reason": ["kind": "OFF"], "trackEvents": true])
        #expect(flags["c"] == ["variation": 0, "version": 300, "reason": ["kind": "OFF"], "debugEventsUntilDate": .number(Double(Self.future))])
        #expect(flags["d"] == ["variation": 1, "debugEventsUntilDate": .number(Double(Self.past))])
    }

    @Test("clientSideOnly keeps the flags available to client-side IDs (clientSideAvailability, or clientSide)")
    func clientSideOnly() async throws {
        let state = try await Self.state(#"""
        {"flags":{
          "server":{"key":"server","on":false,"variations":["x"],"offVariation":0},
          "old-client":{"key":"old-client","on":false,"variations":["x"],"offVariation":0,"clientSide":true},
          "new-client":{"key":"new-client","on":false,"variations":["x"],"offVariation":0,
                        "clientSideAvailability":{"usingEnvironmentId":true,"usingMobileKey":false}},
          "mobile":{"key":"mobile","on":false,"variations":["x"],"offVariation":0,
                    "clientSideAvailability":{"usingEnvironmentId":false,"usingMobileKey":true}}
        }}
        """#, .init(clientSideOnly: true))
        let flags = try #require(state.objectValue?["$flagsState"]?.objectValue)
        #expect(Set(flags.keys) == ["old-client", "new-client"])
        #expect(state.objectValue?["server"] == nil)
    }

    @Test("prerequisites lists the direct prerequisites evaluated, in order")
    func prerequisites() async throws {
        let state = try await Self.state(#"""
        {"flags":{
          "top":{"key":"top","version":1,"on":true,"fallthrough":{"variation":0},"variations":["t"],
                 "prerequisites":[{"key":"p1","variation":0},{"key":"p2","variation":0}]},
          "p1":{"key":"p1","version":1,"on":true,"fallthrough":{"variation":0},"variations":["p"],
                "prerequisites":[{"key":"deep","variation":0}]},
          "p2":{"key":"p2","version":1,"on":true,"fallthrough":{"variation":0},"variations":["p"]},
          "deep":{"key":"deep","version":1,"on":true,"fallthrough":{"variation":0},"variations":["d"]},
          "off":{"key":"off","version":1,"on":false,"offVariation":0,"variations":["o"],
                 "prerequisites":[{"key":"p1","variation":0}]},
          "fails":{"key":"fails","version":1,"on":true,"fallthrough":{"variation":0},"variations":["f"],
                   "prerequisites":[{"key":"p1","variation":1},{"key":"p2","variation":0}]},
          "missing":{"key":"missing","version":1,"on":true,"fallthrough":{"variation":0},"variations":["m"],
                     "prerequisites":[{"key":"p2","variation":0},{"key":"nope","variation":0}]}
        }}
        """#)
        let flags = try #require(state.objectValue?["$flagsState"]?.objectValue)
        #expect(flags["top"]?.objectValue?["prerequisites"] == ["p1", "p2"])
        #expect(flags["p1"]?.objectValue?["prerequisites"] == ["deep"])
        #expect(flags["p2"]?.objectValue?["prerequisites"] == nil)
        #expect(flags["off"]?.objectValue?["prerequisites"] == nil)
        #expect(flags["fails"] == ["version": 1, "prerequisites": ["p1"]])
        #expect(state.objectValue?["fails"] == .null)
        #expect(flags["missing"]?.objectValue?["prerequisites"] == ["p2"])
    }

    @Test("native flags: variation index, version, trackEvents; inExperiment as an experiment")
    func nativeFlags() async throws {
        let json = Definitions.document(version: 3, flags: [
            Definitions.boolFlag("plain", true, version: 7),
            Definitions.boolFlag("tracked", false, version: 2, extra: #", "trackEvents": true"#),
        ])
        let client = try await ClientHarness.ready(json)
        let state = client.launchDarkly.allFlagsState(context: Context(key: "u"))
        #expect(state.json == [
            "$valid": true, "plain": true, "tracked": false,
            "$flagsState": ["plain": ["variation": 1, "version": 7], "tracked": ["variation": 0, "version": 2, "trackEvents": true]],
        ])
        #expect(state.jsonText == #"{"$valid":true,"plain":true,"tracked":false,"$flagsState":{"plain":{"variation":1,"version":7},"tracked":{"variation":0,"version":2,"trackEvents":true}}}"#)
        #expect(client.bound(to: Context(key: "u")).launchDarkly.allFlagsState() == state)
        await client.close()
    }

    @Test("not ready, or an invalid context: $valid false and no flags")
    func invalid() async throws {
        let (client, _) = try await ClientHarness.manual()
        #expect(client.launchDarkly.bootstrapJSON(context: Self.user) == #"{"$valid":false,"$flagsState":{}}"#)
        await client.close()
        let ready = try await Self.client(Self.basic)
        #expect(ready.launchDarkly.bootstrapJSON(context: Context(launchDarklyJSON: ["key": 1])) == #"{"$valid":false,"$flagsState":{}}"#)
        await ready.close()
    }
}
