import Burgee
import BurgeeCore
import Testing
@testable import BurgeeLaunchDarkly

/// LaunchDarkly's `/bulk` payloads as go-server-sdk's `ldevents` writes them: feature, debug,
/// index and custom events, the summary made from the client's, and the context-key LRU.
@Suite struct LaunchDarklyEventPayloadTests {
    private let user = Context(key: "u-1", name: "Ann")
    private let formatter = LaunchDarklyContextFormatter(allAttributesPrivate: false, privateAttributes: [])

    private func record(context: Context? = nil, reason: EvaluationReason? = nil) -> LaunchDarklyEvaluationRecord {
        LaunchDarklyEvaluationRecord(creationDate: 1_000, key: "f", version: 3, variation: 1, value: true, defaultValue: false,
                                     reason: reason, prereqOf: nil, context: context ?? user)
    }

    private func json(_ payload: LaunchDarklyEventPayload) throws -> [JSONValue] {
        try #require(try JSONValue(parsing: payload.json(formatter)).arrayValue)
    }

    @Test func featureAndIndexEvents() throws {
        let reason = EvaluationReason(kind: .fallthrough, inExperiment: true)
        let events = try json(LaunchDarklyEventPayload(events: [.index(user, creationDate: 1_000), .feature(record(reason: reason), debug: false)],
                                                       summary: nil))
        #expect(events[0] == (try JSONValue(parsing: #"{"kind":"index","creationDate":1000,"context":{"kind":"user","key":"u-1","name":"Ann"}}"#)))
        #expect(events[1] == (try JSONValue(parsing: #"""
            {"kind":"feature","creationDate":1000,"key":"f","version":3,"context":{"kind":"user","key":"u-1","name":"Ann"},
             "variation":1,"value":true,"default":false,"reason":{"kind":"FALLTHROUGH","inExperiment":true}}
            """#)))
    }

    @Test func aSamplingRatioOtherThanOneIsWritten() throws {
        var sampled = record(reason: nil)
        sampled.samplingRatio = 5
        let events = try json(LaunchDarklyEventPayload(events: [.feature(sampled, debug: true)], summary: nil))
        #expect(events[0].objectValue?["kind"] == "debug" && events[0].objectValue?["samplingRatio"] == 5)
    }

    @Test func featureEventsRedactAnonymousContextsAndDebugEventsDoNot() throws {
        let anonymous = Context(key: "anon", name: "Ann", anonymous: true)
        let events = try json(LaunchDarklyEventPayload(events: [.feature(record(context: anonymous), debug: false),
                                                                .feature(record(context: anonymous), debug: true)], summary: nil))
        #expect(events.map { $0.objectValue?["kind"] } == ["feature", "debug"])
        #expect(events[0].objectValue?["context"]?.objectValue?["name"] == nil)
        #expect(events[1].objectValue?["context"]?.objectValue?["name"] == "Ann")
    }

    @Test func customEventsCarryDataMetricValueAndContextKeys() throws {
        let multi = Context.multi([Context(kind: "org", key: "o"), user])
        let events = try json(LaunchDarklyEventPayload(events: [
            .custom(LaunchDarklyCustomRecord(creationDate: 10, key: "buy", data: ["n": 1], metricValue: 2.5, context: multi)),
            .custom(LaunchDarklyCustomRecord(creationDate: 11, key: "view", data: .null, metricValue: 3, context: user)),
        ], summary: nil))
        #expect(events[0] == (try JSONValue(parsing: #"""
            {"kind":"custom","creationDate":10,"key":"buy","data":{"n":1},"contextKeys":{"org":"o","user":"u-1"},"metricValue":2.5}
            """#)))
        #expect(events[1] == (try JSONValue(parsing: #"{"kind":"custom","creationDate":11,"key":"view","contextKeys":{"user":"u-1"},"metricValue":3}"#)))
    }

    @Test func theSummaryIsTheClientsWithDefaultsKindsAndValues() throws {
        var summary = SummaryEvent(startTimestamp: 1_500, endTimestamp: 3_000, flags: [
            "f": [SummaryEvent.Counter(version: 3, variationIndex: 1, variationKey: "on", count: 2, value: true),
                  SummaryEvent.Counter(version: 3, variationIndex: nil, variationKey: nil, count: 1, value: "d")],
            "missing": [SummaryEvent.Counter(version: nil, variationIndex: nil, variationKey: nil, count: 1, value: 7)],
        ])
        summary.details = ["f": SummaryEvent.Details(defaultValue: "first", contextKinds: ["user", "org"]),
                           "missing": SummaryEvent.Details(defaultValue: 7, contextKinds: ["user"])]
        let events = try json(LaunchDarklyEventPayload(events: [], summary: LaunchDarklySummarizer(summary)))
        #expect(events == [try JSONValue(parsing: #"""
            {"kind":"summary","startDate":1500,"endDate":3000,"features":{
              "f":{"default":"first","counters":[{"variation":1,"version":3,"value":true,"count":2},{"version":3,"value":"d","count":1}],
                   "contextKinds":["user","org"]},
              "missing":{"default":7,"counters":[{"unknown":true,"value":7,"count":1}],"contextKinds":["user"]}}}
            """#)])
    }

    @Test func theLeastRecentlySeenContextIsForgottenFirst() {
        var cache = LaunchDarklyContextKeyCache(capacity: 2)
        // a, b new; a seen (now the most recent); c new, evicting b; a seen; b new again.
        let seen = ["a", "b", "a", "c", "a", "b"].map { cache.add($0) }
        #expect(seen == [false, false, true, false, true, false])
        #expect(cache.count == 2)
        cache.removeAll()
        let afterForgetting = cache.add("a")
        #expect(!afterForgetting)
        var none = LaunchDarklyContextKeyCache(capacity: 0)
        let noneSeen = [none.add("a"), none.add("a")]
        #expect(noneSeen == [false, false])
    }
}
