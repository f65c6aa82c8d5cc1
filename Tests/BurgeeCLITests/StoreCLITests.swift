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

    @Test("Burgee's layout for the other formats: serve --store writes the document and its changes, eval --store reads it, of its format only")
    func burgeeLayout() async throws {
        try await RedisServerProcess.with { server in
            let url = "redis://127.0.0.1:\(server.port)"
            let files = try TemporaryFiles()
            let path = try files.write("defs.json", ServeCommandTests.definitions)
            let serve = try ServeProcess(["--format", "native", "--definitions", path, "--port", "0", "--store", url,
                                          "--summary-interval", "0"])
            _ = try #require(await serve.waitUntilServing())
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            #expect(try await eventually { try await redis.send(RESPCommand("HGET", "burgee:definitions", "format")).string == "native" })
            let flag = "feature"
            let read = try await CLIRunner.run(["eval", "--format", "native", "--store", url, "--flag", flag, "--context",
                                                #"{"key":"u"}"#, "--json"])
            #expect(read.status == 0, "\(read.stderr)")
            #expect(read.stdout.contains(#""value":true"#), "\(read.stdout)")
            _ = try files.write("defs.json", ServeCommandTests.definitions.replacingOccurrences(of: #""variation":"on"}"#,
                                                                                                  with: #""variation":"off"}"#))
            #expect(try await eventually {
                try await redis.send(RESPCommand("HGET", "burgee:definitions", "document")).string?.contains(#""variation":"off"}"#) == true
            })
            let other = try await CLIRunner.run(["eval", "--format", "unleash", "--store", url, "--flag", flag, "--context", "{}"])
            #expect(other.status == 1)
            #expect(other.stderr.contains("holds native Burgee definitions, not Unleash"), "\(other.stderr)")
            let empty = try await CLIRunner.run(["eval", "--format", "native", "--store", url, "--store-prefix", "none",
                                                 "--flag", flag, "--context", "{}"])
            #expect(empty.status == 1)
            #expect(empty.stderr.contains("holds no definitions"), "\(empty.stderr)")
            #expect(await serve.stop(with: SIGTERM) == 0)
            await redis.close()
        }
    }

    @Test("Split's layout: serve --store writes what Split's Synchronizer writes, eval --store reads it as Split's consumer mode")
    func splitLayout() async throws {
        try await RedisServerProcess.with { server in
            let url = "redis://127.0.0.1:\(server.port)"
            let files = try TemporaryFiles()
            let document = #"{"ff":{"d":[{"name":"a","trafficTypeName":"user","changeNumber":7,"status":"ACTIVE","killed":false,"#
                + #""defaultTreatment":"off","seed":1,"algo":2,"conditions":[{"conditionType":"ROLLOUT","label":"in","#
                + #""matcherGroup":{"combiner":"AND","matchers":[{"matcherType":"IN_SEGMENT","negate":false,"#
                + #""userDefinedSegmentMatcherData":{"segmentName":"vips"}}]},"partitions":[{"treatment":"on","size":100}]}]}],"#
                + #""s":-1,"t":7},"segments":{"vips":["u1"]}}"#
            let path = try files.write("split.json", document)
            let serve = try ServeProcess(["--format", "split", "--definitions", path, "--port", "0", "--store", url,
                                          "--store-prefix", "checkout", "--summary-interval", "0"])
            _ = try #require(await serve.waitUntilServing())
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            #expect(try await eventually { try await redis.send(RESPCommand("GET", "checkout.SPLITIO.splits.till")).string == "7" })
            #expect(try await redis.send(RESPCommand("SISMEMBER", "checkout.SPLITIO.segment.vips", "u1")) == .integer(1))
            let member = try await CLIRunner.run(["eval", "--format", "split", "--store", url, "--store-prefix", "checkout",
                                                  "--flag", "a", "--context", #"{"key":"u1"}"#, "--json"])
            #expect(member.status == 0, "\(member.stderr)")
            #expect(member.stdout.contains(#""value":"on""#), "\(member.stdout)")
            let unsynchronized = try await CLIRunner.run(["eval", "--format", "split", "--store", url, "--flag", "a",
                                                          "--context", #"{"key":"u1"}"#])
            #expect(unsynchronized.status == 1)
            #expect(unsynchronized.stderr.contains("has not been synchronized"), "\(unsynchronized.stderr)")
            #expect(await serve.stop(with: SIGTERM) == 0)
            await redis.close()
        }
    }

    @Test("relay mode writes the store: the upstream's definitions, and its changes, reach Redis through the relay")
    func relayWrites() async throws {
        try await RedisServerProcess.with { server in
            let files = try TemporaryFiles()
            let path = try files.write("defs.json", ServeCommandTests.definitions)
            let upstream = try ServeProcess(["--definitions", path, "--port", "0", "--sdk-key", "k1", "--summary-interval", "0"])
            let upstreamServing = try #require(await upstream.waitUntilServing())
            let relay = try ServeProcess(["--upstream", upstreamServing.baseURL, "--format", "native", "--sdk-key", "k1",
                                          "--port", "0", "--summary-interval", "0", "--store", "redis://127.0.0.1:\(server.port)",
                                          "--store-prefix", "edge"])
            _ = try #require(await relay.waitUntilServing())
            let redis = RedisClient(configuration: RedisConfiguration(port: server.port))
            #expect(try await eventually {
                try await redis.send(RESPCommand("HGET", "edge:definitions", "document")).string?.contains(#""variation":"on"}"#) == true
            })
            _ = try files.write("defs.json", ServeCommandTests.definitions.replacingOccurrences(of: #""variation":"on"}"#,
                                                                                                  with: #""variation":"off"}"#))
            #expect(try await eventually {
                try await redis.send(RESPCommand("HGET", "edge:definitions", "document")).string?.contains(#""variation":"off"}"#) == true
            })
            #expect(await relay.stop(with: SIGTERM) == 0)
            #expect(await upstream.stop() == 0)
            await redis.close()
        }
    }

    @Test("--store needs a format with a layout, excludes --definitions; an unreachable Redis ends eval with 1")
    func validation() async throws {
        let noFormat = try await CLIRunner.run(["eval", "--store", "redis://127.0.0.1:1", "--flag", "a", "--context", "{}"])
        #expect(noFormat.status == 64)
        #expect(noFormat.stderr.contains("--store needs --format, one of: native, unleash, launchdarkly, flagd, split,"),
                "\(noFormat.stderr)")
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
        let serve = try await CLIRunner.run(["serve", "--definitions", "x.json", "--store", "redis://h"])
        #expect(serve.status == 64)
    }
}
