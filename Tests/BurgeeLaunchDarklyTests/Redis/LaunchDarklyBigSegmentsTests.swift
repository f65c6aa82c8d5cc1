import BurgeeCore
import BurgeeRedis
import BurgeeServer
import BurgeeTesting
import NIOPosix
import Testing
@testable import Burgee
@testable import BurgeeLaunchDarkly

/// Big segments read from a real Redis in the layout LaunchDarkly's Relay Proxy writes: members,
/// the cache, the store's status and what a store that goes away does to evaluations.
@Suite("LaunchDarkly's big segments in Redis", .enabled(if: RedisServerProcess.runs))
struct LaunchDarklyBigSegmentsTests {
    fileprivate static let wallStart: Int64 = 1_700_000_000_000

    /// The flag data: `f` serves true to the members of big segment `big` (generation 2).
    private static let flag = #"{"key": "f", "on": true, "variations": [false, true], "offVariation": 0, "fallthrough": {"variation": 0}, "#
        + #""rules": [{"id": "r", "variation": 1, "clauses": [{"attribute": "", "op": "segmentMatch", "values": ["big"]}]}], "version": 1}"#
    private static let segment = #"{"key": "big", "unbounded": true, "generation": 2, "version": 1, "rules": []}"#

    /// Fills the store as the Relay Proxy does: flag data, the synchronisation time, and each
    /// context key's include and exclude sets under its hash.
    fileprivate static func fill(_ redis: RedisClient, synchronizedOn: Int64?, include: [String: [String]], exclude: [String: [String]]) async throws {
        var commands = [RESPCommand("HSET", "launchdarkly:features", "f", flag), RESPCommand("HSET", "launchdarkly:segments", "big", segment),
                        RESPCommand("SET", "launchdarkly:$inited", "launchdarkly:$inited")]
        if let synchronizedOn { commands.append(RESPCommand("SET", "launchdarkly:big_segments_synchronized_on", String(synchronizedOn))) }
        for (key, references) in include {
            commands.append(RESPCommand(arguments: [Array("SADD".utf8), Array("launchdarkly:big_segment_include:\(hash(key))".utf8)]
                                        + references.map { Array($0.utf8) }))
        }
        for (key, references) in exclude {
            commands.append(RESPCommand(arguments: [Array("SADD".utf8), Array("launchdarkly:big_segment_exclude:\(hash(key))".utf8)]
                                        + references.map { Array($0.utf8) }))
        }
        _ = try await redis.transaction(commands)
    }

    fileprivate static func hash(_ key: String) -> String {
        LaunchDarklyBigSegmentLayout.hash(contextKey: key)
    }

    private static func configuration(_ server: RedisServerProcess, clock: ManualClock,
                                      bigSegments: Bool = true) -> BurgeeClient.Configuration {
        let store = LaunchDarklyRedisStore(redis: RedisConfiguration(port: server.port))
        var configuration = BurgeeClient.Configuration.launchDarkly(
            sdkKey: "sdk-key", connection: .redis(store, cacheTTL: nil), events: LaunchDarklyEvents(sendEvents: false),
            bigSegments: bigSegments ? LaunchDarklyBigSegments(store: store) : nil, logger: TestFiles.quietLogger)
        configuration.clock = clock
        return configuration
    }

    fileprivate static func evaluate(_ client: BurgeeClient, _ key: String) -> (Bool, String) {
        let detail = client.boolVariationDetail("f", context: Context(key: key), default: false)
        return (detail.value, detail.reason.jsonText)
    }

