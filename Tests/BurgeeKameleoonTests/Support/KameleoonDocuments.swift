/// Kameleoon configuration documents shared by the Kameleoon suites.
enum KameleoonDocuments {
    /// `ff_pro`: targeted delivery to custom data 1 = `pro`; `ff_exp`: an experiment for everyone;
    /// `ff_off`: off in the environment; `ff_after`: targeted delivery to visitors assigned to
    /// `ff_exp`'s experiment. Consent is required, with partial blocking.
    static func standard(realTimeUpdate: Bool = false, proColor: String = "red", dateModified: Int = 1_767_225_600_000) -> String {
        #"""
        {"configuration": {"realTimeUpdate": \#(realTimeUpdate), "consentType": "REQUIRED", "consentOptOutBehavior": "PARTIALLY_BLOCK"},
         "customData": [{"id": 701, "index": 1, "name": "plan", "localOnly": false, "scope": "VISITOR", "isMappingIdentifier": false}],
         "segments": [
           {"id": 12, "conditionsData": {"firstLevelOrOperators": [], "firstLevel": [{"orOperators": [], "conditions": [
              {"targetingType": "CUSTOM_DATUM", "isInclude": true, "customDataIndex": "1", "valueMatchType": "EXACT", "value": "pro"}]}]}},
           {"id": 13, "conditionsData": {"firstLevelOrOperators": [], "firstLevel": [{"orOperators": [], "conditions": [
              {"targetingType": "TARGET_FEATURE_FLAG", "isInclude": true, "featureFlagId": 4100}]}]}}],
         "featureFlags": [
           {"id": 4000, "featureKey": "ff_pro", "defaultVariationKey": "off", "environmentEnabled": true,
            "variations": [{"key": "off", "name": "Off", "variables": []},
                           {"key": "on", "name": "On", "variables": [{"key": "color", "type": "STRING", "value": "\#(proColor)"},
                                                                    {"key": "cfg", "type": "JSON", "value": "{\"a\":1}"}]}],
            "rules": [{"id": 4001, "order": 1, "type": "TARGETED_DELIVERY", "exposition": 1.0, "experimentId": 4002, "segmentId": 12,
                       "variationByExposition": [{"variationKey": "on", "variationId": 4008, "exposition": 1.0}]}]},
           {"id": 4100, "featureKey": "ff_exp", "defaultVariationKey": "off", "environmentEnabled": true,
            "variations": [{"key": "off", "name": "Off", "variables": []}, {"key": "on", "name": "On", "variables": []}],
            "rules": [{"id": 4101, "order": 1, "type": "EXPERIMENTATION", "exposition": 1.0, "experimentId": 4102, "segmentId": null,
                       "variationByExposition": [{"variationKey": "on", "variationId": 4108, "exposition": 1.0}]}]},
           {"id": 4200, "featureKey": "ff_off", "defaultVariationKey": "off", "environmentEnabled": false,
            "variations": [{"key": "off", "name": "Off", "variables": []}], "rules": []},
           {"id": 4300, "featureKey": "ff_after", "defaultVariationKey": "off", "environmentEnabled": true,
            "variations": [{"key": "off", "name": "Off", "variables": []}, {"key": "on", "name": "On", "variables": []}],
            "rules": [{"id": 4301, "order": 1, "type": "TARGETED_DELIVERY", "exposition": 1.0, "experimentId": 4302, "segmentId": 13,
                       "variationByExposition": [{"variationKey": "on", "variationId": 4308, "exposition": 1.0}]}]}],
         "dateModified": \#(dateModified)}
        """#
    }
}
