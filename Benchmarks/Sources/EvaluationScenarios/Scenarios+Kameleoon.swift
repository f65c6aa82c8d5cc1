import BurgeeCore

/// Kameleoon configurations for the benchmarks: a targeted-delivery rule on custom data, an
/// experimentation rule with three variations, a segment of five conditions (custom data, device,
/// a page URL regular expression, conversions, geolocation), and a holdout with a mutually
/// exclusive group, each evaluated for one visitor with data (as a string: variation keys are
/// strings). The visitor is replayed once; the benchmark measures the evaluation alone.
extension Scenarios {
    static func kameleoonCondition(_ type: String, _ members: [String: JSONValue]) -> JSONValue {
        var condition: [String: JSONValue] = ["targetingType": .string(type), "isInclude": true]
        for (k, v) in members { condition[k] = v }
        return .object(condition)
    }

    static func kameleoonSegment(_ id: Int, _ conditions: [JSONValue]) -> JSONValue {
        ["id": .number(Double(id)), "name": "segment",
         "conditionsData": ["firstLevelOrOperators": [],
                            "firstLevel": [["orOperators": .array(conditions.dropFirst().map { _ in false }),
                                            "conditions": .array(conditions)]]]]
    }

    static func kameleoonRule(_ id: Int, _ type: String, segment: Int?, _ variations: [(String, Double)]) -> JSONValue {
        ["id": .number(Double(id)), "order": 1, "type": .string(type), "exposition": 1.0, "experimentId": .number(Double(id + 1)),
         "respoolTime": .null, "segmentId": segment.map { .number(Double($0)) } ?? .null,
         "variationByExposition": .array(variations.enumerated().map { i, v in
             ["variationKey": .string(v.0), "variationId": .number(Double(id + 10 + i)), "exposition": .number(v.1)]
         })]
    }

    static func kameleoonFlag(_ id: Int, _ key: String, _ rules: [JSONValue], group: String? = nil) -> JSONValue {
        ["id": .number(Double(id)), "featureKey": .string(key), "defaultVariationKey": "off", "environmentEnabled": true,
         "mutuallyExclusiveGroup": group.map(JSONValue.string) ?? .null, "bucketingCustomDataId": .null,
         "variations": [["key": "off", "name": "Off", "variables": []],
                        ["key": "on", "name": "On", "variables": [["key": "color", "type": "STRING", "value": "red"]]],
                        ["key": "blue", "name": "Blue", "variables": []]],
         "rules": .array(rules)]
    }

    public static func kameleoonCompile(_ flags: [JSONValue], segments: [JSONValue] = [], holdout: JSONValue? = nil) -> Snapshot {
        var document: [String: JSONValue] = [
            "configuration": ["realTimeUpdate": false, "consentType": "NOT_REQUIRED", "consentOptOutBehavior": "PARTIALLY_BLOCK"],
            "customData": [["id": 701, "index": 1, "name": "plan", "localOnly": false, "scope": "VISITOR", "isMappingIdentifier": false]],
            "segments": .array(segments), "featureFlags": .array(flags), "dateModified": 1767225600000,
        ]
        if let holdout { document["holdout"] = holdout }
        let snapshot = try! Snapshot(jsonBytes: Array(JSONValue.object(document).serialized().utf8), format: .kameleoon)
        precondition(snapshot.problems.isEmpty, "\(snapshot.problems)")
        return snapshot
    }

    /// The visitor of every Kameleoon scenario: custom data, a phone, two pages, a conversion, a geolocation.
    static let kameleoonVisitor: JSONValue = [
        "visitorCode": "visitor-42",
        "data": [["type": "customData", "index": 1, "values": ["pro"]],
                 ["type": "device", "device": "PHONE"],
                 ["type": "pageView", "url": "https://shop.example/home", "title": "Home"],
                 ["type": "pageView", "url": "https://shop.example/checkout/cart", "title": "Cart"],
                 ["type": "conversion", "goalId": 11, "revenue": 9.5],
                 ["type": "geolocation", "country": "France", "city": "Lyon"]],
    ]

