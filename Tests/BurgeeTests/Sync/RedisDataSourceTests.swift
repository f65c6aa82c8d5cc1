import BurgeeCore
import BurgeeRedis
import BurgeeTesting
import Testing
@testable import Burgee

/// Clients following Burgee's Redis layout: a writer's announcement read at once, announcements
/// missed while Redis was away recovered, what a broken or empty store does, a fleet following one
/// writer.
@Suite("Redis data source", .enabled(if: RedisServerProcess.runs), .timeLimit(.minutes(2)))
struct RedisDataSourceTests {
    private let context = TestFiles.context

    private func configuration(_ store: DefinitionsRedisStore, clock: ManualClock = ManualClock(),
                               interval: Duration = .seconds(30)) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration(source: .redis(store, interval: interval), logger: TestFiles.quietLogger)
        configuration.clock = clock
        return configuration
    }

    private static func write(_ store: DefinitionsRedisStore, serves: String, version: Int) async throws {
        let document = Array(TestFiles.definitions(version: version, flag: "flag", serves: serves).utf8)
        try await store.write(document, etag: "\"v\(version)\"", format: .native)
    }

    @Test("read at start; each write announced and applied without the clock moving; the same ETag read once")
    func followsWrites() async throws {
        try await RedisServerProcess.with { server in
            let store = DefinitionsRedisStore(redis: RedisConfiguration(port: server.port), prefix: "checkout")
            try await Self.write(store, serves: "on", version: 1)
            try await TestFiles.withClient(configuration(store)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("flag", context: context, default: false))
                let events = client.events()
                try await Self.write(store, serves: "off", version: 2)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["flag"])
                #expect(client.boolVariation("flag", context: context, default: true) == false)
            }
        }
    }

    @Test("an empty store leaves the client initializing with the reason; the first write makes it ready")
    func emptyStore() async throws {
        try await RedisServerProcess.with { server in
            let store = DefinitionsRedisStore(redis: RedisConfiguration(port: server.port))
            try await TestFiles.withClient(configuration(store)) { client in
                client.start()
                #expect(await eventually { client.dataSourceStatus.lastError?.message.contains("holds no definitions") == true })
                #expect(client.dataSourceStatus.state == .initializing)
                try await Self.write(store, serves: "on", version: 1)
                #expect(await eventually { client.dataSourceStatus.state == .valid })
                #expect(client.boolVariation("flag", context: context, default: false))
            }
        }
    }

    @Test("what is not a document in the store is refused: the last good definitions stay, the status says why")
    func badContents() async throws {
        try await RedisServerProcess.with { server in
            let store = DefinitionsRedisStore(redis: RedisConfiguration(port: server.port))
            try await Self.write(store, serves: "on", version: 1)
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            try await TestFiles.withClient(configuration(store)) { client in
                try await LoopbackServer.ready(client)
                _ = try await redis.transaction([RESPCommand("HSET", "burgee:definitions", "etag", "\"v2\"", "document", "{not json"),
                                                 RESPCommand("PUBLISH", "burgee:changes", "\"v2\"")])
                #expect(await eventually { client.dataSourceStatus.state == .interrupted })
                _ = try await redis.transaction([RESPCommand("DEL", "burgee:definitions"), RESPCommand("SET", "burgee:definitions", "x"),
                                                 RESPCommand("PUBLISH", "burgee:changes", "\"v3\"")])
                #expect(await eventually { client.dataSourceStatus.lastError?.message.contains("WRONGTYPE") == true })
                #expect(client.boolVariation("flag", context: context, default: false))
            }
            await redis.close()
        }
    }

    @Test("a flushed database: the last good definitions stay (nothing to replace them with), the status says why")
    func flushed() async throws {
        try await RedisServerProcess.with { server in
            let store = DefinitionsRedisStore(redis: RedisConfiguration(port: server.port))
            try await Self.write(store, serves: "on", version: 1)
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            try await TestFiles.withClient(configuration(store)) { client in
                try await LoopbackServer.ready(client)
                _ = try await redis.pipeline([RESPCommand("FLUSHDB"), RESPCommand("PUBLISH", "burgee:changes", "\"gone\"")])
                #expect(await eventually { client.dataSourceStatus.lastError?.message.contains("holds no definitions") == true })
                #expect(client.boolVariation("flag", context: context, default: false))
            }
            await redis.close()
        }
    }

    @Test("Redis away during a write: the client keeps its flags, and reads the write it missed once subscribed again")
    func missedAnnouncement() async throws {
        let port = try await LoopbackServer.freePort()
        var server = try RedisServerProcess(port: port)
        defer { server.stop() }
        try await server.waitUntilListening()
        let store = DefinitionsRedisStore(redis: RedisConfiguration(port: port))
        try await Self.write(store, serves: "on", version: 1)
        let clock = ManualClock()
        // An interval of an hour: only the subscription made again can bring the missed write.
        try await TestFiles.withClient(configuration(store, clock: clock, interval: .seconds(3600))) { client in
            try await LoopbackServer.ready(client)
            await server.stopAndWait()
            server = try RedisServerProcess(port: port)
            try await server.waitUntilListening()
            // Written while the client is not subscribed: no announcement reaches it.
            try await Self.write(store, serves: "off", version: 2)
            #expect(client.boolVariation("flag", context: context, default: false))
            // The subscriber's backoff (100 ms) passes; subscribed again, the client reads the store.
            #expect(await eventually {
                _ = clock.advance(by: .milliseconds(100))
                return client.boolVariation("flag", context: context, default: true) == false
            })
        }
    }

    @Test("ten clients follow one writer: every write reaches all of them")
    func fleet() async throws {
        try await RedisServerProcess.with { server in
            let store = DefinitionsRedisStore(redis: RedisConfiguration(port: server.port), prefix: "fleet")
            try await Self.write(store, serves: "on", version: 1)
            var clients: [BurgeeClient] = []
            for _ in 0..<10 { clients.append(try BurgeeClient(configuration: configuration(store))) }
            for client in clients { try await LoopbackServer.ready(client) }
            for version in 2...6 {
                try await Self.write(store, serves: version.isMultiple(of: 2) ? "off" : "on", version: version)
                let expected = !version.isMultiple(of: 2)
                for client in clients {
                    #expect(await eventually { client.boolVariation("flag", context: context, default: !expected) == expected })
                }
            }
            for client in clients { await client.close() }
        }
    }
}
