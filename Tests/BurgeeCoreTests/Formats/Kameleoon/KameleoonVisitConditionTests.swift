import Testing
@testable import BurgeeCore

/// Visits, conversions and campaign conditions, with their visit scopes.
@Suite("Kameleoon conditions: visits and campaigns")
struct KameleoonVisitConditionTests {
    typealias K = KameleoonConditionSupport

    /// Previous visits one hour, one day and three days ago (newest first).
    static let history: JSONValue = [.number(K.now - 3_600_000), .number(K.now - K.day), .number(K.now - 3 * K.day)]

    @Test("VISITS, NEW_VISITORS: previous visits, none without history")
    func visits() throws {
        let returning = K.visitor(["previousVisits": Self.history])
        #expect(try K.holds(["targetingType": "VISITS", "matchType": "EQUAL", "visitCount": 4], returning))
        #expect(try !K.holds(["targetingType": "VISITS", "matchType": "GREATER", "visitCount": 4], returning))
        #expect(try K.holds(["targetingType": "VISITS", "matchType": "EQUAL", "visitCount": 1], K.nobody))
        #expect(try K.holds(["targetingType": "VISITS", "matchType": "EQUAL", "visitCount": 1], K.visitor(["previousVisits": []])))
        #expect(try !K.holds(["targetingType": "VISITS", "matchType": "EQUAL"], K.nobody))
        #expect(try K.holds(["targetingType": "NEW_VISITORS", "visitorType": "NEW"], K.nobody))
        #expect(try !K.holds(["targetingType": "NEW_VISITORS", "visitorType": "new"], returning))
        #expect(try K.holds(["targetingType": "NEW_VISITORS", "visitorType": "RETURNING"], returning))
        #expect(try !K.holds(["targetingType": "NEW_VISITORS", "visitorType": "RETURNING"], K.visitor()))
    }

    @Test("SAME_DAY_VISITS: previous visits since UTC midnight, newest first, plus the current visit")
    func sameDay() throws {
        let returning = K.visitor(["previousVisits": Self.history])
        #expect(try K.holds(["targetingType": "SAME_DAY_VISITS", "matchType": "EQUAL", "visitCount": 2], returning))
        #expect(try K.holds(["targetingType": "SAME_DAY_VISITS", "matchType": "EQUAL", "visitCount": 1], K.nobody))
        #expect(try !K.holds(["targetingType": "SAME_DAY_VISITS", "matchType": "GREATER", "visitCount": 1], K.nobody))
        // An older visit first stops the count, as the SDK walks newest first.
        let unordered = K.visitor(["previousVisits": [.number(K.now - 3 * K.day), .number(K.now - 60_000)]])
        #expect(try K.holds(["targetingType": "SAME_DAY_VISITS", "matchType": "EQUAL", "visitCount": 1], unordered))
        let midnight = (K.now / K.day).rounded(.down) * K.day
        let atMidnight = K.visitor(["now": .number(midnight), "visitStart": .number(midnight), "previousVisits": [.number(midnight - 1)]])
        #expect(try K.holds(["targetingType": "SAME_DAY_VISITS", "matchType": "EQUAL", "visitCount": 1], atMidnight))
    }

    @Test("FIRST_VISIT, LAST_VISIT: time since the oldest or newest previous visit")
    func timeSince() throws {
        let returning = K.visitor(["previousVisits": Self.history])
        #expect(try K.holds(["targetingType": "LAST_VISIT", "matchType": "EQUAL", "countInMillis": 3_600_000], returning))
        #expect(try K.holds(["targetingType": "FIRST_VISIT", "matchType": "GREATER", "countInMillis": .number(2 * K.day)], returning))
        #expect(try !K.holds(["targetingType": "FIRST_VISIT", "matchType": "LOWER", "countInMillis": .number(2 * K.day)], returning))
        #expect(try !K.holds(["targetingType": "LAST_VISIT", "matchType": "GREATER", "countInMillis": 0], K.visitor()))
        #expect(try K.holds(["targetingType": "LAST_VISIT", "matchType": "GREATER", "countInMillis": 0, "isInclude": false], K.nobody))
    }