    @Test("members included and excluded as the Relay Proxy writes them; included wins; the reason says HEALTHY")
    func members() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, synchronizedOn: Self.wallStart,
                                include: ["in": ["big.g2"], "both": ["big.g2"], "old": ["big.g1", "big.g02"]],
                                exclude: ["out": ["big.g2"], "both": ["big.g2"]])
            let clock = ManualClock(wallMilliseconds: Self.wallStart)
            try await TestFiles.withClient(Self.configuration(server, clock: clock)) { client in
                try await LoopbackServer.ready(client)
                let rule = #"{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"r","bigSegmentsStatus":"HEALTHY"}"#
                let fell = #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"HEALTHY"}"#
                #expect(Self.evaluate(client, "in") == (true, rule))
                #expect(Self.evaluate(client, "both") == (true, rule))
                #expect(Self.evaluate(client, "out") == (false, fell))
                #expect(Self.evaluate(client, "old") == (false, fell))
                #expect(Self.evaluate(client, "nobody") == (false, fell))
                #expect(client.launchDarkly.bigSegmentStoreStatus == LaunchDarklyBigSegmentStoreStatus(available: true, stale: false))
            }
            // Without big segments configured, as LaunchDarkly's SDKs without a store.
            try await TestFiles.withClient(Self.configuration(server, clock: ManualClock(), bigSegments: false)) { client in
                try await LoopbackServer.ready(client)
                #expect(Self.evaluate(client, "in") == (false, #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"NOT_CONFIGURED"}"#))
                #expect(client.launchDarkly.bigSegmentStoreStatus == nil)
            }
        }
    }

    @Test("a key's membership is cached for the cache time on the client's clock, then read again")
    func cache() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, synchronizedOn: Self.wallStart, include: ["in": ["big.g2"]], exclude: [:])
            let clock = ManualClock(wallMilliseconds: Self.wallStart)
            try await TestFiles.withClient(Self.configuration(server, clock: clock)) { client in
                try await LoopbackServer.ready(client)
                #expect(Self.evaluate(client, "in").0)
                _ = try await redis.send(RESPCommand("DEL", "launchdarkly:big_segment_include:\(Self.hash("in"))"))
                #expect(Self.evaluate(client, "in").0, "read from the cache")
                clock.advance(by: .seconds(4))
                #expect(Self.evaluate(client, "in").0, "still within the cache time")
                clock.advance(by: .seconds(1))
                #expect(Self.evaluate(client, "in").0 == false, "the cache time has passed: read again")
            }
        }
    }

    @Test("the status goes stale past staleAfter and unavailable when Redis goes away; observers hear each change; evaluations say STALE, then STORE_ERROR")
    func status() async throws {
        let server = try RedisServerProcess(port: try await LoopbackServer.freePort())
        defer { server.stop() }
        try await server.waitUntilListening()
        let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
        defer { Task { await redis.close() } }
        try await Self.fill(redis, synchronizedOn: Self.wallStart, include: ["in": ["big.g2"]], exclude: [:])
        let clock = ManualClock(wallMilliseconds: Self.wallStart)
        try await TestFiles.withClient(Self.configuration(server, clock: clock)) { client in
            try await LoopbackServer.ready(client)
            var updates = client.launchDarkly.bigSegmentStoreStatusUpdates().makeAsyncIterator()
            #expect(Self.evaluate(client, "in").1.contains("HEALTHY"))
            // The poller sleeps 5 s at a time: 120 s after the synchronisation, the store is stale.
            for _ in 0..<24 {
                #expect(await eventually { clock.deadlines.contains { $0.offset == clock.now.offset + .seconds(5) } })
                clock.advance(by: .seconds(5))
            }
            #expect(await updates.next() == LaunchDarklyBigSegmentStoreStatus(available: true, stale: true))
            #expect(Self.evaluate(client, "in") == (true, #"{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"r","bigSegmentsStatus":"STALE"}"#))
            // The Relay Proxy synchronises again.
            _ = try await redis.send(RESPCommand("SET", "launchdarkly:big_segments_synchronized_on", String(clock.wallMilliseconds)))
            #expect(await eventually { clock.deadlines.contains { $0.offset == clock.now.offset + .seconds(5) } })
            clock.advance(by: .seconds(5))
            #expect(await updates.next() == LaunchDarklyBigSegmentStoreStatus(available: true, stale: false))
            // Redis goes away: the next poll finds it unavailable; a key not cached cannot be read.
            await server.stopAndWait()
            #expect(await eventually { clock.deadlines.contains { $0.offset == clock.now.offset + .seconds(5) } })
            clock.advance(by: .seconds(5))
            #expect(await updates.next() == LaunchDarklyBigSegmentStoreStatus(available: false, stale: false))
            #expect(client.launchDarkly.bigSegmentStoreStatus?.available == false)
            #expect(Self.evaluate(client, "someone") == (false, #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"STORE_ERROR"}"#))
            // A member whose membership is no longer cached: only the rules can let it in.
            #expect(Self.evaluate(client, "in") == (false, #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"STORE_ERROR"}"#))
        }
    }
}

