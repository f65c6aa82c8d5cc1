import BurgeeRedis
import BurgeeTestSupport
import BurgeeTesting
import Testing

/// The client many callers share: transactions kept whole on a shared connection, SCAN, several
/// connections, reconnection after a backoff on a clock the test moves, and close.
@Suite("Redis client", .enabled(if: RedisServerProcess.runs))
struct RedisClientTests {
    private func withRedis<R>(_ body: (RedisServerProcess) async throws -> R) async throws -> R {
        let server = try RedisServerProcess(port: try await LoopbackServer.freePort())
        defer { server.stop() }
        try await server.waitUntilListening()
        return try await body(server)
    }

    @Test("100 transactions from concurrent callers on one connection all apply: none is interleaved with another")
    func concurrentTransactions() async throws {
        try await withRedis { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            try await withThrowingTaskGroup(of: [RESPValue].self) { group in
                for index in 0..<100 {
                    group.addTask {
                        try await redis.transaction([RESPCommand("SET", "k\(index)", "v\(index)"), RESPCommand("INCR", "count"),
                                                     RESPCommand("GET", "k\(index)")])
                    }
                }
                for try await replies in group {
                    #expect(replies.count == 3)
                    #expect(replies[0] == .simpleString("OK"))
                }
            }
            #expect(try await redis.send(RESPCommand("GET", "count")).string == "100")
            await redis.close()
        }
    }

    @Test("a transaction the server cannot queue applies nothing and throws its reason")
    func refusedTransaction() async throws {
        try await withRedis { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            await #expect(throws: RedisError.self) {
                try await redis.transaction([RESPCommand("SET", "a", "1"), RESPCommand("SET", "only-a-key")])
            }
            #expect(try await redis.send(RESPCommand("EXISTS", "a")) == .integer(0))
            // A runtime error is a reply of EXEC, not a throw: the rest applies, as Redis does.
            let replies = try await redis.transaction([RESPCommand("SET", "s", "x"), RESPCommand("HGET", "s", "f"),
                                                       RESPCommand("SET", "t", "y")])
            guard case .error(let message) = replies[1] else { Issue.record("HGET on a string: \(replies[1])"); return }
            #expect(message.hasPrefix("WRONGTYPE"))
            #expect(try await redis.send(RESPCommand("GET", "t")).string == "y")
            await redis.close()
        }
    }

    @Test("SCAN lists every key matching a pattern, over many batches, and no other")
    func scan() async throws {
        try await withRedis { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            var commands: [RESPCommand] = []
            for index in 0..<2_500 { commands.append(RESPCommand("SET", "SPLITIO.split.f\(index)", "{}")) }
            for index in 0..<300 { commands.append(RESPCommand("SET", "other.\(index)", "x")) }
            _ = try await redis.pipeline(commands)
            let keys = try await redis.scan(matching: "SPLITIO.split.*", count: 100)
            #expect(keys.count == 2_500)
            #expect(Set(keys.map { String(decoding: $0, as: UTF8.self) }) == Set((0..<2_500).map { "SPLITIO.split.f\($0)" }))
            #expect(try await redis.scan(matching: "nothing.*").isEmpty)
            await redis.close()
        }
    }

    @Test("commands are spread over the configured number of connections")
    func connections() async throws {
        try await withRedis { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port), connections: 3)
            var ids = Set<RESPValue>()
            for _ in 0..<9 { ids.insert(try await redis.send(RESPCommand("CLIENT", "ID"))) }
            #expect(ids.count == 3)
            await redis.close()
        }
    }

    @Test("a server gone: commands fail, then fail at once during the backoff, and work once it is back and the backoff passed")
    func reconnection() async throws {
        let port = try await LoopbackServer.freePort()
        let clock = ManualClock()
        let redis = RedisClient(configuration: RedisConfiguration(port: port, connectTimeout: .seconds(2)),
                                backoff: RedisBackoff(initial: .seconds(1), maximum: .seconds(4)), clock: clock)
        var server = try RedisServerProcess(port: port)
        try await server.waitUntilListening()
        _ = try await redis.send(RESPCommand("SET", "k", "1"))
        await server.stopAndWait()
        // The open connection fails; the next command tries to connect and fails.
        await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("GET", "k")) }
        await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("GET", "k")) }
        server = try RedisServerProcess(port: port)
        defer { server.stop() }
        try await server.waitUntilListening()
        // Within the backoff the last error comes back without an attempt, though the server is up.
        await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("PING")) }
        _ = clock.advance(by: .seconds(1))
        #expect(try await redis.send(RESPCommand("PING")) == .simpleString("PONG"))
        // The server restarted empty: the key written before is gone, as a fresh Redis has it.
        #expect(try await redis.send(RESPCommand("GET", "k")) == .null)
        await redis.close()
        await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("PING")) }
    }

    @Test("the backoff doubles up to its maximum")
    func backoff() {
        let backoff = RedisBackoff(initial: .milliseconds(100), maximum: .seconds(1))
        #expect((1...6).map { backoff.delay(afterFailures: $0) }
                == [.milliseconds(100), .milliseconds(200), .milliseconds(400), .milliseconds(800), .seconds(1), .seconds(1)])
    }
}