    @Test("CONVERSIONS: a goal (or any) at or after the visit scope's threshold")
    func conversions() throws {
        let conversions: JSONValue = [["goalId": 11, "time": .number(K.now - 2 * K.day), "revenue": 0, "negative": false],
                                      ["goalId": 0, "time": .number(K.now + 1), "revenue": 0, "negative": false]]
        let v = K.visitor(["conversions": conversions, "previousVisits": Self.history])
        #expect(try K.holds(["targetingType": "CONVERSIONS", "goalId": 11], v))
        #expect(try !K.holds(["targetingType": "CONVERSIONS", "goalId": 11, "visitScope": "CURRENT_VISIT"], v))
        #expect(try !K.holds(["targetingType": "CONVERSIONS", "goalId": 11, "visitCount": 2], v))
        #expect(try K.holds(["targetingType": "CONVERSIONS", "goalId": 11, "visitCount": 4], v))
        #expect(try K.holds(["targetingType": "CONVERSIONS", "goalId": 0, "visitScope": "current_visit"], v))
        #expect(try !K.holds(["targetingType": "CONVERSIONS", "goalId": 12], v))
        #expect(try K.holds(["targetingType": "CONVERSIONS"], v))
        #expect(try K.holds(["targetingType": "CONVERSIONS", "goalId": -1, "visitScope": "CURRENT_VISIT"], v))
        #expect(try !K.holds(["targetingType": "CONVERSIONS", "goalId": .null], v))
        // No visit history: everything counts.
        #expect(try K.holds(["targetingType": "CONVERSIONS", "goalId": 11, "visitScope": "CURRENT_VISIT"], K.visitor(["conversions": conversions])))
        #expect(try !K.holds(["targetingType": "CONVERSIONS"], K.nobody))
    }

    static let assignments: JSONValue = [["experimentId": 1000, "variationId": 2, "time": .number(K.now + 1)],
                                         ["experimentId": 1001, "variationId": 3, "time": .number(K.now - K.day)]]

    @Test("TARGET_FEATURE_FLAG: an assignment to one of the flag's rules, its variation's key, the rule named")
    func targetFeatureFlag() throws {
        let v = K.visitor(["assignments": Self.assignments, "previousVisits": Self.history])
        #expect(try K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10], v))
        #expect(try K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10, "variationKey": "on"], v))
        #expect(try !K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10, "variationKey": "off"], v))
        #expect(try !K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10, "ruleId": 101], v))
        #expect(try K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10, "ruleId": 101, "visitScope": "VISITOR"], v))
        #expect(try !K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10, "ruleId": 0], v))
        #expect(try !K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 11], v))
        #expect(try !K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10], K.visitor()))
        #expect(try !K.holds(["targetingType": "TARGET_FEATURE_FLAG", "featureFlagId": 10], K.nobody))
    }

    @Test("TARGET_EXPERIMENT: an assignment (of the variation, EXACT) in the visit scope")
    func targetExperiment() throws {
        let v = K.visitor(["assignments": Self.assignments, "previousVisits": Self.history])
        #expect(try K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1000, "variationMatchType": "ANY"], v))
        #expect(try K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1000, "variationId": 2, "variationMatchType": "EXACT"], v))
        #expect(try !K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1000, "variationId": 1, "variationMatchType": "EXACT"], v))
        #expect(try !K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1001, "variationMatchType": "ANY"], v))
        #expect(try K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1001, "variationMatchType": "ANY", "visitScope": "VISITOR"], v))
        #expect(try !K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1000, "variationMatchType": "any"], v))
        #expect(try !K.holds(["targetingType": "TARGET_EXPERIMENT", "experimentId": 1000, "variationMatchType": "ANY"], K.nobody))
    }

    @Test("EXCLUSIVE_EXPERIMENT: no other experiment, no personalization, in the visit scope")
    func exclusiveExperiment() throws {
        let v = K.visitor(["assignments": Self.assignments, "previousVisits": Self.history,
                           "personalizations": [["id": 5, "variationId": 6, "time": .number(K.now - 3 * K.day)]]])
        #expect(try !K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "EXPERIMENT"], v))
        #expect(try K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "EXPERIMENT", "visitScope": "CURRENT_VISIT"], v))
        #expect(try !K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "EXPERIMENT", "visitScope": "CURRENT_VISIT"], v,
                             scope: K.scope(experimentId: 1001)))
        #expect(try !K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "PERSONALIZATION"], v))
        #expect(try K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "PERSONALIZATION", "visitCount": 3], v))
        #expect(try !K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "ANY", "visitCount": 3], v))
        #expect(try K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "ANY"], K.nobody))
        #expect(try !K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "ANY"], K.nobody, scope: K.scope(experimentId: nil)))
        #expect(try !K.holds(["targetingType": "EXCLUSIVE_EXPERIMENT", "campaignType": "any"], K.nobody))
    }

    @Test("TARGET_PERSONALIZATION: the personalization in the visit scope")
    func targetPersonalization() throws {
        let v = K.visitor(["previousVisits": Self.history, "personalizations": [["id": 5, "variationId": 6, "time": .number(K.now - K.day)]]])
        #expect(try !K.holds(["targetingType": "TARGET_PERSONALIZATION", "personalizationId": 5], v))
        #expect(try K.holds(["targetingType": "TARGET_PERSONALIZATION", "personalizationId": 5, "visitScope": "VISITOR"], v))
        #expect(try !K.holds(["targetingType": "TARGET_PERSONALIZATION", "personalizationId": 5, "visitScope": "VISITOR", "visitCount": 2], v))
        #expect(try !K.holds(["targetingType": "TARGET_PERSONALIZATION", "personalizationId": 6, "visitScope": "VISITOR"], v))
        #expect(try !K.holds(["targetingType": "TARGET_PERSONALIZATION", "personalizationId": 5], K.nobody))
    }
}
