import Benchmark
import Burgee
import BurgeeLaunchDarkly
import BurgeeRedis
import Foundation
import Logging

/// LaunchDarkly's big segments read from a Redis in the layout its Relay Proxy writes: an
/// evaluation whose context key's memberships are cached (what most evaluations of a big segment
/// cost), and one whose are not (one round trip to Redis, the evaluation's thread blocked for it).
/// Needs Debian's `redis-server`; started here on a free loopback port. Gates nothing: the miss
/// allocates by design (a query and its reply).
func bigSegments() {
    Benchmark("LaunchDarklyBigSegmentCached", configuration: .init(metrics: [.wallClock, .mallocCountTotal],
                                                                   maxDuration: .seconds(10), maxIterations: 100_000)) { benchmark in
        guard let fixture = await BigSegmentFixture.shared.ready() else { return }
        // Measured from here: the actor hop to the fixture allocates, the evaluations are what count.
        benchmark.startMeasurement()
        for _ in benchmark.scaledIterations {
            blackHole(fixture.client.boolVariation("f", context: fixture.member, default: false))
        }
    } teardown: {
        await BigSegmentFixture.shared.stop()
    }
    Benchmark("LaunchDarklyBigSegmentMiss", configuration: .init(metrics: [.wallClock, .mallocCountTotal],
                                                                 maxDuration: .seconds(10), maxIterations: 2_000)) { benchmark in
        guard let fixture = await BigSegmentFixture.shared.ready() else { return }
        let context = Context(key: "visitor-\(fixture.counter.next())")
        benchmark.startMeasurement()
        blackHole(fixture.client.boolVariation("f", context: context, default: false))
        benchmark.stopMeasurement()
    } teardown: {
        await BigSegmentFixture.shared.stop()
    }
}

/// A redis-server holding a flag that serves true to the members of big segment `big`, and a
/// LaunchDarkly client in daemon mode reading it with big segments, memberships cached for an hour.
actor BigSegmentFixture {
    static let shared = BigSegmentFixture()

    struct Ready: Sendable {
        let client: BurgeeClient
        let member = Context(key: "member")
        let counter = SyncFixture.Counter()
    }

    private var fixture: Ready?
    private var server: Process?

    func stop() async {
        await fixture?.client.close()
        if let server, server.isRunning { kill(server.processIdentifier, SIGKILL) }
        fixture = nil
        server = nil
    }

    func ready() async -> Ready? {
        if let fixture { return fixture }
        guard let (process, port) = startRedisServer(for: "LaunchDarklyBigSegment…") else { return nil }
        server = process
        let flag = #"{"key":"f","on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":0},"version":1,"#
            + #""rules":[{"id":"r","variation":1,"clauses":[{"attribute":"","op":"segmentMatch","values":["big"]}]}]}"#
        let commands = [
            RESPCommand("HSET", "launchdarkly:features", "f", flag),
            RESPCommand("HSET", "launchdarkly:segments", "big", #"{"key":"big","unbounded":true,"generation":1,"version":1}"#),
            RESPCommand("SET", "launchdarkly:$inited", ""),
            RESPCommand("SET", "launchdarkly:big_segments_synchronized_on", String(Int64(Date().timeIntervalSince1970 * 1_000))),
            // base64(sha256("member")): the hash LaunchDarkly's Relay Proxy lists the context key under.
            RESPCommand("SADD", "launchdarkly:big_segment_include:4xq2Q8RPeg7IJLWdEZTWDawzQgDYReYdLSidqg8IfqQ=", "big.g1"),
        ]
        let deadline = ContinuousClock.now + .seconds(20)
        while true {
            do {
                _ = try await RedisClient.with(RedisConfiguration(port: port)) { redis in try await redis.pipeline(commands) }
                break
            } catch {
                guard ContinuousClock.now < deadline else { fatalError("redis-server did not start: \(error)") }
                try? await Task.sleep(for: .milliseconds(20))
            }
        }
        let quiet = Logger(label: "burgee-benchmark", factory: { _ in SwiftLogNoOpLogHandler() })
        let store = LaunchDarklyRedisStore(redis: RedisConfiguration(port: port))
        let client = try! BurgeeClient(configuration: .launchDarkly(
            sdkKey: "sdk-key", connection: .redis(store, cacheTTL: nil), events: LaunchDarklyEvents(sendEvents: false),
            bigSegments: LaunchDarklyBigSegments(store: store, contextCacheSize: 100_000, contextCacheTime: .seconds(3_600)),
            logger: quiet))
        client.start()
        _ = await client.waitUntilReady(timeout: .seconds(10))
        let ready = Ready(client: client)
        precondition(client.boolVariation("f", context: ready.member, default: false), "the member is not in the big segment")
        fixture = ready
        return ready
    }
}
