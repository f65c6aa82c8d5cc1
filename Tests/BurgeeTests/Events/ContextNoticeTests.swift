import Burgee
import BurgeeCore
import BurgeeTesting
import Testing

/// Context notices, for a destination that announces each context once per period
/// (LaunchDarkly's index events): queued before the event that noticed them, forgotten at each
/// period's end on the client's clock, none for an invalid context.
@Suite("Context notices")
struct ContextNoticeTests {
    typealias H = EventsHarness

    private func kinds(_ events: [AnalyticsEvent]) -> [String] {
        events.map { event in
            switch event {
            case .contextNotice(let n): "notice:" + (n.contextKeys["user"] ?? "?") + "@\(n.period)"
            case .custom(let c): "custom:" + c.key
            case .exposure(let e): "exposure:" + e.flagKey
            case .summary: "summary"
            }
        }
    }

    @Test func eachContextIsNoticedOncePerPeriodBeforeItsEvents() async throws {
        let clock = ManualClock()
        let (client, sink) = try await H.client(exposures: .off, clock: clock) {
            $0.destination.contextNotices = ContextNoticeSettings(period: .seconds(300), capacity: 100)
        }
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.boolVariation("no-such-flag", context: Context(key: "u-2"), default: false)
        _ = client.track("bought", context: Context(key: "u-3"))
        _ = client.track("bought", context: H.user)
        await client.flush()
        #expect(kinds(sink.events) == ["notice:u-1@0", "notice:u-2@0", "notice:u-3@0", "custom:bought", "custom:bought", "summary"])
        // Still noticed after a flush; noticed again in the next period.
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        #expect(kinds(Array(sink.events.dropFirst(6))) == ["summary"])
        try await clock.sleepers(atLeast: 2)
        clock.advance(by: .seconds(300))
        // The period's end is on the client's clock: wait until the loop has started the next one.
        try await clock.sleepers(atLeast: 2)
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        #expect(kinds(Array(sink.events.dropFirst(7))) == ["notice:u-1@1", "summary"])
        await client.close()
    }

    @Test func anInvalidContextIsNeitherNoticedNorCounted() async throws {
        let (client, sink) = try await H.client(exposures: .off) {
            $0.destination.contextNotices = ContextNoticeSettings(period: .seconds(300), capacity: 100)
        }
        _ = client.boolVariation("plain", context: Context(key: ""), default: false)
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        #expect(kinds(sink.events) == ["notice:u-1@0", "summary"])
        #expect(sink.summaries.first?.evaluations(of: "plain") == 1)
        await client.close()
    }

    @Test func burgeesOwnBatchesLeaveNoticesOut() throws {
        let batch = EventBatch(events: [
            .contextNotice(ContextNoticeEvent(timestamp: 1, period: 0, contextKeys: ["user": "u-1"])),
            .custom(CustomEvent(timestamp: 2, key: "k", contextKeys: ["user": "u-1"])),
        ])
        let read = try EventBatch(jsonBytes: batch.jsonBytes)
        #expect(read.events.map(\.kind) == ["custom"])
        // The notice's own JSON reads back (in-memory and log sinks show it).
        #expect(try AnalyticsEvent.contextNotice(ContextNoticeEvent(timestamp: 1, period: 2, contextKeys: ["user": "u"])).jsonText
            == #"{"kind":"contextNotice","timestamp":1,"period":2,"context":{"user":"u"}}"#)
    }
}
