import Foundation
import Testing

/// `burgee serve --upstream`: relay mode from the command line, a relay of a second `burgee serve`.
@Suite("burgee serve --upstream")
struct ServeRelayTests {
    @Test("relays another burgee serve: serves its file, follows a change, forwards a post, counts it, exits 0")
    func relays() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", ServeCommandTests.definitions)
        let upstream = try ServeProcess(["--definitions", path, "--port", "0", "--sdk-key", "k1", "--summary-interval", "0"])
        let upstreamServing = try #require(await upstream.waitUntilServing())
        let relay = try ServeProcess(["--upstream", upstreamServing.baseURL, "--format", "native", "--sdk-key", "k1",
                                      "--port", "0", "--summary-interval", "0.2"])
        let serving = try #require(await relay.waitUntilServing())
        #expect(serving.line.hasPrefix("Serving native Burgee definitions from \(upstreamServing.baseURL) at http://127.0.0.1:"))

        let first = try await ServeCommandTests.get(serving.baseURL + "/definitions", headers: [("Authorization", "k1")])
        #expect(first.status == 200)
        #expect(first.body.contains(#""fallthrough":{"variation":"on"}"#))

        _ = try files.write("defs.json", ServeCommandTests.definitions.replacingOccurrences(of: #""variation":"on"}"#,
                                                                                              with: #""variation":"off"}"#))
        var changed = false
        let deadline = ContinuousClock.now + .seconds(20)
        while !changed, ContinuousClock.now < deadline {
            let next = try await ServeCommandTests.get(serving.baseURL + "/definitions", headers: [("Authorization", "k1")])
            changed = next.body.contains(#""fallthrough":{"variation":"off"}"#)
            // A bounded wait, polled over HTTP: both subprocesses run on the system's clock.
            if !changed { try await Task.sleep(for: .milliseconds(50)) }
        }
        #expect(changed, "the relay never served the upstream's change")

        let posted = try await ServeCommandTests.post(serving.baseURL + "/events", #"{"events":[{"kind":"custom","key":"k"}]}"#,
                                                      headers: [("Authorization", "k1")])
        #expect(posted.status == 202)
        let summary = await relay.readOutput { $0.contains("upstream: received 1, sent 1") }
        #expect(summary.contains("upstream: received 1, sent 1, dropped 0"), "\(summary)")
        let stats = try await ServeCommandTests.get(upstreamServing.baseURL + "/events/stats", headers: [("Authorization", "k1")])
        #expect(stats.body.contains(#""requests":1"#), "\(stats.body)")

        #expect(await relay.stop(with: SIGTERM) == 0)
        #expect(await upstream.stop() == 0)
    }

    @Test("--upstream needs --format, excludes --definitions, and must be an http URL")
    func validation() async throws {
        let noFormat = try await CLIRunner.run(["serve", "--upstream", "http://127.0.0.1:1"])
        #expect(noFormat.status == 64)
        #expect(noFormat.stderr.contains("--upstream needs --format"))
        let both = try await CLIRunner.run(["serve", "--upstream", "http://127.0.0.1:1", "--definitions", "x.json", "--format", "native"])
        #expect(both.status == 64)
        #expect(both.stderr.contains("exclude each other"))
        let neither = try await CLIRunner.run(["serve"])
        #expect(neither.status == 64)
        #expect(neither.stderr.contains("--definitions FILE, or --upstream URL"))
        let scheme = try await CLIRunner.run(["serve", "--upstream", "ftp://x", "--format", "native"])
        #expect(scheme.status == 64)
    }

    @Test("an upstream that refuses the key ends it with 1 and the client's status")
    func refusedKey() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("defs.json", ServeCommandTests.definitions)
        let upstream = try ServeProcess(["--definitions", path, "--port", "0", "--sdk-key", "right", "--summary-interval", "0"])
        let upstreamServing = try #require(await upstream.waitUntilServing())
        let refused = try await CLIRunner.run(["serve", "--upstream", upstreamServing.baseURL, "--format", "native",
                                               "--upstream-key", "wrong", "--upstream-polling", "--port", "0"])
        #expect(refused.status == 1)
        #expect(refused.stderr.contains("burgee serve: no definitions came from the upstream"), "\(refused.stderr)")
        #expect(refused.stderr.contains("unauthorized"))
        #expect(await upstream.stop() == 0)
    }
}
