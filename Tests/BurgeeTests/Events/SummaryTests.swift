import Burgee
import BurgeeCore
import BurgeeTesting
import Testing

@Suite("Summary events")
struct SummaryTests {
    typealias H = EventsHarness

    @Test("counts per flag, version and variation, defaults and fallbacks included")
    func counts() async throws {
        let (client, sink) = try await H.client(Definitions.shop, exposures: .off)
        for _ in 0..<3 { _ = client.stringVariation("layout", context: H.user, default: "x") }
        _ = client.boolVariation("checkout", context: Context(key: "u-vip"), default: false)
        _ = client.boolVariation("checkout", context: H.user, default: false)
        _ = client.boolVariation("broken", context: H.user, default: true)   // MALFORMED_FLAG: the default
        _ = client.intVariation("layout", context: H.user, default: 0)      // WRONG_TYPE: the default
        await client.flush()
        let summary = try #require(sink.summaries.first)
        #expect(summary.flags["layout"] == [
            SummaryEvent.Counter(version: 3, variationIndex: 1, variationKey: "grid", count: 3),
            SummaryEvent.Counter(version: 3, variationIndex: nil, variationKey: nil, count: 1),
        ])
        #expect(summary.flags["checkout"] == [
            SummaryEvent.Counter(version: 2, variationIndex: 0, variationKey: "off", count: 1),
            SummaryEvent.Counter(version: 2, variationIndex: 1, variationKey: "on", count: 1),
        ])
        #expect(summary.flags["broken"] == [SummaryEvent.Counter(version: 1, variationIndex: nil, variationKey: nil, count: 1)])
        // Prerequisites are evaluated, not asked for: they are not counted.
        #expect(summary.flags["base"] == nil)
        #expect(summary.startTimestamp <= summary.endTimestamp)
        await client.close()
    }

    @Test("for a destination that asks: each flag's first default, the kinds evaluated and each counter's value")
    func details() async throws {
        let (client, sink) = try await H.client(Definitions.shop, exposures: .off) { $0.destination.recordsSummaryDetails = true }
        _ = client.stringVariation("layout", context: H.user, default: "first")
        _ = client.stringVariation("layout", context: Context.multi([Context(kind: "org", key: "o"), H.user]), default: "second")
        _ = client.intVariation("layout", context: H.user, default: 7)                 // WRONG_TYPE: the default, 7
        _ = client.boolVariation("broken", context: Context(kind: "device", key: "d"), default: true)   // MALFORMED_FLAG
        _ = client.jsonVariation("missing", context: H.user, default: ["a": 1])
        _ = client.jsonVariation("missing", context: H.user, default: "later")
        await client.flush()
        let summary = try #require(sink.summaries.first)
        #expect(summary.details["layout"] == SummaryEvent.Details(defaultValue: "first", contextKinds: ["user", "org"]))
        #expect(summary.flags["layout"]?.map(\.value) == ["grid", 7])
        #expect(summary.details["broken"] == SummaryEvent.Details(defaultValue: true, contextKinds: ["device"]))
        #expect(summary.flags["broken"]?.map(\.value) == [true])
        #expect(summary.details["missing"] == SummaryEvent.Details(defaultValue: ["a": 1], contextKinds: ["user"]))
        #expect(summary.flags["missing"]?.map(\.value) == [["a": 1]])
        // A new interval notes afresh.
        _ = client.stringVariation("layout", context: H.user, default: "third")
        await client.flush()
        #expect(sink.summaries.last?.details["layout"] == SummaryEvent.Details(defaultValue: "third", contextKinds: ["user"]))
        await client.close()
    }

    @Test("without a destination that asks, no details are noted")
    func noDetails() async throws {
        let (client, sink) = try await H.client(Definitions.shop, exposures: .off)
        _ = client.stringVariation("layout", context: H.user, default: "first")
        await client.flush()
        #expect(sink.summaries.first?.details.isEmpty == true)
        #expect(sink.summaries.first?.flags["layout"]?.first?.value == nil)
        await client.close()
    }

    @Test("each flush starts a new interval; an interval without evaluations sends no summary")
    func intervals() async throws {
        let (client, sink) = try await H.client(exposures: .off)
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        await client.flush()
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        let summaries = sink.summaries
        #expect(summaries.map { $0.evaluations(of: "plain") } == [1, 2])
        #expect(summaries[0].endTimestamp <= summaries[1].startTimestamp)
        await client.close()
    }

    @Test("evaluations before the definitions arrive count as unknown")
    func beforeReady() async throws {
        let sink = InMemoryEventSink()
        let (client, _) = try await ClientHarness.manual {
            $0.events = EventsConfiguration(destination: .sink(sink), flushInterval: .seconds(3600))
        }
        _ = client.boolVariation("plain", context: H.user, default: false)
        await client.flush()
        #expect(sink.summaries.first?.flags["plain"] == [
            SummaryEvent.Counter(version: nil, variationIndex: nil, variationKey: nil, count: 1),
        ])
        await client.close()
    }

    @Test("the summary is sent every flush interval while the client runs")
    func periodic() async throws {
        let (client, sink) = try await H.client(exposures: .off) { $0.flushInterval = .milliseconds(50) }
        _ = client.boolVariation("plain", context: H.user, default: false)
        let arrived = await eventually { !sink.summaries.isEmpty }
        #expect(arrived)
        await client.close()
    }
}
