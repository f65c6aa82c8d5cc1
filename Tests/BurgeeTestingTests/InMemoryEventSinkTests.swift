import Burgee
import BurgeeCore
import BurgeeTesting
import Testing

@Suite("InMemoryEventSink")
struct InMemoryEventSinkTests {
    /// A ready client over `testData` whose events go to the returned sink, delivered on `flush()` only.
    func client(_ testData: TestData) async throws -> (BurgeeClient, InMemoryEventSink) {
        let sink = InMemoryEventSink()
        let client = try await Clients.ready(testData) {
            $0.events = EventsConfiguration(destination: .sink(sink), exposures: .all, flushInterval: .seconds(3600))
        }
        return (client, sink)
    }

    @Test func keepsTheExposuresCustomEventsAndSummariesOfTestDataFlags() async throws {
        let testData = TestData()
        await testData.update(testData.flag("layout").variations("list", "grid").fallthroughVariation(1))
        let (client, sink) = try await client(testData)

        #expect(client.stringVariation("layout", context: Clients.user, default: "none") == "grid")
        #expect(client.track("checkout", context: Clients.user, value: 49.5))
        await client.flush()

        let exposure = try #require(sink.exposures.first)
        #expect(sink.exposures.count == 1)
        #expect(exposure.flagKey == "layout")
        #expect(exposure.flagVersion == 1)
        #expect(exposure.variationKey == "grid")
        #expect(exposure.variationIndex == 1)
        #expect(exposure.contextKeys == ["user": "u-1"])
        #expect(sink.customEvents.map(\.key) == ["checkout"])
        #expect(sink.summaries.map { $0.evaluations(of: "layout") } == [1])
        #expect(sink.events.count == 3)
        #expect(sink.batches.count == 1)

        sink.removeAll()
        #expect(sink.events.isEmpty)
        await client.close()
    }

    @Test func failNextDropsThatManyBatches() async throws {
        let testData = TestData()
        let (client, sink) = try await client(testData)
        sink.failNext(1)
        #expect(client.track("lost", context: Clients.user))
        await client.flush()
        #expect(sink.batches.isEmpty)
        #expect(client.track("kept", context: Clients.user))
        await client.flush()
        #expect(sink.customEvents.map(\.key) == ["kept"])
        await client.close()
    }

    @Test func sendThrowsWhenToldTo() async throws {
        let sink = InMemoryEventSink()
        sink.failNext(1)
        let batch = EventBatch(events: [])
        await #expect(throws: InMemoryEventSinkFailure.self) { try await sink.send(batch) }
        try await sink.send(batch)
        #expect(sink.batches.count == 1)
    }
}
