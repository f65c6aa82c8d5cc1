import BurgeeCore
import BurgeeRedis
import BurgeeServer
import BurgeeTesting
import Testing
@testable import Burgee
@testable import BurgeeSplit

/// Impressions, counts, unique keys and events pushed into a real Redis as Split's SDKs in
/// consumer mode push them, for Split's Synchronizer to send.
@Suite("Split's events into Redis", .enabled(if: RedisServerProcess.runs), .timeLimit(.minutes(2)))
struct SplitRedisEventsTests {
    private typealias Docs = SplitPollingTests

    private static func synchronize(_ redis: RedisClient, prefix: String) async throws {
        _ = try await redis.pipeline([
            RESPCommand("SET", prefix + ".SPLITIO.split.a", Docs.flag("a", sets: [], treatment: "on")),
            RESPCommand("SET", prefix + ".SPLITIO.splits.till", "100"),
        ])
    }

    private static func client(_ server: RedisServerProcess, mode: SplitImpressionsMode, clock: ManualClock) -> BurgeeClient.Configuration {
        let store = SplitRedisStore(redis: RedisConfiguration(port: server.port), prefix: "shop")
        var configuration = BurgeeClient.Configuration(sdkKey: "key", source: .splitConsumer(store), logger: TestFiles.quietLogger)
        configuration.events = .splitConsumer(store, SplitEventSettings(impressionsMode: mode))
        configuration.clock = clock
        return configuration
    }

    private static func list(_ redis: RedisClient, _ key: String) async throws -> [JSONValue] {
        let reply = try await redis.send(RESPCommand("LRANGE", key, "0", "-1"))
        return try (reply.elements ?? []).map { try JSONParser().parse($0.bytes ?? []) }
    }

    private static func ttl(_ redis: RedisClient, _ key: String) async throws -> Int64 {
        guard case .integer(let ttl) = try await redis.send(RESPCommand("TTL", key)) else { return -3 }
        return ttl
    }

    @Test("DEBUG: every impression and event is pushed with the metadata; the lists live an hour")
    func debugMode() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.synchronize(redis, prefix: "shop")
            let clock = ManualClock(wallMilliseconds: 1_700_000_000_000)
            try await TestFiles.withClient(Self.client(server, mode: .debug, clock: clock)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.split.treatment("a", key: "u1", bucketingKey: "b1") == "on")
                #expect(client.split.treatment("a", key: "u1", bucketingKey: "b1") == "on")
                #expect(client.split.track(key: "u1", trafficType: "user", eventType: "checkout", value: 9.5, properties: ["plan": "pro"]))
                await client.flush()
            }
            let metadata: JSONValue = ["s": .string("swift-burgee-" + SDKVersion.version), "n": "NA", "i": "NA"]
            let impression: JSONValue = ["k": "u1", "b": "b1", "f": "a", "t": "on", "r": "in", "c": 1,
                                         "m": 1_700_000_000_000, "properties": .null]
            let impressions = try await Self.list(redis, "shop.SPLITIO.impressions")
            #expect(impressions == [["m": metadata, "i": impression], ["m": metadata, "i": impression]], "\(impressions)")
            #expect(try await Self.ttl(redis, "shop.SPLITIO.impressions") > 3_500)
            let event: JSONValue = ["key": "u1", "trafficTypeName": "user", "eventTypeId": "checkout", "value": 9.5,
                                    "timestamp": 1_700_000_000_000, "properties": ["plan": "pro"]]
            #expect(try await Self.list(redis, "shop.SPLITIO.events") == [["e": event, "m": metadata]])
            #expect(try await Self.ttl(redis, "shop.SPLITIO.events") > 3_500)
        }
    }

    @Test("OPTIMIZED: a repeat is counted into SPLITIO.impressions.count by hour; NONE: counts and unique keys only")
    func countsAndKeys() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.synchronize(redis, prefix: "shop")
            let start: Int64 = 1_700_000_000_000
            let hour = start - start % 3_600_000
            try await TestFiles.withClient(Self.client(server, mode: .optimized, clock: ManualClock(wallMilliseconds: start))) { client in
                try await LoopbackServer.ready(client)
                for _ in 0..<3 { _ = client.split.treatment("a", key: "u1") }
                await client.flush()
            }
            #expect(try await Self.list(redis, "shop.SPLITIO.impressions").count == 1)
            let counts = try await redis.send(RESPCommand("HGETALL", "shop.SPLITIO.impressions.count"))
            #expect(counts.elements?.compactMap { $0.bytes.map { String(decoding: $0, as: UTF8.self) } } == ["a::\(hour)", "2"])
            #expect(try await Self.ttl(redis, "shop.SPLITIO.impressions.count") > 3_500)

            _ = try await redis.send(RESPCommand("DEL", "shop.SPLITIO.impressions", "shop.SPLITIO.impressions.count"))
            try await TestFiles.withClient(Self.client(server, mode: .none, clock: ManualClock(wallMilliseconds: start))) { client in
                try await LoopbackServer.ready(client)
                for key in ["u2", "u1", "u2"] { _ = client.split.treatment("a", key: key) }
                await client.flush()
            }
            #expect(try await Self.list(redis, "shop.SPLITIO.impressions").isEmpty)
            #expect(try await Self.list(redis, "shop.SPLITIO.uniquekeys") == [["f": "a", "ks": ["u1", "u2"]]])
            #expect(try await Self.ttl(redis, "shop.SPLITIO.uniquekeys") > 3_500)
            let noneCounts = try await redis.send(RESPCommand("HGETALL", "shop.SPLITIO.impressions.count"))
            #expect(noneCounts.elements?.compactMap { $0.bytes.map { String(decoding: $0, as: UTF8.self) } } == ["a::\(hour)", "3"])
        }
    }

    @Test("Redis gone: the batch fails and its events count as dropped; the client goes on")
    func redisGone() async throws {
        let server = try RedisServerProcess(port: try await LoopbackServer.freePort())
        defer { server.stop() }
        try await server.waitUntilListening()
        let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
        try await Self.synchronize(redis, prefix: "shop")
        await redis.close()
        try await TestFiles.withClient(Self.client(server, mode: .debug, clock: ManualClock())) { client in
            try await LoopbackServer.ready(client)
            await server.stopAndWait()
            #expect(client.split.treatment("a", key: "u1") == "on")
            await client.flush()
            #expect(await eventually { client.eventDiagnostics.droppedDelivery == 1 && client.eventDiagnostics.failedBatches >= 1 })
        }
    }
}
