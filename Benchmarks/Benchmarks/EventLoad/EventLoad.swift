import Benchmark
import Burgee
import BurgeeCore
import BurgeeServer
import Logging

// Memory under event load: 2 tasks × 1,000,000 evaluations with every exposure recorded, delivered
// to a server that answers each batch after 100 ms, against the same evaluations without events.
// Each benchmark runs once in its own process; the peak resident memory is the process's.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .peakMemoryResident],
        timeUnits: .milliseconds,
        warmupIterations: 0,
        maxDuration: .seconds(120),
        maxIterations: 1
    )

    Benchmark("LoadEventsOff") { _ in
        try await EventLoad.run(events: nil)
    }

    Benchmark("LoadExposuresAllSlowServer") { _ in
        try await EventLoad.run(events: .all)
    }

    swapMemoryBenchmarks()
}

enum EventLoad {
    static let json = #"""
    { "formatVersion": 1, "version": 1,
      "flags": { "simple": { "version": 3, "enabled": true, "type": "boolean",
        "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
        "fallthrough": { "variation": "on" } } } }
    """#

    static let quiet = Logger(label: "bench", factory: { _ in SwiftLogNoOpLogHandler() })

    /// Runs the load; with `events`, checks that every recorded event was queued or dropped.
    static func run(events mode: EventsConfiguration.ExposureMode?) async throws {
        let server = try await DefinitionsServer.start(
            configuration: DefinitionsServerConfiguration(port: 0), definitions: .json(Array(json.utf8)), logger: quiet)
        server.server.inject(.delay(.milliseconds(100)), on: .events, times: 1_000_000)
        let events = mode.map {
            EventsConfiguration(destination: .http(server.baseURL + "/events", retryDelay: .milliseconds(50)),
                                exposures: $0, flushInterval: .milliseconds(100))
        }
        let client = try BurgeeClient(configuration: .init(source: .bootstrap(.json(json)), events: events, logger: quiet))
        client.start()
        guard await client.waitUntilReady(timeout: .seconds(30)) else { fatalError("client not ready") }
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<2 {
                group.addTask {
                    let context = Context(key: "load-\(task)")
                    for i in 0..<1_000_000 {
                        blackHole(client.boolVariation("simple", context: context, default: false))
                        if i % 8192 == 0 { await Task.yield() }
                    }
                }
            }
        }
        let d = client.eventDiagnostics
        await client.close()
        await server.stop()
        if mode != nil {
            precondition(d.recorded == 2_000_000 && d.queued + d.droppedQueueFull == d.recorded)
            print("recorded \(d.recorded), queued \(d.queued), dropped \(d.droppedQueueFull), delivered \(client.eventDiagnostics.delivered)")
        }
    }
}
