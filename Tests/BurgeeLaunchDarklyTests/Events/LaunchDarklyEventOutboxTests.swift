import BurgeeCore
import Testing
@testable import BurgeeLaunchDarkly

/// The event processor's decisions and payloads, as go-server-sdk's `ldevents` makes them: index
/// events, feature and debug events, the summary, capacity.
@Suite struct LaunchDarklyEventOutboxTests {
    private let user = Context(key: "u-1", name: "Ann")
    private let formatter = LaunchDarklyContextFormatter(allAttributesPrivate: false, privateAttributes: [])

    private func evaluation(_ key: String = "f", at time: Int64 = 1_000, version: Int64? = 3, variation: Int? = 1,
                            value: JSONValue = true, default defaultValue: JSONValue = false, full: Bool = false,
                            debugUntil: Int64? = nil, context: Context? = nil, prereqOf: String? = nil,
                            reason: EvaluationReason? = nil) -> LaunchDarklyEventInput {
        .evaluation(LaunchDarklyEvaluationRecord(
            creationDate: time, key: key, version: version, variation: variation, value: value, defaultValue: defaultValue,
            reason: reason, prereqOf: prereqOf, requireFullEvent: full, debugEventsUntilDate: debugUntil, context: context ?? user))
    }

    private func payload(_ outbox: inout LaunchDarklyEventOutbox) throws -> [JSONValue] {
        let taken = outbox.takePayload()
        let bytes = try #require(taken).json(formatter)
        return try #require(try JSONValue(parsing: bytes).arrayValue)
    }

