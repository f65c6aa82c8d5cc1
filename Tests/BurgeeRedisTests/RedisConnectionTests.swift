import BurgeeRedis
import BurgeeTestSupport
import Testing

/// A connection to a real Redis: commands and replies, pipelining, the server's errors, AUTH and
/// SELECT, RESP3, and what must close a connection (a reply beyond the limits, a late reply, a
/// server gone).
@Suite("Redis connection", .enabled(if: RedisServerProcess.runs))
struct RedisConnectionTests {
    private func withRedis<R>(password: String? = nil, _ body: (RedisServerProcess) async throws -> R) async throws -> R {
        let server = try RedisServerProcess(port: try await LoopbackServer.freePort(), password: password)
        defer { server.stop() }
        try await server.waitUntilListening()
        return try await body(server)
    }

    private func connect(_ server: RedisServerProcess, _ configure: (inout RedisConfiguration) -> Void = { _ in })
        async throws -> RedisConnection
    {
        var configuration = RedisConfiguration(port: server.port)
        configure(&configuration)
        return try await RedisConnection.connect(configuration)
    }

    @Test("commands and their replies: strings as bytes, a missing key null, integers, hashes")
    func commands() async throws {
        try await withRedis { server in
            let redis = try await connect(server)
            #expect(try await redis.send(RESPCommand("PING")) == .simpleString("PONG"))
            let binary: [UInt8] = [0, 13, 10, 255, 36, 42]
            #expect(try await redis.send(RESPCommand(arguments: [Array("SET".utf8), Array("k".utf8), binary])) == .simpleString("OK"))
            #expect(try await redis.send(RESPCommand("GET", "k")) == .bulkString(binary))
            #expect(try await redis.send(RESPCommand("GET", "missing")) == .null)
            #expect(try await redis.send(RESPCommand("HSET", "h", "a", "1", "b", "2")) == .integer(2))
            let all = try await redis.send(RESPCommand("HGETALL", "h")).elements?.compactMap(\.string) ?? []
            let pairs = stride(from: 0, to: all.count - 1, by: 2).map { (all[$0], all[$0 + 1]) }
            #expect(Dictionary(uniqueKeysWithValues: pairs) == ["a": "1", "b": "2"])
            await redis.close()
            #expect(!redis.isOpen)
        }
    }

    @Test("200 commands pipelined in one write get their replies in order")
    func pipelining() async throws {
        try await withRedis { server in
            let redis = try await connect(server)
            let replies = try await redis.pipeline(Array(repeating: RESPCommand("INCR", "counter"), count: 200))
            #expect(replies == (1...200).map { RESPValue.integer(Int64($0)) })
            await redis.close()
        }
    }