/// What a slow, wrong, busy or restarted Redis does to big segment evaluations.
@Suite("LaunchDarkly's big segments when Redis fails", .enabled(if: RedisServerProcess.runs))
struct LaunchDarklyBigSegmentFaultTests {
    private typealias Big = LaunchDarklyBigSegmentsTests
    private static let wallStart = Big.wallStart

    private static func fill(_ redis: RedisClient, synchronizedOn: Int64?, include: [String: [String]], exclude: [String: [String]]) async throws {
        try await Big.fill(redis, synchronizedOn: synchronizedOn, include: include, exclude: exclude)
    }

    private static func hash(_ key: String) -> String { Big.hash(key) }

    private static func evaluate(_ client: BurgeeClient, _ key: String) -> (Bool, String) { Big.evaluate(client, key) }

    private static func configuration(port: Int, clock: ManualClock, commandTimeout: Duration = .seconds(5)) -> BurgeeClient.Configuration {
        let store = LaunchDarklyRedisStore(redis: RedisConfiguration(port: port, commandTimeout: commandTimeout))
        var configuration = BurgeeClient.Configuration.launchDarkly(
            sdkKey: "sdk-key", connection: .redis(store, cacheTTL: nil), events: LaunchDarklyEvents(sendEvents: false),
            bigSegments: LaunchDarklyBigSegments(store: store), logger: TestFiles.quietLogger)
        configuration.clock = clock
        return configuration
    }

