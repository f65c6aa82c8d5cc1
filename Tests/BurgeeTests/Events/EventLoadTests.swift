import Burgee
import BurgeeCore
import BurgeeServer
import Testing

@Suite("Event load")
struct EventLoadTests {
    typealias H = EventsHarness

    @Test("2 threads × 250,000 evaluations, every exposure recorded, a slow event server: bounded queue, exact counts")
    func twoMillionExposures() async throws {
        try await LoopbackServer.withServer(H.definitions) { server in
            server.server.inject(.delay(.milliseconds(100)), on: .events, times: 1_000_000)
            let client = try await ClientHarness.ready(H.definitions) {
                $0.events = EventsConfiguration(
                    destination: .http(server.baseURL + "/events", http: LoopbackServer.http(requestTimeout: .seconds(5)),
                                       retryDelay: .milliseconds(50)),
                    // close() delivers the whole queue, 100 ms per batch: give it the time, so that
                    // the counts stay exact (a batch cancelled in flight may still have arrived).
                    exposures: .all, flushInterval: .milliseconds(100), closeTimeout: .seconds(120))
            }
            let perTask = 250_000
            let overfull = await withTaskGroup(of: Int.self) { group in
                for task in 0..<2 {
                    group.addTask {
                        await onOwnThread {
                            let context = Context(key: "load-\(task)")
                            var overfull = 0
                            for i in 0..<perTask {
                                _ = client.boolVariation("plain", context: context, default: false)
                                if i % 8192 == 0 {
                                    let d = client.eventDiagnostics
                                    if d.pending > d.capacity { overfull += 1 }
                                }
                            }
                            return overfull
                        }
                    }
                }
                return await group.reduce(0, +)
            }
            #expect(overfull == 0)
            let during = client.eventDiagnostics
            #expect(during.recorded == 2 * perTask)
            #expect(during.queued + during.droppedQueueFull == during.recorded)
            #expect(during.droppedQueueFull > 0, "a server answering in 100 ms cannot take half a million events this fast")
            await client.close()
            let after = client.eventDiagnostics
            #expect(after.pending == 0)
            #expect(after.delivered + after.droppedDelivery == after.queued)
            let received = try server.server.receivedEvents.reduce(0) { total, body in
                total + (try EventBatch(jsonBytes: body).events.filter { $0.kind == "exposure" }.count)
            }
            #expect(received == after.delivered)
        }
    }
}
