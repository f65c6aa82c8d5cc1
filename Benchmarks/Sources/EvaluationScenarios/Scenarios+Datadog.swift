import BurgeeCore

/// Datadog definitions (Universal Flag Configuration documents, `--format datadog`) for the
/// benchmarks: a static flag, a rule of two conditions with a 50/50 shard split, a `ONE_OF` of 100
/// values, a `MATCHES` regular expression and a `SEMVER_GTE` comparison, each evaluated for one
/// subject (as a string: every flag here is of `variationType` `STRING`).
extension Scenarios {
    /// A split serving `variation` to the subjects of `shards` (none: everyone).
    static func datadogSplit(_ variation: String, _ shards: [JSONValue] = []) -> JSONValue {
        ["variationKey": .string(variation), "shards": .array(shards)]
    }

    /// A Datadog shard: `totalShards` on the shard, the subject in when its shard is in `start..<end`.
    static func datadogShard(_ salt: String, _ start: Int, _ end: Int, total: Int = 10_000) -> JSONValue {
        ["salt": .string(salt), "totalShards": .number(Double(total)),
         "ranges": [["start": .number(Double(start)), "end": .number(Double(end))]]]
    }

    /// A condition `attribute operator value`.
    static func datadogCondition(_ attribute: String, _ op: String, _ value: JSONValue) -> JSONValue {
        ["attribute": .string(attribute), "operator": .string(op), "value": value]
    }

    /// A STRING flag with the variations `on`, `off` and `blue` and one allocation: `rules` (each
    /// a list of conditions; none: everyone) and `splits`.
    static func datadogFlag(_ key: String, rules: [[JSONValue]]? = nil, splits: [JSONValue]) -> JSONValue {
        var allocation: [String: JSONValue] = ["key": .string("\(key)-allocation"), "splits": .array(splits), "doLog": true]
        if let rules { allocation["rules"] = .array(rules.map { ["conditions": .array($0)] }) }
        return ["key": .string(key), "enabled": true, "variationType": "STRING",
                "variations": ["on": ["key": "on", "value": "on"], "off": ["key": "off", "value": "off"],
                               "blue": ["key": "blue", "value": "blue"]],
                "allocations": [.object(allocation)]]
    }

    /// A UFC document (Datadog's `SERVER` format) of `flags`.
    public static func datadogDocument(_ flags: [JSONValue]) -> JSONValue {
        var byKey: [String: JSONValue] = [:]
        for flag in flags {
            guard case .string(let key)? = flag.objectValue?["key"] else { preconditionFailure("a flag without a key") }
            byKey[key] = flag
        }
        return ["createdAt": "2026-01-01T00:00:00Z", "format": "SERVER", "environment": ["name": "benchmarks"], "flags": .object(byKey)]
    }

    public static func datadogCompile(_ flags: [JSONValue]) -> Snapshot {
        let snapshot = try! Snapshot(jsonBytes: Array(datadogDocument(flags).serialized().utf8), format: .datadog)
        precondition(snapshot.problems.isEmpty, "\(snapshot.problems)")
        return snapshot
    }

    /// The subject of every Datadog scenario.
    public static let datadogUser = Context(targetingKey: datadogTargetingKey, ufcAttributes: datadogAttributes)

    /// The subject's targeting key and attributes, for a vendor's own context type.
    public static let datadogTargetingKey = "user-42"
    public static let datadogAttributes: [String: JSONValue] = [
        "email": "dev@example.com", "age": 30, "country": "FR", "plan": "pro", "appVersion": "2.5.1",
    ]

    /// Scenario: one allocation, one split with no shards (reason `STATIC`).
    static let datadogStaticFlag = datadogFlag("dd-static", splits: [datadogSplit("on")])

    /// Scenario: a rule of two conditions (`ONE_OF` country, `GTE` age), then a 50/50 split of
    /// 10,000 shards between two splits of one shard each.
    static let datadogRuleAndShardsFlag = datadogFlag(
        "dd-rule-shards",
        rules: [[datadogCondition("country", "ONE_OF", ["US", "FR", "DE"]), datadogCondition("age", "GTE", 18)]],
        splits: [datadogSplit("on", [datadogShard("dd-rule-shards", 0, 5_000)]),
                 datadogSplit("off", [datadogShard("dd-rule-shards", 5_000, 10_000)])])

    /// Scenario: `ONE_OF` 100 values, the subject's country the last of them.
    static let datadogOneOf100Flag: JSONValue = {
        let values: [JSONValue] = (0..<99).map { .string("C\($0)") } + ["FR"]
        return datadogFlag("dd-one-of-100", rules: [[datadogCondition("country", "ONE_OF", .array(values))]],
                           splits: [datadogSplit("on")])
    }()

    /// Scenario: `MATCHES` a regular expression on the subject's email.
    static let datadogMatchesFlag = datadogFlag(
        "dd-matches", rules: [[datadogCondition("email", "MATCHES", #"^[a-z]+@example\.com$"#)]],
        splits: [datadogSplit("on")])

    /// Scenario: `MATCHES` a case-insensitive pattern of Unicode classes and alternations (Rust's
    /// dialect: simple case folding, `\p{L}`, `\p{N}`) on the subject's email.
    static let datadogMatchesUnicodeFlag = datadogFlag(
        "dd-matches-unicode",
        rules: [[datadogCondition("email", "MATCHES", #"(?i)^[\p{L}\p{N}._-]+@(?:example|test)\.(?:com|org)$"#)]],
        splits: [datadogSplit("on")])

    /// Scenario: `SEMVER_GTE` 2.0.0 on the subject's app version (2.5.1).
    static let datadogSemverFlag = datadogFlag(
        "dd-semver", rules: [[datadogCondition("appVersion", "SEMVER_GTE", "2.0.0")]],
        splits: [datadogSplit("on")])

    public static let datadogStatic = datadogCompile([datadogStaticFlag])
    public static let datadogRuleAndShards = datadogCompile([datadogRuleAndShardsFlag])
    public static let datadogOneOf100 = datadogCompile([datadogOneOf100Flag])
    public static let datadogMatches = datadogCompile([datadogMatchesFlag])
    public static let datadogMatchesUnicode = datadogCompile([datadogMatchesUnicodeFlag])
    public static let datadogSemver = datadogCompile([datadogSemverFlag])

    /// Every Datadog scenario's flag in one document, for a client (`client.datadog`).
    public static let datadogClientDocument = datadogDocument([
        datadogStaticFlag, datadogRuleAndShardsFlag, datadogOneOf100Flag, datadogMatchesFlag, datadogMatchesUnicodeFlag,
        datadogSemverFlag,
    ])

    /// Every Datadog scenario, evaluated as strings.
    public static let datadog: [SingleFlagScenario] = [
        .init("DatadogStaticFlag", flag: "dd-static", { datadogStatic }, context: { datadogUser }),
        .init("DatadogRuleAndShardSplit", flag: "dd-rule-shards", { datadogRuleAndShards }, context: { datadogUser }),
        .init("DatadogOneOf100", flag: "dd-one-of-100", { datadogOneOf100 }, context: { datadogUser }),
        .init("DatadogMatches", flag: "dd-matches", { datadogMatches }, context: { datadogUser }),
        .init("DatadogMatchesUnicode", flag: "dd-matches-unicode", { datadogMatchesUnicode }, context: { datadogUser }),
        .init("DatadogSemver", flag: "dd-semver", { datadogSemver }, context: { datadogUser }),
    ]
}