    /// Scenario: one targeted-delivery rule on a segment of one custom data condition.
    public static let kameleoonTargetedDelivery = kameleoonCompile(
        [kameleoonFlag(1000, "kd-td", [kameleoonRule(1001, "TARGETED_DELIVERY", segment: 1, [("on", 1)])])],
        segments: [kameleoonSegment(1, [kameleoonCondition("CUSTOM_DATUM", ["customDataIndex": "1", "valueMatchType": "EXACT", "value": "pro"])])])

    /// Scenario: one experimentation rule splitting everyone between three variations.
    public static let kameleoonExperiment = kameleoonCompile(
        [kameleoonFlag(2000, "kd-experiment", [kameleoonRule(2001, "EXPERIMENTATION", segment: nil,
                                                              [("off", 1.0 / 3), ("on", 1.0 / 3), ("blue", 1.0 / 3)])])])

    /// Scenario: a targeted-delivery rule whose segment ANDs five conditions of five kinds.
    public static let kameleoonFiveConditions = kameleoonCompile(
        [kameleoonFlag(3000, "kd-five", [kameleoonRule(3001, "TARGETED_DELIVERY", segment: 3, [("on", 1)])])],
        segments: [kameleoonSegment(3, [
            kameleoonCondition("CUSTOM_DATUM", ["customDataIndex": "1", "valueMatchType": "EXACT", "value": "pro"]),
            kameleoonCondition("DEVICE_TYPE", ["device": "PHONE"]),
            kameleoonCondition("PAGE_URL", ["url": "https://shop\\.example/checkout/.*", "matchType": "REGULAR_EXPRESSION"]),
            kameleoonCondition("CONVERSIONS", ["goalId": 11, "visitScope": "VISITOR", "visitCount": 25]),
            kameleoonCondition("GEOLOCATION", ["country": "France"]),
        ])])

    /// Scenario: a holdout (1 % in it) and a mutually exclusive group of two flags, then a rule.
    public static let kameleoonHoldoutGroup = kameleoonCompile(
        [kameleoonFlag(4000, "kd-group-a", [kameleoonRule(4001, "TARGETED_DELIVERY", segment: nil, [("on", 1)])], group: "checkout"),
         kameleoonFlag(4100, "kd-group-b", [kameleoonRule(4101, "TARGETED_DELIVERY", segment: nil, [("on", 1)])], group: "checkout")],
        holdout: ["experimentId": 9000, "variationByExposition": [
            ["variationKey": "in-holdout", "variationId": 9001, "exposition": 0.01],
            ["variationKey": "off-holdout", "variationId": 9002, "exposition": 0.99]]])

    static func kameleoonContext(_ flag: String, _ snapshot: Snapshot) -> Context {
        Context(kameleoonJSON: kameleoonVisitor, flag: flag, snapshot: snapshot)
    }

    /// Every Kameleoon scenario, evaluated as strings.
    public static let kameleoon: [SingleFlagScenario] = [
        .init("KameleoonTargetedDeliveryCustomData", flag: "kd-td", { kameleoonTargetedDelivery },
              context: { kameleoonContext("kd-td", kameleoonTargetedDelivery) }),
        .init("KameleoonExperimentThreeVariations", flag: "kd-experiment", { kameleoonExperiment },
              context: { kameleoonContext("kd-experiment", kameleoonExperiment) }),
        .init("KameleoonSegmentFiveConditions", flag: "kd-five", { kameleoonFiveConditions },
              context: { kameleoonContext("kd-five", kameleoonFiveConditions) }),
        .init("KameleoonHoldoutAndGroup", flag: "kd-group-a", { kameleoonHoldoutGroup },
              context: { kameleoonContext("kd-group-a", kameleoonHoldoutGroup) }),
    ]
}
