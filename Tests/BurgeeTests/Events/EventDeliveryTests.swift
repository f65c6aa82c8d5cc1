import Burgee
import BurgeeCore
import BurgeeTesting
import Testing

@Suite("Event delivery: batches, flush, close, bounded queue")
struct EventDeliveryTests {
    typealias H = EventsHarness

    @Test("flush() returns after everything queued before it was delivered, in order, in batches")
    func flushDeliversInBatches() async throws {
        let (client, sink) = try await H.client { $0.maxBatchSize = 5 }
        for i in 0..<12 { #expect(client.track("e\(i)", context: H.user)) }
        await client.flush()
        #expect(sink.customEvents.map(\.key) == (0..<12).map { "e\($0)" })
        #expect(sink.batches.map(\.count).prefix(2) == [5, 5])
        #expect(client.eventDiagnostics.delivered == 12)
        #expect(client.eventDiagnostics.pending == 0)
        await client.close()
    }

    @Test("concurrent flushes each return after their events were delivered")
    func concurrentFlushes() async throws {
        let (client, sink) = try await H.client()
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for i in 0..<50 { _ = client.track("t\(task)-\(i)", context: H.user) }
                    await client.flush()
                    let keys = Set(sink.customEvents.map(\.key))
                    return (0..<50).allSatisfy { keys.contains("t\(task)-\($0)") }
                }
            }
            for await delivered in group { #expect(delivered) }
        }
        await client.close()
    }

    @Test("4 tasks evaluating while definitions change and flushes run: every evaluation is in exactly one summary")
    func countsUnderConcurrency() async throws {
        let sink = InMemoryEventSink()
        let (client, source) = try await ClientHarness.manual {
            $0.events = EventsConfiguration(destination: .sink(sink), exposures: .all, flushInterval: .milliseconds(20),
                                            capacity: 100_000)
        }
        #expect(await source.push(Definitions.document(flags: [Definitions.boolFlag("plain", true, version: 1)])))
        let perTask = 5_000
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for i in 0..<perTask {
                        _ = client.boolVariation("plain", context: Context(key: "u-\(task)-\(i % 10)"), default: false)
                        if i % 256 == 0 { await Task.yield() }
                    }
                }
            }
            group.addTask {
                for version in 2...20 {
                    _ = await source.push(Definitions.document(version: version, flags: [
                        Definitions.boolFlag("plain", version.isMultiple(of: 2), version: version)]))
                    await client.flush()
                }
            }
        }
        await client.close()
        let counted = sink.summaries.reduce(0) { $0 + $1.evaluations(of: "plain") }
        #expect(counted == 4 * perTask)
        #expect(sink.exposures.count == 4 * perTask)
        #expect(client.eventDiagnostics.delivered == 4 * perTask)
    }

    @Test("a full batch is delivered without waiting for the flush interval")
    func fullBatch() async throws {
        let (client, sink) = try await H.client { $0.maxBatchSize = 5 }
        for i in 0..<5 { _ = client.track("e\(i)", context: H.user) }
        let delivered = await eventually { sink.customEvents.count == 5 }
        #expect(delivered)
        await client.close()
    }

    @Test("a full queue drops new events and counts them exactly; the drops are logged once")
    func boundedQueue() async throws {
        let logs = TestFiles.LogRecorder()
        let sink = InMemoryEventSink()
        var configuration = BurgeeClient.Configuration(source: .bootstrap(.json(H.definitions)), logger: logs.logger)
        configuration.events = EventsConfiguration(destination: .sink(sink), exposures: .all, flushInterval: .seconds(3600),
                                                   maxBatchSize: 100, capacity: 10)
        let client = try BurgeeClient(configuration: configuration)
        client.start()
        #expect(await client.waitUntilReady(timeout: .seconds(30)))
        var accepted = 0
        for i in 0..<15 where client.track("e\(i)", context: H.user) { accepted += 1 }
        for _ in 0..<10 { _ = client.boolVariation("plain", context: H.user, default: false) }
        let before = client.eventDiagnostics
        #expect(accepted == 10)
        #expect(before.recorded == 25 && before.queued == 10 && before.droppedQueueFull == 15 && before.pending == 10)
        await client.close()
        let after = client.eventDiagnostics
        #expect(after.delivered == 10 && after.pending == 0)
        #expect(sink.customEvents.map(\.key) == (0..<10).map { "e\($0)" })
        let warnings = logs.warnings.filter { $0.message.contains("event queue full") }
        #expect(warnings.count == 1)
        #expect(warnings.first?.metadata["dropped"] == "15")
    }

    @Test("a failed delivery drops the batch and counts it; the next one goes through")
    func failedDelivery() async throws {
        let (client, sink) = try await H.client()
        sink.failNext(1)
        for i in 0..<3 { _ = client.track("e\(i)", context: H.user) }
        await client.flush()
        var d = client.eventDiagnostics
        #expect(d.droppedDelivery == 3 && d.failedBatches == 1 && d.delivered == 0)
        #expect(d.lastDeliveryError != nil)
        _ = client.track("later", context: H.user)
        await client.flush()
        d = client.eventDiagnostics
        #expect(d.delivered == 1 && d.droppedDelivery == 3)
        #expect(sink.customEvents.map(\.key) == ["later"])
        await client.close()
    }

    @Test("close() delivers what is queued and the last summary, then records nothing")
    func closeFlushes() async throws {
        let (client, sink) = try await H.client()
        _ = client.boolVariation("plain", context: H.user, default: false)
        _ = client.track("last", context: H.user)
        await client.close()
        #expect(sink.exposures.count == 1)
        #expect(sink.customEvents.map(\.key) == ["last"])
        #expect(sink.summaries.count == 1)
        _ = client.boolVariation("plain", context: H.other, default: false)
        await client.flush()
        #expect(sink.events.count == 3)
        await client.close()
        #expect(sink.events.count == 3)
    }

    @Test("close() on a client that never ran delivers too")
    func closeNeverStarted() async throws {
        let sink = InMemoryEventSink()
        let client = try BurgeeClient(configuration: .init(
            events: EventsConfiguration(destination: .sink(sink), flushInterval: .seconds(3600)), logger: H.quiet))
        #expect(client.track("early", context: H.user))
        await client.close()
        #expect(sink.customEvents.map(\.key) == ["early"])
    }

    @Test("the log sink writes each event as a JSON line")
    func logSink() async throws {
        let logs = TestFiles.LogRecorder()
        let sinkClient = try await ClientHarness.ready(H.definitions) {
            $0.events = EventsConfiguration(destination: .log(logs.logger), flushInterval: .seconds(3600))
        }
        _ = sinkClient.track("logged", context: H.user, value: 2)
        await sinkClient.flush()
        let line = try #require(logs.entries.first { $0.metadata["event"] == "custom" })
        let batch = try EventBatch(jsonBytes: Array(#"{"schemaVersion":1,"events":[\#(line.message)]}"#.utf8))
        #expect(batch.events.count == 1)
        if case .custom(let event) = batch.events[0] {
            #expect(event.key == "logged" && event.value == 2)
        } else {
            Issue.record("not a custom event: \(batch.events[0])")
        }
        await sinkClient.close()
    }

    @Test("invalid events configurations are refused")
    func invalidConfiguration() {
        let sink = InMemoryEventSink()
        func refused(_ configure: (inout EventsConfiguration) -> Void) -> Bool {
            var events = EventsConfiguration(destination: .sink(sink))
            configure(&events)
            return (try? BurgeeClient(configuration: .init(events: events))) == nil
        }
        #expect(refused { $0.capacity = 0 })
        #expect(refused { $0.maxBatchSize = 0 })
        #expect(refused { $0.flushInterval = .zero })
        #expect(refused { $0.deduplicationWindow = .seconds(-1) })
        #expect(refused { $0.deduplicationCapacity = 0 })
        #expect(refused { $0.destination = .http("ftp://example.com/events") })
        #expect(refused { $0.destination = .http("http://example.com/events") })
        #expect(!refused { _ in })
    }
}
