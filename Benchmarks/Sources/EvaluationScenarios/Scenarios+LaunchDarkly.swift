import BurgeeCore

/// LaunchDarkly flag data for the benchmarks: the same shapes as the native scenarios (a simple
/// flag, a 50/50 rollout, a rule matching a segment), in LaunchDarkly's format, evaluated for the
/// same context.
extension Scenarios {
    public static func launchDarklyFlag(_ key: String, _ extra: [String: JSONValue] = [:]) -> JSONValue {
        var flag: [String: JSONValue] = [
            "key": .string(key), "version": 1, "on": true, "variations": [false, true], "offVariation": 0,
            "fallthrough": ["variation": 1], "salt": "5a1f0e", "targets": [], "contextTargets": [], "rules": [],
            "prerequisites": [], "trackEvents": false, "trackEventsFallthrough": false,
        ]
        for (k, v) in extra { flag[k] = v }
        return .object(flag)
    }

    public static func launchDarklyCompile(flags: [String: JSONValue], segments: [String: JSONValue] = [:]) -> Snapshot {
        let document: JSONValue = ["flags": .object(flags), "segments": .object(segments)]
        let bytes = Array(document.serialized().utf8)
        let snapshot = try! Snapshot(jsonBytes: bytes, format: .launchDarkly)
        precondition(snapshot.problems.isEmpty, "\(snapshot.problems)")
        remember(snapshot, bytes, .launchDarkly)
        return snapshot
    }

    /// Scenario: a LaunchDarkly flag with no rules (fallthrough).
    public static let launchDarklySimple = launchDarklyCompile(flags: ["ld-simple": launchDarklyFlag("ld-simple")])

    /// Scenario: a 50/50 LaunchDarkly rollout in the fallthrough: SHA-1 bucketing.
    public static let launchDarklyRollout = launchDarklyCompile(flags: ["ld-rollout": launchDarklyFlag("ld-rollout", [
        "fallthrough": ["rollout": ["variations": [["variation": 0, "weight": 50000], ["variation": 1, "weight": 50000]]]],
    ])])

    /// Scenario: a LaunchDarkly rule matching a segment of 1,000 included keys plus one rule; the
    /// context matches by the segment's rule.
    public static let launchDarklySegment: Snapshot = {
        let keys: [JSONValue] = (0..<1000).map { .string("member-\($0)") }
        let segment: JSONValue = ["key": "beta", "version": 1, "salt": "b37a", "included": .array(keys), "excluded": [],
                                  "rules": [["id": "staff", "clauses": [
                                      ["attribute": "email", "op": "endsWith", "values": ["@example.com"], "negate": false]]]]]
        let flag = launchDarklyFlag("ld-segment", [
            "fallthrough": ["variation": 0],
            "rules": [["id": "beta", "variation": 1, "clauses": [
                ["attribute": "", "op": "segmentMatch", "values": ["beta"], "negate": false]]]],
        ])
        return launchDarklyCompile(flags: ["ld-segment": flag], segments: ["beta": segment])
    }()
}