    @Test func anUntrackedEvaluationSendsAnIndexEventAndTheSummary() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 1000)
        outbox.process(evaluation(), now: 1_000)
        let events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "summary"])
        #expect(events[0] == (try JSONValue(parsing: #"{"kind":"index","creationDate":1000,"context":{"kind":"user","key":"u-1","name":"Ann"}}"#)))
        #expect(events[1] == (try JSONValue(parsing: #"""
            {"kind":"summary","startDate":1000,"endDate":1000,"features":{"f":{"default":false,
             "counters":[{"variation":1,"version":3,"value":true,"count":1}],"contextKinds":["user"]}}}
            """#)))
        let nothing = outbox.takePayload()
        #expect(nothing == nil)
    }

    @Test func aContextSeenLatelyGetsNoSecondIndexEvent() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 1000)
        outbox.process(evaluation(), now: 1_000)
        outbox.process(evaluation(at: 2_000), now: 2_000)
        outbox.process(.custom(LaunchDarklyCustomRecord(creationDate: 2_500, key: "buy", data: .null, metricValue: nil, context: user)),
                       now: 2_500)
        #expect(outbox.deduplicatedContexts == 2)
        var events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "custom", "summary"])
        // Still seen after a flush; forgotten when the context keys are flushed.
        outbox.process(evaluation(at: 3_000), now: 3_000)
        let afterFlush = try payload(&outbox)
        #expect(afterFlush.map { $0.objectValue?["kind"] } == ["summary"])
        outbox.forgetContexts()
        outbox.process(evaluation(at: 4_000), now: 4_000)
        events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "summary"])
    }

    @Test func theLeastRecentlySeenContextIsForgottenFirst() {
        var cache = LaunchDarklyContextKeyCache(capacity: 2)
        // a, b new; a seen (now the most recent); c new, evicting b; a seen; b new again.
        let seen = ["a", "b", "a", "c", "a", "b"].map { cache.add($0) }
        #expect(seen == [false, false, true, false, true, false])
        #expect(cache.count == 2)
        var none = LaunchDarklyContextKeyCache(capacity: 0)
        let noneSeen = [none.add("a"), none.add("a")]
        #expect(noneSeen == [false, false])
    }

    @Test func aTrackedEvaluationSendsAFeatureEventAfterItsIndexEvent() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 1000)
        let reason = EvaluationReason(kind: .fallthrough, inExperiment: true)
        outbox.process(evaluation(full: true, reason: reason), now: 1_000)
        let events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "feature", "summary"])
        #expect(events[1] == (try JSONValue(parsing: #"""
            {"kind":"feature","creationDate":1000,"key":"f","version":3,"context":{"kind":"user","key":"u-1","name":"Ann"},
             "variation":1,"value":true,"default":false,"reason":{"kind":"FALLTHROUGH","inExperiment":true}}
            """#)))
    }

    @Test func featureEventsRedactAnonymousContextsAndDebugEventsDoNot() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 1000)
        let anonymous = Context(key: "anon", name: "Ann", anonymous: true)
        outbox.process(evaluation(full: true, debugUntil: 5_000, context: anonymous), now: 1_000)
        let events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "feature", "debug", "summary"])
        #expect(events[1].objectValue?["context"]?.objectValue?["name"] == nil)
        #expect(events[2].objectValue?["context"]?.objectValue?["name"] == "Ann")
        #expect(events[0].objectValue?["context"]?.objectValue?["name"] == "Ann")
    }

    @Test func debugEventsStopAtTheirDateOnEitherClock() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 1000)
        outbox.process(evaluation(debugUntil: 5_000), now: 5_000)     // not after now
        outbox.lastKnownPastTime = 6_000
        outbox.process(evaluation(debugUntil: 5_500), now: 1_000)     // before the service's time
        outbox.process(evaluation(debugUntil: 7_000), now: 1_000)
        let kinds = try payload(&outbox).map { $0.objectValue?["kind"] }
        #expect(kinds == ["index", "debug", "summary"])
    }

    @Test func theSummaryKeepsTheFirstDefaultAndCountsByVariationAndVersion() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 1000)
        let org = Context(kind: "org", key: "o")
        outbox.process(evaluation(at: 2_000, default: "first"), now: 0)
        outbox.process(evaluation(at: 1_500, default: "second", context: org), now: 0)
        outbox.process(evaluation(at: 3_000, version: 4, variation: 1), now: 0)
        outbox.process(evaluation(at: 2_500, variation: nil, value: "d", default: "d"), now: 0)
        outbox.process(evaluation("missing", at: 2_600, version: nil, variation: nil, value: 7, default: 7), now: 0)
        outbox.process(evaluation("p", at: 2_700, value: 1, default: .null, prereqOf: "f"), now: 0)
        let summary = try #require(try payload(&outbox).last?.objectValue)
        #expect(summary["startDate"] == 1500 && summary["endDate"] == 3000)
        let f = try #require(summary["features"]?.objectValue?["f"]?.objectValue)
        #expect(f["default"] == "first")
        #expect(f["contextKinds"] == ["user", "org"])
        #expect(f["counters"] == (try JSONValue(parsing: #"""
            [{"variation":1,"version":3,"value":true,"count":2},{"variation":1,"version":4,"value":true,"count":1},
             {"version":3,"value":"d","count":1}]
            """#)))
        #expect(summary["features"]?.objectValue?["missing"] == (try JSONValue(parsing: #"""
            {"default":7,"counters":[{"unknown":true,"value":7,"count":1}],"contextKinds":["user"]}
            """#)))
        #expect(summary["features"]?.objectValue?["p"]?.objectValue?["default"] == .null)
    }

    @Test func aFullOutboxDropsNewEventsButNeverTheSummary() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 3, contextKeysCapacity: 1000)
        for i in 0..<5 {
            outbox.process(evaluation(full: true, context: Context(key: "u\(i)")), now: 0)
        }
        // u0: index + feature, u1: index (the feature event is dropped), then everything is dropped.
        #expect(outbox.droppedEvents == 7)
        let events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "feature", "index", "summary"])
        #expect(events.last?.objectValue?["features"]?.objectValue?["f"]?.objectValue?["counters"]?.arrayValue?.first?
            .objectValue?["count"] == 5)
    }

    @Test func customEventsCarryDataMetricValueAndContextKeys() throws {
        var outbox = LaunchDarklyEventOutbox(capacity: 100, contextKeysCapacity: 0)
        let multi = Context.multi([Context(kind: "org", key: "o"), user])
        outbox.process(.custom(LaunchDarklyCustomRecord(creationDate: 10, key: "buy", data: ["n": 1], metricValue: 2.5,
                                                        context: multi)), now: 0)
        outbox.process(.custom(LaunchDarklyCustomRecord(creationDate: 11, key: "view", data: .null, metricValue: 3,
                                                        context: user)), now: 0)
        let events = try payload(&outbox)
        #expect(events.map { $0.objectValue?["kind"] } == ["index", "custom", "index", "custom"])
        #expect(events[1] == (try JSONValue(parsing: #"""
            {"kind":"custom","creationDate":10,"key":"buy","data":{"n":1},"contextKeys":{"org":"o","user":"u-1"},"metricValue":2.5}
            """#)))
        #expect(events[3] == (try JSONValue(parsing: #"{"kind":"custom","creationDate":11,"key":"view","contextKeys":{"user":"u-1"},"metricValue":3}"#)))
        #expect(events[0].objectValue?["context"]?.objectValue?["kind"] == "multi")
    }
}