    @Test("an evaluation on a swift-nio event loop thread never blocks: STORE_ERROR, and the membership is read in the background")
    func eventLoopThread() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, synchronizedOn: Self.wallStart, include: ["in": ["big.g2"]], exclude: [:])
            let clock = ManualClock(wallMilliseconds: Self.wallStart)
            try await TestFiles.withClient(Self.configuration(port: server.port, clock: clock)) { client in
                try await LoopbackServer.ready(client)
                let onLoop = try await MultiThreadedEventLoopGroup.singleton.next().submit { Self.evaluate(client, "in") }.get()
                #expect(onLoop == (false, #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"STORE_ERROR"}"#))
                // The background read fills the cache: the next evaluation (here, off the loop) reads it.
                #expect(await eventually { Self.evaluate(client, "in").0 })
                #expect(try await MultiThreadedEventLoopGroup.singleton.next().submit { Self.evaluate(client, "in") }.get().0,
                        "a cached membership is read on an event loop too")
            }
        }
    }

    @Test("a Redis that does not answer in time (paused past the command timeout), wrong types at the membership keys: STORE_ERROR, bounded; then recovery")
    func slowAndWrongTypes() async throws {
        try await RedisServerProcess.withClient { server, redis in
            try await Self.fill(redis, synchronizedOn: Self.wallStart, include: ["in": ["big.g2"]], exclude: [:])
            _ = try await redis.send(RESPCommand("SET", "launchdarkly:big_segment_include:\(Self.hash("text"))", "big.g2"))
            let clock = ManualClock(wallMilliseconds: Self.wallStart)
            try await TestFiles.withClient(Self.configuration(port: server.port, clock: clock, commandTimeout: .milliseconds(200))) { client in
                try await LoopbackServer.ready(client)
                #expect(Self.evaluate(client, "text") == (false, #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"STORE_ERROR"}"#),
                        "a string where a set belongs: the query fails")
                // The server holds every client's commands for a second, past the 200 ms command
                // timeout; the pause is in force once its reply has come.
                _ = try await redis.send(RESPCommand("CLIENT", "PAUSE", "1000"))
                #expect(Self.evaluate(client, "in") == (false, #"{"kind":"FALLTHROUGH","bigSegmentsStatus":"STORE_ERROR"}"#))
                // The timed-out connection is made again (after the backoff, on the client's clock).
                #expect(await eventually {
                    clock.advance(by: .milliseconds(100))
                    return Self.evaluate(client, "in").0
                })
            }
        }
    }

    @Test("Redis restarted: the status becomes available again and memberships are read again")
    func restarted() async throws {
        let port = try await LoopbackServer.freePort()
        var server = try RedisServerProcess(port: port)
        defer { server.stop() }
        try await server.waitUntilListening()
        let redis = RedisClient(configuration: RedisConfiguration(port: port), backoff: RedisBackoff(initial: .milliseconds(1)))
        try await Self.fill(redis, synchronizedOn: Self.wallStart, include: ["in": ["big.g2"]], exclude: [:])
        let clock = ManualClock(wallMilliseconds: Self.wallStart)
        try await TestFiles.withClient(Self.configuration(port: port, clock: clock)) { client in
            try await LoopbackServer.ready(client)
            var updates = client.launchDarkly.bigSegmentStoreStatusUpdates().makeAsyncIterator()
            await server.stopAndWait()
            #expect(await eventually { clock.deadlines.contains { $0.offset == clock.now.offset + .seconds(5) } })
            clock.advance(by: .seconds(5))
            #expect(await updates.next() == LaunchDarklyBigSegmentStoreStatus(available: false, stale: false))
            #expect(Self.evaluate(client, "in").1.contains("STORE_ERROR"))
            server = try RedisServerProcess(port: port)
            try await server.waitUntilListening()
            try await Self.fill(redis, synchronizedOn: clock.wallMilliseconds, include: ["in": ["big.g2"]], exclude: [:])
            #expect(await eventually { clock.deadlines.contains { $0.offset == clock.now.offset + .seconds(5) } })
            clock.advance(by: .seconds(5))
            #expect(await updates.next() == LaunchDarklyBigSegmentStoreStatus(available: true, stale: false))
            #expect(await eventually { Self.evaluate(client, "in") == (true, #"{"kind":"RULE_MATCH","ruleIndex":0,"ruleId":"r","bigSegmentsStatus":"HEALTHY"}"#) })
        }
        await redis.close()
    }
}

/// The big segment layout's pure parts: the context key's hash and the segment references.
@Suite("LaunchDarkly's big segment layout")
struct LaunchDarklyBigSegmentLayoutTests {
    @Test("the context key's hash is the base64 of its SHA-256, as LaunchDarkly's SDKs compute it")
    func contextHash() {
        // base64(sha256("")) and base64(sha256("abc")): FIPS 180-2's test vectors.
        #expect(LaunchDarklyBigSegmentLayout.hash(contextKey: "") == "47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=")
        #expect(LaunchDarklyBigSegmentLayout.hash(contextKey: "abc") == "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=")
    }

    @Test("a reference reads back as the segment key and generation Go's %s.g%d wrote; other text never matches",
          arguments: [("big.g2", "big", 2), ("a.gx.g2", "a.gx", 2), ("big.g-1", "big", -1), (".g0", "", 0)] as [(String, String, Int64)])
    func references(_ reference: String, _ key: String, _ generation: Int64) throws {
        let parsed = try #require(LaunchDarklyBigSegmentLayout.segment(ofReference: reference))
        #expect(parsed.key == key && parsed.generation == generation)
        #expect(LaunchDarklyBigSegmentLayout.reference(segment: key, generation: generation) == reference)
    }

    @Test("text that no generation formats to is not a reference", arguments: ["big.g02", "big.g+2", "big.g", "big", "big.g2x", "big.g99999999999999999999"])
    func notReferences(_ text: String) {
        #expect(LaunchDarklyBigSegmentLayout.segment(ofReference: text) == nil)
    }
}
