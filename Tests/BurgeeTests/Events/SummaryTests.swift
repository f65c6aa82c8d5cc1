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
