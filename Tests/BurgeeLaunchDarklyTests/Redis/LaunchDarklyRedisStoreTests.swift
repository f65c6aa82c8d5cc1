import BurgeeCore
import BurgeeRedis
import BurgeeServer
import BurgeeTesting
import Testing
@testable import Burgee
@testable import BurgeeLaunchDarkly

/// LaunchDarkly's persistent store in a real Redis: read in daemon mode, written by a client
/// syncing from LaunchDarkly, and what a broken store does to the client.
@Suite("LaunchDarkly's Redis store", .enabled(if: RedisServerProcess.runs))
struct LaunchDarklyRedisStoreTests {
    private typealias LD = LaunchDarklyDocuments
    private let context = TestFiles.context

    /// A flag as LaunchDarkly's Python SDK stores it (`json.dumps`: spaces after separators).
    private static func stored(_ key: String, serves: Bool, version: Int) -> String {
        #"{"key": "\#(key)", "on": true, "variations": [false, true], "offVariation": 0, "fallthrough": {"variation": \#(serves ? 1 : 0)}, "version": \#(version)}"#
    }

    private static func fill(_ redis: RedisClient, prefix: String = "launchdarkly", inited: Bool = true,
                             flags: [(String, String)], segments: [(String, String)] = []) async throws {
        var commands = [RESPCommand("DEL", "\(prefix):features"), RESPCommand("DEL", "\(prefix):segments"),
                        RESPCommand("DEL", "\(prefix):$inited")]
        for (key, json) in flags { commands.append(RESPCommand("HSET", "\(prefix):features", key, json)) }
        for (key, json) in segments { commands.append(RESPCommand("HSET", "\(prefix):segments", key, json)) }
        if inited { commands.append(RESPCommand("SET", "\(prefix):$inited", "\(prefix):$inited")) }
        _ = try await redis.transaction(commands)
    }

    /// Waits until the daemon source sleeps until `at`, its next read (the client's other timers
    /// sleep on the same clock).
    private static func readPending(_ clock: ManualClock, at: Duration) async throws {
        #expect(await eventually { clock.deadlines.contains { $0.offset == at } })
    }

    private func daemon(_ server: RedisServerProcess, prefix: String = "launchdarkly", cacheTTL: Duration? = .seconds(15),
                        clock: ManualClock) -> BurgeeClient.Configuration {
        let store = LaunchDarklyRedisStore(redis: RedisConfiguration(port: server.port), prefix: prefix)
        var configuration = BurgeeClient.Configuration.launchDarkly(
            sdkKey: "sdk-key", connection: .redis(store, cacheTTL: cacheTTL), events: LaunchDarklyEvents(sendEvents: false),
            logger: TestFiles.quietLogger)
        configuration.clock = clock
        return configuration
    }

