import BurgeeCore

/// Generates definitions shaped like a real product's: mostly simple toggles, some targeting,
/// rules over common attributes, rollouts, segments and a few prerequisites.
public enum RealisticDocument {
    public static func make(flags count: Int, segments segmentCount: Int) -> JSONValue {
        var segments: [String: JSONValue] = [:]
        for s in 0..<segmentCount {
            segments["segment-\(s)"] = [
                "version": 1,
                "included": .array((0..<50).map { .string("user-\(s * 50 + $0)") }),
                "excluded": ["user-13"],
                "rules": [["id": "staff", "clauses": [["attribute": "email", "op": "endsWith", "values": ["@example.com"]]]]],
            ]
        }
        var flags: [String: JSONValue] = [:]
        for i in 0..<count {
            flags["flag-\(i)"] = flag(i, segmentCount: segmentCount)
        }
        return ["formatVersion": 1, "version": 1, "flags": .object(flags), "segments": .object(segments)]
    }

    private static func flag(_ i: Int, segmentCount: Int) -> JSONValue {
        var flag: [String: JSONValue] = [
            "version": .number(Double(i % 17 + 1)), "enabled": .bool(i % 10 != 0), "type": "boolean",
            "variations": [["key": "off", "value": false], ["key": "on", "value": true, "variables": ["limit": 5]]],
            "offVariation": "off", "fallthrough": ["variation": "off"],
            "sets": i % 3 == 0 ? ["backend"] : ["frontend"], "metadata": ["owner": .string("team-\(i % 12)")],
        ]
        switch i % 5 {
        case 0:
            break  // a plain toggle
        case 1:
            flag["targets"] = [["values": .array((0..<20).map { .string("user-\(i * 20 + $0)") }), "variation": "on"]]
        case 2:
            flag["rules"] = [
                ["id": "countries", "variation": "on", "clauses": [
                    ["attribute": "country", "op": "in", "values": ["FR", "DE", "NL", "BE", "ES", "IT"]],
                    ["attribute": "plan", "op": "in", "values": ["pro", "business"]]]],
                ["id": "versions", "variation": "on", "clauses": [
                    ["attribute": "appVersion", "op": "semVerGreaterThanOrEqual", "values": ["3.0.0"]]]],
            ]
        case 3:
            flag["fallthrough"] = ["rollout": ["variations": [
                ["variation": "off", "weight": 90000], ["variation": "on", "weight": 10000]]]]
        default:
            flag["rules"] = [["id": "beta", "clauses": [["op": "segmentMatch", "values": [.string("segment-\(i % segmentCount)")]]],
                              "rollout": ["variations": [["variation": "on", "weight": 50000], ["variation": "off", "weight": 50000]]]]]
            // A prerequisite on a plain toggle of the same block: realistic chains are short.
            flag["prerequisites"] = [["flag": .string("flag-\(i - i % 20)"), "variation": "on"]]
        }
        return .object(flag)
    }
}
