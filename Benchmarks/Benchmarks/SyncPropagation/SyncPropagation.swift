import Benchmark
import Burgee
import BurgeeServer
import Foundation
import Logging
import Synchronization

// Over the real loopback server and a streaming client: the time from a definitions file change
// at the server to the new value in the client (one change per iteration), and evaluation
// throughput while definitions change 10 times a second against the same client idle.
// Background threads allocate here (server, parsing, compiling), so these gate nothing:
// mallocs are gated by the evaluation benchmarks.
let benchmarks: @Sendable () -> Void = {
    // From a change of the file the server watches to the new value in the client.
    propagation("SyncFileChangeToClientValue") { fixture, document in fixture.write(document) }

    // The same without the file watch: the server's in-process update, its diff, the patch over
    // the stream, the client's parse, compile and swap.
    propagation("SyncServerUpdateToClientValue") { fixture, document in
        try! fixture.server.server.update(definitions: Array(document.utf8))
    }

    // From a write to a Redis store to ten clients following it (StorePropagation.swift).
    storePropagation()

    // LaunchDarkly's big segments in Redis: an evaluation cached, and one that queries (BigSegments.swift).
    bigSegments()

    let throughput = Benchmark.Configuration(metrics: [.wallClock, .throughput], scalingFactor: .kilo,
                                             maxDuration: .seconds(3), maxIterations: .kilo(10))

    Benchmark("SyncEvaluationIdle", configuration: throughput) { benchmark in
        let fixture = await SyncFixture.shared.ready()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(fixture.client.boolVariation("rule", context: fixture.context, default: false))
        }
    }

    Benchmark("SyncEvaluationDuring10UpdatesPerSecond", configuration: throughput, closure: { benchmark in
        let fixture = await SyncFixture.shared.ready()
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(fixture.client.boolVariation("rule", context: fixture.context, default: false))
        }
    }, setup: {
        await SyncFixture.shared.startUpdates(every: .milliseconds(100))
    }, teardown: {
        await SyncFixture.shared.stopUpdates()
    })
}

/// A benchmark timing one change per iteration, from `change` to the client serving the new value.
func propagation(_ name: String, change: @escaping @Sendable (SyncFixture.Ready, String) -> Void) {
    Benchmark(name, configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30), maxIterations: 100)) { benchmark in
        let fixture = await SyncFixture.shared.ready()
        let events = fixture.client.events()
        let (document, expected) = fixture.nextChange()
        benchmark.startMeasurement()
        change(fixture, document)
        await fixture.waitUntilServed(expected, events)
        benchmark.stopMeasurement()
    }
}

/// One server watching a file and one client streaming from it, shared by the benchmarks.
actor SyncFixture {
    static let shared = SyncFixture()

    struct Ready: Sendable {
        let server: RunningDefinitionsServer
        let client: BurgeeClient
        let file: String
        let context = Context(json: ["kind": "user", "key": "user-1", "country": "FR"])
        let counter: Counter

        func nextChange() -> (document: String, flagValue: Bool) {
            let version = counter.next()
            let value = version.isMultiple(of: 2)
            return (SyncFixture.document(version: version, flag: value), value)
        }

        /// Returns at the first update after which the client serves `value` for `flag`.
        func waitUntilServed(_ value: Bool, _ events: AsyncStream<ClientEvent>) async {
            for await event in events {
                if case .updated = event, client.boolVariation("flag", context: context, default: !value) == value { return }
            }
        }

        func write(_ document: String) {
            try! Data(document.utf8).write(to: URL(fileURLWithPath: file), options: .atomic)
        }
    }

    /// Versions for the documents written.
    final class Counter: Sendable {
        private let value = Mutex(1)
        func next() -> Int { value.withLock { $0 += 1; return $0 } }
    }

    private var fixture: Ready?
    private var updates: Task<Void, Never>?

    func ready() async -> Ready {
        if let fixture { return fixture }
        let quiet = Logger(label: "burgee-benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("burgee-sync-benchmark-\(getpid())")
        try! FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("definitions.json").path
        try! Data(Self.document(version: 1, flag: false).utf8).write(to: URL(fileURLWithPath: file))
        let server = try! await DefinitionsServer.start(
            configuration: DefinitionsServerConfiguration(watchInterval: .milliseconds(10)),
            definitions: .file(file), logger: quiet)
        let client = try! BurgeeClient(configuration: .init(source: .streaming(server.baseURL + "/stream"), logger: quiet))
        client.start()
        _ = await client.waitUntilReady(timeout: .seconds(10))
        let ready = Ready(server: server, client: client, file: file, counter: Counter())
        fixture = ready
        return ready
    }

    func startUpdates(every interval: Duration) async {
        let fixture = await ready()
        updates = Task {
            while !Task.isCancelled {
                fixture.write(fixture.nextChange().document)
                try? await Task.sleep(for: interval)
            }
        }
    }

    func stopUpdates() {
        updates?.cancel()
        updates = nil
    }

    /// A boolean `flag` serving `flag`, and a `rule` flag with a country rule (what is evaluated).
    static func document(version: Int, flag: Bool) -> String {
        """
        { "formatVersion": 1, "version": \(version), "flags": {
          "flag": { "version": \(version), "enabled": true, "type": "boolean",
            "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
            "fallthrough": { "variation": "\(flag ? "on" : "off")" } },
          "rule": { "version": 1, "enabled": true, "type": "boolean",
            "variations": [ { "key": "off", "value": false }, { "key": "on", "value": true } ],
            "rules": [ { "id": "fr", "clauses": [ { "attribute": "country", "op": "in", "values": ["FR", "DE"] } ],
                         "variation": "on" } ],
            "fallthrough": { "variation": "off" } } } }
        """
    }
}
