import BurgeeCore
import BurgeeRedis
import BurgeeServer
import BurgeeTesting
import Testing
@testable import Burgee
@testable import BurgeeSplit

/// Split's Redis layout in a real Redis: consumer mode reading what the Synchronizer writes, and a
/// client syncing from Split writing it.
@Suite("Split's Redis store", .enabled(if: RedisServerProcess.runs), .timeLimit(.minutes(2)))
struct SplitRedisStoreTests {
    private typealias Docs = SplitPollingTests

    /// The keys the Synchronizer writes for flags `a` (serving `treatment`) and `b` (segment `vips`).
    private static func synchronize(_ redis: RedisClient, prefix: String? = nil, treatment: String = "on", till: Int = 100)
        async throws
    {
        let p = prefix.map { "\($0)." } ?? ""
        _ = try await redis.pipeline([
            RESPCommand("SET", p + "SPLITIO.split.a", Docs.flag("a", sets: ["front"], treatment: treatment)),
            RESPCommand("SET", p + "SPLITIO.split.b", Docs.flag("b", segment: "vips")),
            RESPCommand("SADD", p + "SPLITIO.segment.vips", "u1", "u2"),
            RESPCommand("SET", p + "SPLITIO.segment.vips.till", "5"),
            RESPCommand("SET", p + "SPLITIO.rbsegment.rb", Docs.ruleBased),
            RESPCommand("SET", p + "SPLITIO.rbsegments.till", String(till)),
            RESPCommand("SET", p + "SPLITIO.splits.till", String(till)),
        ])
    }

    private func consumer(_ server: RedisServerProcess, prefix: String? = nil, clock: ManualClock = ManualClock())
        -> BurgeeClient.Configuration
    {
        var configuration = BurgeeClient.Configuration(
            source: .splitConsumer(SplitRedisStore(redis: RedisConfiguration(port: server.port), prefix: prefix)),
            logger: TestFiles.quietLogger)
        configuration.clock = clock
        return configuration
    }

    @Test("consumer mode evaluates the Synchronizer's flags, segments and rule-based segments, behind a user prefix")
    func consumerReads() async throws {
        try await RedisServerProcess.with { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            try await Self.synchronize(redis, prefix: "checkout")
            try await Self.synchronize(redis, treatment: "off")
            try await TestFiles.withClient(consumer(server, prefix: "checkout")) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u9") == "on")
                #expect(client.split.treatment("b", key: "u1") == "on")
                #expect(client.split.treatment("b", key: "u9") == "off")
                #expect(client.split.treatment("missing", key: "u1") == "control")
            }
            try await TestFiles.withClient(consumer(server)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u9") == "off")
            }
            await redis.close()
        }
    }

    @Test("a change is read after the refresh interval on the clock; a store never synchronized leaves the client initializing")
    func refresh() async throws {
        try await RedisServerProcess.with { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            let clock = ManualClock()
            try await TestFiles.withClient(consumer(server, clock: clock)) { client in
                client.start()
                #expect(await eventually { client.dataSourceStatus.lastError?.message.contains("not been synchronized") == true })
                #expect(client.dataSourceStatus.state == .initializing)
                try await Self.synchronize(redis)
                _ = clock.advance(by: .seconds(5))
                #expect(await eventually { client.dataSourceStatus.state == .valid })
                #expect(client.split.treatment("a", key: "u9") == "on")
                try await Self.synchronize(redis, treatment: "off", till: 101)
                #expect(await eventually {
                    _ = clock.advance(by: .seconds(5))
                    return client.split.treatment("a", key: "u9") == "off"
                })
                // A key of another type: the read is refused, the last good flags stay.
                _ = try await redis.pipeline([RESPCommand("DEL", "SPLITIO.segment.vips"), RESPCommand("SET", "SPLITIO.segment.vips", "x")])
                #expect(await eventually {
                    _ = clock.advance(by: .seconds(5))
                    return client.dataSourceStatus.state == .interrupted
                })
                #expect(client.split.treatment("a", key: "u9") == "off")
            }
            await redis.close()
        }
    }

    @Test("a client syncing from Split writes Split's layout, deletes what the definitions no longer have, and consumers read it")
    func producerWrites() async throws {
        try await RedisServerProcess.with { server in
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            _ = try await redis.send(RESPCommand("SET", "SPLITIO.split.gone", Docs.flag("gone")))
            try await LoopbackServer.withServer(Docs.standard, sdkKey: "sdk-1", configure: { $0.format = .split }) { running in
                var writer = BurgeeClient.Configuration.split(
                    sdkKey: "sdk-1", sdkURL: running.baseURL + "/api", pollingInterval: .milliseconds(50),
                    http: LoopbackServer.http(), streaming: SplitStreaming(isEnabled: false),
                    producerStore: SplitRedisStore(redis: RedisConfiguration(port: server.port)), logger: TestFiles.quietLogger)
                writer.events = nil
                try await TestFiles.withClient(writer) { client in
                    try await LoopbackServer.ready(client)
                    #expect(try await eventually { try await redis.send(RESPCommand("GET", "SPLITIO.splits.till")).string == "100" })
                    #expect(try await redis.send(RESPCommand("EXISTS", "SPLITIO.split.gone")) == .integer(0))
                    #expect(try await redis.send(RESPCommand("SMEMBERS", "SPLITIO.flagSet.back")).elements == [.bulkString(Array("b".utf8))])
                    #expect(try await redis.send(RESPCommand("GET", "SPLITIO.trafficType.user")).string == "2")
                    let vips = try await redis.send(RESPCommand("SMEMBERS", "SPLITIO.segment.vips")).elements?.compactMap(\.string)
                    #expect(Set(vips ?? []) == ["u1", "u2"])
                    try await TestFiles.withClient(consumer(server)) { reader in
                        try await LoopbackServer.ready(reader)
                        #expect(reader.split.treatment("b", key: "u2") == "on")
                        #expect(reader.split.treatment("b", key: "u5") == "off")
                    }
                }
            }
            await redis.close()
        }
    }
}
