import Burgee
import BurgeeCore
import BurgeeTestSupport
import BurgeeTesting
import Testing

/// `EventDestination.custom` and `.inMemory`: the public ways to receive the client's events.
@Suite("Events to your own code")
struct CustomDestinationTests {
    /// Batches a `.custom` destination received, as parsed JSON; fails while `failuresLeft > 0`.
    final class Received: Sendable {
        let batches = Locked<[JSONValue]>([])
        let failuresLeft = Locked(0)

        var destination: EventDestination {
            .custom { [self] bytes in
                let fail = failuresLeft.withLock { left in
                    defer { left = max(0, left - 1) }
                    return left > 0
                }
                if fail { throw Refused() }
                let json = try JSONValue(parsing: bytes)
                batches.withLock { $0.append(json) }
            }
        }
    }

    struct Refused: Error {}

    static func client(_ destination: EventDestination) async throws -> BurgeeClient {
        try await ClientHarness.ready(EventsHarness.definitions) {
            $0.events = EventsConfiguration(destination: destination, exposures: .all, flushInterval: .seconds(3600))
        }
    }

    @Test("a custom destination receives each batch as the batch schema's JSON")
    func customReceivesBatchJSON() async throws {
        let received = Received()
        let client = try await Self.client(received.destination)
        _ = client.boolVariation("plain", context: EventsHarness.user, default: false)
        #expect(client.track("checkout", context: EventsHarness.user, value: 2.5))
        await client.flush()
        let batches = received.batches.withLock { $0 }
        #expect(batches.count == 1)
        let batch = try #require(batches.first?.objectValue)
        #expect(batch["schemaVersion"] == .number(1))
        let kinds = batch["events"]?.arrayValue?.compactMap { $0.objectValue?["kind"]?.stringValue } ?? []
        #expect(kinds == ["exposure", "custom", "summary"])
        #expect(client.eventDiagnostics.delivered == 2)
        await client.close()
    }

    @Test("a custom destination that throws drops the batch and counts it")
    func customThatThrowsDrops() async throws {
        let received = Received()
        received.failuresLeft.withLock { $0 = 1 }
        let client = try await Self.client(received.destination)
        _ = client.boolVariation("plain", context: EventsHarness.user, default: false)
        await client.flush()
        #expect(received.batches.withLock { $0 }.isEmpty)
        #expect(client.eventDiagnostics.failedBatches == 1)
        #expect(client.eventDiagnostics.droppedDelivery == 1)
        _ = client.boolVariation("plain", context: EventsHarness.other, default: false)
        await client.flush()
        #expect(received.batches.withLock { $0 }.count == 1)
        await client.close()
    }

    @Test("an in-memory sink gives each event's JSON, all or of one kind")
    func inMemoryRecordsJSON() async throws {
        let sink = InMemoryEventSink()
        let client = try await Self.client(.inMemory(sink))
        _ = client.boolVariation("plain", context: EventsHarness.user, default: false)
        await client.flush()
        #expect(sink.recorded().count == 2)
        let exposure = try #require(sink.recorded("exposure").first?.objectValue)
        #expect(exposure["flagKey"] == .string("plain"))
        #expect(exposure["context"] == .object(["user": .string("u-1")]))
        #expect(sink.recorded("custom").isEmpty)
        #expect(sink.recorded("summary").count == 1)
        await client.close()
    }
}
