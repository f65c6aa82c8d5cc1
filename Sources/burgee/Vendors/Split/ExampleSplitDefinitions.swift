/// The Split definitions `burgee demo --format split` serves (the body of Split's `/splitChanges`
/// with the segments' keys), and sample keys with attributes.
enum ExampleSplitDefinitions {
    static let json = #"""
    {
      "ff": {"d": [
        {"name": "new-checkout", "trafficTypeName": "user", "changeNumber": 1700000000001, "status": "ACTIVE",
         "killed": false, "defaultTreatment": "off", "seed": -1222652054, "algo": 2,
         "trafficAllocation": 100, "trafficAllocationSeed": 1843215645, "sets": ["web"],
         "configurations": {"on": "{\"button\":\"green\"}", "off": "{\"button\":\"grey\"}"},
         "conditions": [
           {"conditionType": "WHITELIST", "label": "whitelisted",
            "matcherGroup": {"combiner": "AND", "matchers": [
              {"matcherType": "WHITELIST", "negate": false, "keySelector": null,
               "whitelistMatcherData": {"whitelist": ["qa-1", "qa-2"]}}]},
            "partitions": [{"treatment": "on", "size": 100}]},
           {"conditionType": "ROLLOUT", "label": "in segment beta_users",
            "matcherGroup": {"combiner": "AND", "matchers": [
              {"matcherType": "IN_SEGMENT", "negate": false, "keySelector": {"trafficType": "user", "attribute": null},
               "userDefinedSegmentMatcherData": {"segmentName": "beta_users"}}]},
            "partitions": [{"treatment": "on", "size": 100}]},
           {"conditionType": "ROLLOUT", "label": "plan in (pro, enterprise) and age >= 18",
            "matcherGroup": {"combiner": "AND", "matchers": [
              {"matcherType": "WHITELIST", "negate": false, "keySelector": {"trafficType": "user", "attribute": "plan"},
               "whitelistMatcherData": {"whitelist": ["pro", "enterprise"]}},
              {"matcherType": "GREATER_THAN_OR_EQUAL_TO", "negate": false, "keySelector": {"trafficType": "user", "attribute": "age"},
               "unaryNumericMatcherData": {"dataType": "NUMBER", "value": 18}}]},
            "partitions": [{"treatment": "on", "size": 50}, {"treatment": "off", "size": 50}]}]},
        {"name": "search-ranking", "trafficTypeName": "user", "changeNumber": 1700000000002, "status": "ACTIVE",
         "killed": false, "defaultTreatment": "classic", "seed": 467569525, "algo": 2,
         "trafficAllocation": 60, "trafficAllocationSeed": -2110455117, "sets": ["web", "search"],
         "conditions": [
           {"conditionType": "ROLLOUT", "label": "default rule",
            "matcherGroup": {"combiner": "AND", "matchers": [{"matcherType": "ALL_KEYS", "negate": false, "keySelector": null}]},
            "partitions": [{"treatment": "classic", "size": 34}, {"treatment": "semantic", "size": 33},
                           {"treatment": "hybrid", "size": 33}]}]}
      ], "s": -1, "t": 1700000000002},
      "rbs": {"d": [], "s": -1, "t": -1},
      "segments": {"beta_users": ["alice", "bob"]}
    }
    """#

    /// Sample evaluations: a label, the matching key and the attributes.
    static let samples: [(label: String, key: String, attributes: [String: String])] = [
        ("a QA account", "qa-1", [:]),
        ("a beta user", "alice", [:]),
        ("a pro user", "user-7", ["plan": "pro", "age": "34"]),
        ("a free user", "user-8", ["plan": "free", "age": "34"]),
    ]
}
