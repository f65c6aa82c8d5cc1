import BurgeeRedis
import BurgeeTestSupport
import Foundation
import Testing

/// `--store`: `burgee serve` writing LaunchDarkly's Redis layout and `burgee eval` reading it, with
/// a real Redis.
@Suite("burgee --store", .enabled(if: RedisServerProcess.runs))
struct StoreCLITests {
    private static func flags(serves: Int) -> String {
        #"{"flags":{"a":{"key":"a","on":true,"variations":[false,true],"offVariation":0,"fallthrough":{"variation":\#(serves)},"version":3}},"segments":{"s":{"key":"s","included":["u"],"version":1}}}"#
    }

    @Test("serve --store writes the served flags and every change; eval --store evaluates what the store holds")
    func serveWritesEvalReads() async throws {
        try await RedisServerProcess.with { server in
            let url = "redis://127.0.0.1:\(server.port)"
            let files = try TemporaryFiles()
            let path = try files.write("ld.json", Self.flags(serves: 1))
            let serve = try ServeProcess(["--format", "launchdarkly", "--definitions", path, "--port", "0",
                                          "--store", url, "--store-prefix", "fleet", "--summary-interval", "0"])
            _ = try #require(await serve.waitUntilServing())
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            #expect(try await eventually { try await redis.send(RESPCommand("EXISTS", "fleet:$inited")) == .integer(1) })
            #expect(try await redis.send(RESPCommand("HGET", "fleet:segments", "s")).string?.contains(#""included":["u"]"#) == true)

            let first = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--store", url, "--store-prefix", "fleet",
                                                 "--flag", "a", "--context", #"{"key":"u"}"#, "--json"])
            #expect(first.status == 0)
            #expect(first.stdout.contains(#""value":true"#), "\(first.stdout)")

            _ = try files.write("ld.json", Self.flags(serves: 0))
            #expect(try await eventually {
                try await redis.send(RESPCommand("HGET", "fleet:features", "a")).string?.contains(#""variation":0}"#) == true
            })
            let second = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--store", url, "--store-prefix", "fleet",
                                                  "--flag", "a", "--context", #"{"key":"u"}"#, "--json"])
            #expect(second.stdout.contains(#""value":false"#), "\(second.stdout)")
            // Another prefix is another store: empty, so the flag is not found.
            let other = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--store", url, "--flag", "a",
                                                 "--context", #"{"key":"u"}"#, "--json"])
            #expect(other.stdout.contains("FLAG_NOT_FOUND"), "\(other.stdout)")
            #expect(other.stderr.contains("has not been initialized"))
            #expect(await serve.stop(with: SIGTERM) == 0)
            await redis.close()
        }
    }

    @Test("--store needs a format with a layout, excludes --definitions; an unreachable Redis ends eval with 1")
    func validation() async throws {
        let unleash = try await CLIRunner.run(["eval", "--format", "unleash", "--store", "redis://127.0.0.1:1", "--flag", "a",
                                               "--context", "{}"])
        #expect(unleash.status == 64)
        #expect(unleash.stderr.contains("--store needs --format, one of: launchdarkly"))
        let both = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--store", "redis://127.0.0.1:1",
                                            "--definitions", "x.json", "--flag", "a", "--context", "{}"])
        #expect(both.status == 64)
        let prefixAlone = try await CLIRunner.run(["eval", "--definitions", "x.json", "--store-prefix", "p", "--flag", "a",
                                                   "--context", "{}"])
        #expect(prefixAlone.status == 64)
        let badURL = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--store", "http://x", "--flag", "a",
                                              "--context", "{}"])
        #expect(badURL.status == 1)
        #expect(badURL.stderr.contains("scheme must be redis://"), "\(badURL.stderr)")
        let port = try await LoopbackServer.freePort()
        let down = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--store", "redis://127.0.0.1:\(port)",
                                            "--flag", "a", "--context", "{}"])
        #expect(down.status == 1)
        #expect(down.stderr.contains("cannot read the LaunchDarkly store"), "\(down.stderr)")
        let serve = try await CLIRunner.run(["serve", "--format", "unleash", "--definitions", "x.json", "--store", "redis://h"])
        #expect(serve.status == 64)
    }
}
