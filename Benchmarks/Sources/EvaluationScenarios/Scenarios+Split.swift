import BurgeeCore

/// Split definitions for the benchmarks: a 50/50 rollout, a whitelist then a segment rollout,
/// five conditions of which the last matches, a dependency, and the legacy hash with traffic
/// allocation, evaluated for one Split context (as a string: treatments are strings).
extension Scenarios {
    /// A matcher of `type` on `attribute` (`nil`: the key) with `data` members.
    static func splitMatcher(_ type: String, _ attribute: String? = nil, _ data: [String: JSONValue] = [:]) -> JSONValue {
        var matcher: [String: JSONValue] = [
            "matcherType": .string(type), "negate": false,
            "keySelector": ["trafficType": "user", "attribute": attribute.map(JSONValue.string) ?? .null],
        ]
        for (k, v) in data { matcher[k] = v }
        return .object(matcher)
    }

    static func splitCondition(_ matchers: [JSONValue], _ partitions: [(String, Int)], label: String,
                               type: String = "ROLLOUT") -> JSONValue {
        ["conditionType": .string(type), "label": .string(label),
         "matcherGroup": ["combiner": "AND", "matchers": .array(matchers)],
         "partitions": .array(partitions.map { ["treatment": .string($0.0), "size": .number(Double($0.1))] })]
    }

    static func splitFlag(_ name: String, _ conditions: [JSONValue], algo: Int = 2, trafficAllocation: Int = 100) -> JSONValue {
        ["name": .string(name), "trafficTypeName": "user", "changeNumber": 10, "status": "ACTIVE", "killed": false,
         "defaultTreatment": "off", "seed": -1222652054, "trafficAllocation": .number(Double(trafficAllocation)),
         "trafficAllocationSeed": 1843215645, "algo": .number(Double(algo)), "conditions": .array(conditions),
         "configurations": ["on": "{\"color\":\"red\"}"]]
    }

    /// A Split document (`splitChanges` with its segments) of `flags`.
    public static func splitDocument(_ flags: [JSONValue], segments: [String: JSONValue] = [:]) -> JSONValue {
        ["ff": ["d": .array(flags), "s": -1, "t": 10], "segments": .object(segments)]
    }

    public static func splitCompile(_ flags: [JSONValue], segments: [String: JSONValue] = [:]) -> Snapshot {
        let snapshot = try! Snapshot(jsonBytes: Array(splitDocument(flags, segments: segments).serialized().utf8), format: .split)
        precondition(snapshot.problems.isEmpty, "\(snapshot.problems)")
        return snapshot
    }

    /// The Split context of every Split scenario.
    public static let splitUser = Context(splitKey: splitKey, attributes: splitAttributes)

    /// The Split context's key and attributes, for Split's own calls.
    public static let splitKey = "user-42"
    public static let splitAttributes: [String: JSONValue] = [
        "email": "dev@example.com", "age": 30, "tags": ["a", "b"], "plan": "pro", "country": "FR",
    ]

    /// Scenario: one `ALL_KEYS` condition with a 50/50 murmur3 rollout.
    public static let splitRolloutFlag =
        splitFlag("split-rollout", [splitCondition([splitMatcher("ALL_KEYS")], [("on", 50), ("off", 50)], label: "default rule")])
    public static let splitRollout = splitCompile([splitRolloutFlag])

    /// Scenario: a whitelist of 100 keys, then a 50/50 rollout for a segment of 1,000 keys that holds the context.
    public static let splitWhitelistSegment: Snapshot = {
        let listed: [JSONValue] = (0..<100).map { .string("listed-\($0)") }
        let members: [JSONValue] = (0..<999).map { .string("member-\($0)") } + ["user-42"]
        return splitCompile([splitFlag("split-segment", [
            splitCondition([splitMatcher("WHITELIST", nil, ["whitelistMatcherData": ["whitelist": .array(listed)]])],
                           [("on", 100)], label: "whitelisted", type: "WHITELIST"),
            splitCondition([splitMatcher("IN_SEGMENT", nil, ["userDefinedSegmentMatcherData": ["segmentName": "beta"]])],
                           [("on", 50), ("off", 50)], label: "in segment beta"),
        ])], segments: ["beta": .array(members)])
    }()

    /// Scenario: five `ROLLOUT` conditions (string, number, set, whitelist matchers); only the last matches.
    public static let splitFiveConditions = splitCompile([splitFlag("split-five", [
        splitCondition([splitMatcher("STARTS_WITH", "email", ["whitelistMatcherData": ["whitelist": ["admin@", "root@"]]])],
                       [("on", 100)], label: "admins"),
        splitCondition([splitMatcher("GREATER_THAN_OR_EQUAL_TO", "age",
                                     ["unaryNumericMatcherData": ["dataType": "NUMBER", "value": 65]])],
                       [("on", 100)], label: "seniors"),
        splitCondition([splitMatcher("CONTAINS_ANY_OF_SET", "tags", ["whitelistMatcherData": ["whitelist": ["x", "y", "z"]]])],
                       [("on", 100)], label: "tagged"),
        splitCondition([splitMatcher("WHITELIST", "plan", ["whitelistMatcherData": ["whitelist": ["enterprise"]]])],
                       [("on", 100)], label: "enterprise"),
        splitCondition([splitMatcher("ENDS_WITH", "email", ["whitelistMatcherData": ["whitelist": ["@example.com"]]]),
                        splitMatcher("BETWEEN", "age", ["betweenMatcherData": ["dataType": "NUMBER", "start": 18, "end": 64]])],
                       [("on", 50), ("off", 50)], label: "staff"),
    ])])

    /// Scenario: an `IN_SPLIT_TREATMENT` dependency on a 50/50 flag.
    public static let splitDependency = splitCompile([
        splitFlag("split-parent", [splitCondition([splitMatcher("ALL_KEYS")], [("on", 50), ("off", 50)], label: "default rule")]),
        splitFlag("split-child", [splitCondition(
            [splitMatcher("IN_SPLIT_TREATMENT", nil, ["dependencyMatcherData": ["split": "split-parent", "treatments": ["on", "off"]]])],
            [("on", 100)], label: "parent served")]),
    ])

    /// Scenario: the legacy hash (`algo` 1) with a traffic allocation of 80 and a 50/50 rollout.
    public static let splitLegacy = splitCompile([
        splitFlag("split-legacy", [splitCondition([splitMatcher("ALL_KEYS")], [("on", 50), ("off", 50)], label: "default rule")],
                  algo: 1, trafficAllocation: 80),
    ])

    /// Every Split scenario, evaluated as strings.
    public static let split: [SingleFlagScenario] = [
        .init("SplitRollout5050", flag: "split-rollout", { splitRollout }, context: { splitUser }),
        .init("SplitWhitelistSegmentRollout", flag: "split-segment", { splitWhitelistSegment }, context: { splitUser }),
        .init("SplitFiveConditionsLastMatches", flag: "split-five", { splitFiveConditions }, context: { splitUser }),
        .init("SplitDependency", flag: "split-child", { splitDependency }, context: { splitUser }),
        .init("SplitLegacyHashTrafficAllocation", flag: "split-legacy", { splitLegacy }, context: { splitUser }),
    ]
}
