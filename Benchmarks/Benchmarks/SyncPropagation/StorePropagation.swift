import Benchmark
import Burgee
import BurgeeRedis
import Foundation
import Logging

/// A fleet on Redis: one writer (what `burgee serve --store` does after a change: the document
/// replaced and announced in one transaction) and ten clients following Burgee's layout
/// (`DataSourceConfiguration.redis`). One change per iteration, timed from the write to the last
/// of the ten clients serving the new value. Needs Debian's `redis-server`; started here on a free
/// loopback port.
func storePropagation() {
    Benchmark("SyncStoreWriteToTenClients", configuration: .init(metrics: [.wallClock], maxDuration: .seconds(30),
                                                                 maxIterations: 200)) { benchmark in
        guard let fixture = await StoreFixture.shared.ready() else { return }
        let version = fixture.counter.next()
        let value = version.isMultiple(of: 2)
        let streams = fixture.clients.map { $0.events() }
        benchmark.startMeasurement()
        try! await fixture.store.write(Array(SyncFixture.document(version: version, flag: value).utf8),
                                       etag: "\"\(version)\"", format: .native)
        for (client, events) in zip(fixture.clients, streams) {
            if client.boolVariation("flag", context: fixture.context, default: !value) == value { continue }
            for await event in events {
                if case .updated = event, client.boolVariation("flag", context: fixture.context, default: !value) == value { break }
            }
        }
        benchmark.stopMeasurement()
    } teardown: {
        await StoreFixture.shared.stop()
    }
}

/// A redis-server and ten clients of its store, shared by the iterations.
actor StoreFixture {
    static let shared = StoreFixture()

    struct Ready: Sendable {
        let store: DefinitionsRedisStore
        let clients: [BurgeeClient]
        let context = Context(json: ["kind": "user", "key": "user-1", "country": "FR"])
        let counter = SyncFixture.Counter()
    }

    private var fixture: Ready?
    private var server: Process?

    /// Closes the clients and stops the server.
    func stop() async {
        for client in fixture?.clients ?? [] { await client.close() }
        // SIGKILL without waiting: the child may have inherited a blocked SIGTERM, and
        // `Process.waitUntilExit` can hang here.
        if let server, server.isRunning { kill(server.processIdentifier, SIGKILL) }
        fixture = nil
        server = nil
    }

    /// The fixture; `nil` (the benchmark does nothing) where redis-server is not installed.
    func ready() async -> Ready? {
        if let fixture { return fixture }
        guard let (process, port) = startRedisServer(for: "SyncStoreWriteToTenClients") else { return nil }
        server = process
        let store = DefinitionsRedisStore(redis: RedisConfiguration(port: port), prefix: "bench")
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            do {
                try await store.write(Array(SyncFixture.document(version: 1, flag: false).utf8), etag: "\"1\"", format: .native)
                break
            } catch {
                guard ContinuousClock.now < deadline else { fatalError("redis-server did not start: \(error)") }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let quiet = Logger(label: "burgee-benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        var clients: [BurgeeClient] = []
        for _ in 0..<10 {
            let client = try! BurgeeClient(configuration: .init(source: .redis(store), logger: quiet))
            client.start()
            _ = await client.waitUntilReady(timeout: .seconds(10))
            clients.append(client)
        }
        let ready = Ready(store: store, clients: clients)
        fixture = ready
        return ready
    }
}

/// Debian's `redis-server` started without persistence on a random loopback port, for the
/// benchmarks named `benchmark`; `nil` (the benchmark does nothing) where it is not installed.
/// The caller waits until it accepts commands.
func startRedisServer(for benchmark: String) -> (Process, Int)? {
    guard let executable = ["/usr/bin/redis-server", "/usr/local/bin/redis-server"]
        .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else {
        print("\(benchmark): redis-server is not installed; skipped")
        return nil
    }
    let port = Int.random(in: 20_000...40_000)
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"]
    process.standardOutput = FileHandle.nullDevice
    try! process.run()
    return (process, port)
}
