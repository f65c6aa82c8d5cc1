import BurgeeCore

/// The Kameleoon site configuration `burgee demo --format kameleoon` serves (the body of
/// Kameleoon's `GET /v3/{siteCode}` for one environment), and the one visitor its Data API knows.
///
/// Three flags, one per kind of rule the demo shows: `ff_new_checkout` delivered to visitors whose
/// custom data `plan` (index 1) is `pro`, with a STRING and a JSON variable; `ff_pricing_test`, a
/// three-way experiment, which consent required with partial blocking keeps from visitors who
/// refused it; `ff_pricing_survey`, delivered to visitors assigned to that experiment.
/// `realTimeUpdate` lets an edit reach clients through `/sse` without waiting for a poll.
enum ExampleKameleoonDefinitions {
    static let json = #"""
    {
      "configuration": {"realTimeUpdate": true, "consentType": "REQUIRED", "consentOptOutBehavior": "PARTIALLY_BLOCK",
                        "dataApiDomain": null},
      "customData": [{"id": 901, "index": 1, "name": "plan", "localOnly": false, "scope": "VISITOR", "isMappingIdentifier": false}],
      "segments": [
        {"id": 11, "name": "Pro plan", "conditionsData": {"firstLevelOrOperators": [], "firstLevel": [{"orOperators": [], "conditions": [
          {"targetingType": "CUSTOM_DATUM", "isInclude": true, "customDataIndex": "1", "valueMatchType": "EXACT", "value": "pro"}]}]}},
        {"id": 12, "name": "In the pricing test", "conditionsData": {"firstLevelOrOperators": [], "firstLevel": [{"orOperators": [], "conditions": [
          {"targetingType": "TARGET_FEATURE_FLAG", "isInclude": true, "featureFlagId": 2000}]}]}}
      ],
      "featureFlags": [
        {"id": 1000, "featureKey": "ff_new_checkout", "defaultVariationKey": "off", "environmentEnabled": true,
         "variations": [
           {"key": "off", "name": "Off", "variables": [{"key": "button", "type": "STRING", "value": "grey"},
                                                       {"key": "layout", "type": "JSON", "value": "{\"steps\":3}"}]},
           {"key": "on", "name": "On", "variables": [{"key": "button", "type": "STRING", "value": "green"},
                                                     {"key": "layout", "type": "JSON", "value": "{\"steps\":1,\"express\":true}"}]}],
         "rules": [{"id": 1001, "order": 1, "type": "TARGETED_DELIVERY", "exposition": 1.0, "experimentId": 1002, "segmentId": 11,
                    "variationByExposition": [{"variationKey": "on", "variationId": 1003, "exposition": 1.0}]}]},
        {"id": 2000, "featureKey": "ff_pricing_test", "defaultVariationKey": "control", "environmentEnabled": true,
         "variations": [{"key": "control", "name": "Current prices", "variables": []},
                        {"key": "annual_first", "name": "Annual plan first", "variables": []},
                        {"key": "discount", "name": "10% off", "variables": []}],
         "rules": [{"id": 2001, "order": 1, "type": "EXPERIMENTATION", "exposition": 1.0, "experimentId": 2002, "segmentId": null,
                    "variationByExposition": [{"variationKey": "control", "variationId": 2003, "exposition": 0.34},
                                              {"variationKey": "annual_first", "variationId": 2004, "exposition": 0.33},
                                              {"variationKey": "discount", "variationId": 2005, "exposition": 0.33}]}]},
        {"id": 3000, "featureKey": "ff_pricing_survey", "defaultVariationKey": "off", "environmentEnabled": true,
         "variations": [{"key": "off", "name": "Off", "variables": []}, {"key": "on", "name": "On", "variables": []}],
         "rules": [{"id": 3001, "order": 1, "type": "TARGETED_DELIVERY", "exposition": 1.0, "experimentId": 3002, "segmentId": 12,
                    "variationByExposition": [{"variationKey": "on", "variationId": 3003, "exposition": 1.0}]}]}
      ],
      "dateModified": 1767225600000
    }
    """#

    /// The visitor the demo's Data API knows: a returning visitor whose previous visit set `plan`.
    static let knownVisitor = "returning-1"

    /// What the Data API answers for ``knownVisitor`` (`GET /visit/visitor`): one previous visit
    /// with the custom data `plan` = `pro`.
    static let knownVisitorData: JSONValue = [
        "currentVisit": .null,
        "previousVisits": [[
            "visitorCode": .string(knownVisitor), "timeStarted": 1_767_139_200_000, "timeLastEvent": 1_767_139_260_000,
            "customDataEvents": [["time": 1_767_139_230_000, "data": ["index": 1, "valuesCountMap": ["pro": 1]]]],
        ]],
    ]
}
