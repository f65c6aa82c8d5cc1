import BurgeeRedis
import BurgeeTestSupport
import BurgeeTesting
import Testing

/// Pub/sub against a real Redis: messages heard, and the subscription made again after Redis
/// comes back, once the backoff has passed on a clock the test moves.
@Suite("Redis subscriber", .enabled(if: RedisServerProcess.runs), .timeLimit(.minutes(1)))
struct RedisSubscriberTests {
    @Test("subscribed, then every message published on its channels and none of another, binary payloads intact")
    func messages() async throws {
        try await RedisServerProcess.with { server in
            let subscriber = RedisSubscriber(configuration: RedisConfiguration(port: server.port), channels: ["a", "b"])
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            var events = subscriber.events().makeAsyncIterator()
            #expect(await events.next() == .subscribed)
            _ = try await redis.send(RESPCommand("PUBLISH", "other", "x"))
            _ = try await redis.send(RESPCommand("PUBLISH", "a", "1"))
            _ = try await redis.send(RESPCommand(arguments: [Array("PUBLISH".utf8), Array("b".utf8), [0, 255, 13, 10]]))
            #expect(await events.next() == .message(channel: "a", payload: Array("1".utf8)))
            #expect(await events.next() == .message(channel: "b", payload: [0, 255, 13, 10]))
            await redis.close()
        }
    }

    @Test("Redis restarted: subscribed again after the backoff, and messages heard again")
    func resubscribes() async throws {
        let port = try await LoopbackServer.freePort()
        var server = try RedisServerProcess(port: port)
        defer { server.stop() }
        try await server.waitUntilListening()
        let clock = ManualClock()
        let subscriber = RedisSubscriber(configuration: RedisConfiguration(port: port), channels: ["c"],
                                         backoff: RedisBackoff(initial: .seconds(1)), clock: clock)
        var events = subscriber.events().makeAsyncIterator()
        #expect(await events.next() == .subscribed)
        await server.stopAndWait()
        server = try RedisServerProcess(port: port)
        try await server.waitUntilListening()
        // The subscriber waits out its backoff on the manual clock before connecting again.
        try await clock.sleepers(atLeast: 1)
        _ = clock.advance(by: .seconds(1))
        #expect(await events.next() == .subscribed)
        let redis = RedisClient(configuration: RedisConfiguration(port: port))
        _ = try await redis.send(RESPCommand("PUBLISH", "c", "again"))
        #expect(await events.next() == .message(channel: "c", payload: Array("again".utf8)))
        await redis.close()
    }
}