    @Test("the server's error is thrown by send and a reply of the pipeline; the connection stays usable")
    func serverErrors() async throws {
        try await withRedis { server in
            let redis = try await connect(server)
            _ = try await redis.send(RESPCommand("SET", "s", "x"))
            await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("LPUSH", "s", "y")) }
            let replies = try await redis.pipeline([RESPCommand("LPUSH", "s", "y"), RESPCommand("GET", "s")])
            guard case .error(let message) = replies[0] else { Issue.record("\(replies)"); return }
            #expect(message.hasPrefix("WRONGTYPE"))
            #expect(replies[1] == .bulkString(Array("x".utf8)))
            await redis.close()
        }
    }

    @Test("AUTH with the password from the URL; without it, or with a wrong one, the server refuses")
    func authentication() async throws {
        try await withRedis(password: "s3cret") { server in
            let redis = try await RedisConnection.connect(try RedisConfiguration(url: "redis://:s3cret@127.0.0.1:\(server.port)"))
            #expect(try await redis.send(RESPCommand("PING")) == .simpleString("PONG"))
            await redis.close()
            let anonymous = try await connect(server)
            await #expect(throws: RedisError.self) { try await anonymous.send(RESPCommand("GET", "k")) }
            await anonymous.close()
            await #expect(throws: RedisError.self) {
                _ = try await RedisConnection.connect(try RedisConfiguration(url: "redis://:wrong@127.0.0.1:\(server.port)"))
            }
        }
    }

    @Test("the URL's database is SELECTed")
    func database() async throws {
        try await withRedis { server in
            let two = try await RedisConnection.connect(try RedisConfiguration(url: "redis://127.0.0.1:\(server.port)/2"))
            _ = try await two.send(RESPCommand("SET", "only-in-2", "x"))
            let zero = try await connect(server)
            #expect(try await zero.send(RESPCommand("EXISTS", "only-in-2")) == .integer(0))
            #expect(try await two.send(RESPCommand("EXISTS", "only-in-2")) == .integer(1))
            await two.close()
            await zero.close()
        }
    }

    @Test("RESP3 after HELLO 3: maps and doubles as RESP3 sends them")
    func resp3() async throws {
        try await withRedis { server in
            let redis = try await connect(server)
            guard case .map(let hello) = try await redis.send(RESPCommand("HELLO", "3")) else { Issue.record("no map"); return }
            #expect(hello.contains { $0.key.string == "proto" && $0.value == .integer(3) })
            _ = try await redis.send(RESPCommand("HSET", "h", "a", "1"))
            #expect(try await redis.send(RESPCommand("HGETALL", "h")) == .map([RESPPair(key: .bulkString([0x61]), value: .bulkString([0x31]))]))
            _ = try await redis.send(RESPCommand("ZADD", "z", "1.5", "m"))
            #expect(try await redis.send(RESPCommand("ZSCORE", "z", "m")) == .double(1.5))
            await redis.close()
        }
    }

    @Test("a value beyond the limit closes the connection with the limit's error; a new one works")
    func replyTooLarge() async throws {
        try await withRedis { server in
            let writer = try await connect(server)
            _ = try await writer.send(RESPCommand("SET", "big", String(repeating: "x", count: 2 << 20)))
            let reader = try await connect(server) { $0.limits = RESPLimits(maxBulkBytes: 1 << 20) }
            await #expect(throws: RedisError.protocolViolation(.tooLarge("a string's length 2097152 above 1048576"))) {
                try await reader.send(RESPCommand("GET", "big"))
            }
            #expect(try await eventually { !reader.isOpen })
            #expect(try await writer.send(RESPCommand("STRLEN", "big")) == .integer(2 << 20))
            await writer.close()
        }
    }

    @Test("a reply later than the command timeout fails every command waiting and closes the connection")
    func slowRedis() async throws {
        try await withRedis { server in
            let redis = try await connect(server) { $0.commandTimeout = .milliseconds(100) }
            await #expect(throws: RedisError.timeout) {
                _ = try await redis.pipeline([RESPCommand("DEBUG", "SLEEP", "1"), RESPCommand("PING")])
            }
            #expect(try await eventually { !redis.isOpen })
            await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("PING")) }
        }
    }

    @Test("a server gone fails the command waiting, and connecting again fails until it is back")
    func serverGone() async throws {
        try await withRedis { server in
            let redis = try await connect(server)
            await server.stopAndWait()
            await #expect(throws: RedisError.self) { try await redis.send(RESPCommand("PING")) }
            await #expect(throws: RedisError.self) { _ = try await connect(server) }
        }
    }
}

/// `redis://` URLs.
@Suite("Redis URLs")
struct RedisURLTests {
    @Test("host, port, user, password (percent-decoded) and database are read; the defaults fill the rest")
    func urls() throws {
        let full = try RedisConfiguration(url: "redis://reader:p%40ss@cache.internal:6380/3")
        #expect(full.host == "cache.internal" && full.port == 6380 && full.username == "reader" && full.password == "p@ss"
                && full.database == 3)
        let bare = try RedisConfiguration(url: "redis://localhost")
        #expect(bare.host == "localhost" && bare.port == 6379 && bare.password == nil && bare.database == 0)
        let password = try RedisConfiguration(url: "redis://:secret@[::1]:7000/")
        #expect(password.host == "::1" && password.port == 7000 && password.username == nil && password.password == "secret")
        for bad in ["http://x", "redis://", "redis://h:0", "redis://h:x", "redis://h/db", "redis://h/-1", "redis://:%4@h"] {
            #expect(throws: RedisError.self, "\(bad)") { try RedisConfiguration(url: bad) }
        }
    }
}