    @Test("daemon mode evaluates the store's flags and segments; a tombstone is a flag not found; another prefix is another store")
    func daemonRead() async throws {
        try await RedisServerProcess.withClient { server, redis in
            let rule = #"{"key": "r", "on": true, "variations": [false, true], "offVariation": 0, "fallthrough": {"variation": 0}, "#
                + #""rules": [{"id": "in", "variation": 1, "clauses": [{"attribute": "segmentMatch", "op": "segmentMatch", "values": ["s"]}]}], "version": 3}"#
            try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 4)), ("r", rule),
                                               ("gone", #"{"key": "gone", "version": 9, "deleted": true}"#)],
                                segments: [("s", #"{"key": "s", "included": ["user-1"], "version": 2}"#)])
            try await Self.fill(redis, prefix: "staging", flags: [("a", Self.stored("a", serves: false, version: 1))])
            try await TestFiles.withClient(daemon(server, clock: ManualClock())) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("a", context: context, default: false))
                #expect(client.boolVariation("r", context: context, default: false))
                #expect(client.boolVariation("r", context: Context(key: "user-2"), default: true) == false)
                #expect(client.boolVariationDetail("gone", context: context, default: false).reason.errorKind == .flagNotFound)
            }
            try await TestFiles.withClient(daemon(server, prefix: "staging", clock: ManualClock())) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("a", context: context, default: true) == false)
            }
        }
    }

    @Test("the store is read again once the cache TTL has passed on the clock, and not before; an infinite cache reads it once")
    func cacheTTL() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 1))])
            let clock = ManualClock()
            let infiniteClock = ManualClock()
            try await TestFiles.withClient(daemon(server, cacheTTL: .seconds(15), clock: clock)) { client in
                try await TestFiles.withClient(daemon(server, cacheTTL: nil, clock: infiniteClock)) { infinite in
                    try await LoopbackServer.ready(client)
                    try await LoopbackServer.ready(infinite)
                    try await Self.fill(redis, flags: [("a", Self.stored("a", serves: false, version: 2))])
                    try await Self.readPending(clock, at: .seconds(15))
                    _ = clock.advance(by: .seconds(14))
                    #expect(client.boolVariation("a", context: context, default: false))
                    let events = client.events()
                    _ = clock.advance(by: .seconds(1))
                    #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["a"])
                    #expect(client.boolVariation("a", context: context, default: true) == false)
                    // The infinite cache read once and stopped: an hour later it still holds the first read.
                    _ = infiniteClock.advance(by: .seconds(3600))
                    #expect(infinite.boolVariation("a", context: context, default: false))
                }
            }
        }
    }

    @Test("a store not initialized is evaluated as it is: its flags answer, others are not found, never client-not-ready")
    func uninitialized() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await TestFiles.withClient(daemon(server, clock: ManualClock())) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariationDetail("a", context: context, default: false).reason.errorKind == .flagNotFound)
            }
            try await Self.fill(redis, inited: false, flags: [("a", Self.stored("a", serves: true, version: 1))])
            try await TestFiles.withClient(daemon(server, clock: ManualClock())) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("a", context: context, default: false))
            }
        }
    }

    @Test("wrong types and bad JSON in the store: the read is refused whole, the last good flags stay, the status says why")
    func wrongTypes() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 1))])
            let clock = ManualClock()
            try await TestFiles.withClient(daemon(server, clock: clock)) { client in
                try await LoopbackServer.ready(client)
                for bad in [[RESPCommand("DEL", "launchdarkly:features"), RESPCommand("SET", "launchdarkly:features", "x")],
                            [RESPCommand("HSET", "launchdarkly:features", "b", "{not json")],
                            [RESPCommand("HSET", "launchdarkly:features", "b", "[1]")]] {
                    try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 1))])
                    _ = try await redis.pipeline(bad)
                    try await Self.readPending(clock, at: clock.now.offset + .seconds(15))
                    _ = clock.advance(by: .seconds(15))
                    #expect(await eventually { client.dataSourceStatus.lastError?.kind == .invalidData })
                    #expect(client.boolVariation("a", context: context, default: false))
                }
            }
        }
    }

    @Test("a slow Redis (past the command timeout) and a value beyond the reply limits: the read fails, the last good flags stay")
    func slowAndHuge() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 1))])
            var limits = RESPLimits()
            limits.maxBulkBytes = 64 * 1024
            let store = LaunchDarklyRedisStore(
                redis: RedisConfiguration(port: server.port, commandTimeout: .milliseconds(300), limits: limits))
            var configuration = BurgeeClient.Configuration.launchDarkly(
                sdkKey: "sdk-key", connection: .redis(store), events: LaunchDarklyEvents(sendEvents: false),
                logger: TestFiles.quietLogger)
            let clock = ManualClock()
            configuration.clock = clock
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                // Another connection makes the server sleep past the source's command timeout.
                let sleeper = Task { try await redis.send(RESPCommand("DEBUG", "SLEEP", "1")) }
                try await Task.sleep(for: .milliseconds(50))
                try await Self.readPending(clock, at: .seconds(15))
                _ = clock.advance(by: .seconds(15))
                #expect(await eventually { client.dataSourceStatus.lastError?.message.contains("did not answer in time") == true })
                _ = try await sleeper.value
                #expect(client.boolVariation("a", context: context, default: false))
                // A flag of 100 KiB against a 64 KiB limit: refused before it is allocated.
                let huge = String(repeating: "x", count: 100 * 1024)
                _ = try await redis.send(RESPCommand("HSET", "launchdarkly:features", "big",
                                                     #"{"key": "big", "version": 1, "salt": "\#(huge)"}"#))
                try await Self.readPending(clock, at: .seconds(30))
                _ = clock.advance(by: .seconds(15))
                #expect(await eventually { client.dataSourceStatus.lastError?.message.contains("reply too large") == true })
                #expect(client.boolVariation("a", context: context, default: false))
            }
        }
    }

    @Test("a flushed database reads as an empty store, as LaunchDarkly's SDKs read it: its flags are not found")
    func flushed() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 1))])
            let clock = ManualClock()
            try await TestFiles.withClient(daemon(server, clock: clock)) { client in
                try await LoopbackServer.ready(client)
                _ = try await redis.send(RESPCommand("FLUSHDB"))
                try await Self.readPending(clock, at: .seconds(15))
                _ = clock.advance(by: .seconds(15))
                #expect(await eventually {
                    client.boolVariationDetail("a", context: context, default: false).reason.errorKind == .flagNotFound
                })
            }
        }
    }

    @Test("Redis gone: the last good flags stay and the status is interrupted; Redis back: the store is read again")
    func redisRestarted() async throws {
        let port = try await LoopbackServer.freePort()
        var server = try RedisServerProcess(port: port)
        defer { server.stop() }
        try await server.waitUntilListening()
        let redis = RedisClient(configuration: RedisConfiguration(port: port), backoff: RedisBackoff(initial: .milliseconds(1)))
        try await Self.fill(redis, flags: [("a", Self.stored("a", serves: true, version: 1))])
        let clock = ManualClock()
        try await TestFiles.withClient(daemon(server, clock: clock)) { client in
            try await LoopbackServer.ready(client)
            await server.stopAndWait()
            try await Self.readPending(clock, at: .seconds(15))
            _ = clock.advance(by: .seconds(15))
            #expect(await eventually { client.dataSourceStatus.state == .interrupted })
            #expect(client.boolVariation("a", context: context, default: false))
            server = try RedisServerProcess(port: port)
            try await server.waitUntilListening()
            try await Self.fill(redis, flags: [("a", Self.stored("a", serves: false, version: 2))])
            // The source's Redis client waits out its backoff (100 ms) on the same clock.
            try await Self.readPending(clock, at: .seconds(30))
            _ = clock.advance(by: .seconds(15))
            #expect(await eventually { client.boolVariation("a", context: context, default: true) == false })
            #expect(client.dataSourceStatus.state == .valid)
        }
        await redis.close()
    }

    @Test("a client syncing from LaunchDarkly writes every update into the store, where daemon mode reads the same flags")
    func writeThenRead() async throws {
        try await RedisServerProcess.with { server in
            let document = LD.document([LD.flag("a", version: 5), LD.flag("b", serves: false, version: 1)],
                                       segments: [#""s":{"key":"s","included":["x"],"version":2}"#])
            try await LoopbackServer.withServer(document, sdkKey: "sdk-key", configure: { $0.format = .launchDarkly }) { running in
                let store = LaunchDarklyRedisStore(redis: RedisConfiguration(port: server.port), prefix: "fleet")
                let writer = BurgeeClient.Configuration.launchDarkly(
                    sdkKey: "sdk-key",
                    connection: .relayProxy(running.baseURL, http: LoopbackServer.http()),
                    events: LaunchDarklyEvents(sendEvents: false), persistentStore: store, logger: TestFiles.quietLogger)
                let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
                defer { Task { await redis.close() } }
                try await TestFiles.withClient(writer) { client in
                    try await LoopbackServer.ready(client)
                    #expect(try await eventually { try await redis.send(RESPCommand("EXISTS", "fleet:$inited")) == .integer(1) })
                    let features = try await redis.send(RESPCommand("HKEYS", "fleet:features"))
                    #expect(Set(features.elements?.compactMap(\.string) ?? []) == ["a", "b"])
                    #expect(try await redis.send(RESPCommand("HGET", "fleet:segments", "s")).string?.contains(#""included":["x"]"#) == true)

                    // A change streamed to the writer reaches the store.
                    try running.update(LD.document([LD.flag("a", serves: false, version: 6)]))
                    #expect(try await eventually {
                        try await redis.send(RESPCommand("HKEYS", "fleet:features")).elements?.count == 1
                    })
                    try await TestFiles.withClient(daemon(server, prefix: "fleet", clock: ManualClock())) { reader in
                        try await LoopbackServer.ready(reader)
                        #expect(reader.boolVariation("a", context: context, default: true) == false)
                        #expect(reader.boolVariationDetail("b", context: context, default: false).reason.errorKind == .flagNotFound)
                    }
                }
            }
        }
    }
}
