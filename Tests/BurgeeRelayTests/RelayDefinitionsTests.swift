import Burgee
import BurgeeCore
import BurgeeRelay
import BurgeeServer
import BurgeeTestSupport
import Testing

/// A relay follows an upstream `burgee serve` of every format through the format's own client
/// protocol, serves what it holds, and follows its changes.
@Suite("relay: definitions")
struct RelayDefinitionsTests {
    @Test("the relay serves the upstream's flags, then a change made upstream", arguments: RelayDocument.all)
    func followsTheUpstream(document: RelayDocument) async throws {
        try await RelayHarness.with(document) { h throws in
            #expect(try await h.value(at: h.upstream) == document.values.on)
            #expect(try await h.value(at: h.relay.server) == document.values.on)
            #expect(try await h.change(on: false, version: 2), "the relay never served the change")
            #expect(try await h.value(at: h.relay.server) == document.values.off)
            #expect(try await h.change(on: true, version: 3), "the relay never served the second change")
            #expect(try await h.value(at: h.relay.server) == document.values.on)
        }
    }

    @Test("polling instead of streaming, the change still arrives",
          arguments: [RelayDocument.native, .unleash, .launchDarkly, .split])
    func pollingFollowsTheUpstream(document: RelayDocument) async throws {
        try await RelayHarness.with(document, streaming: false) { h throws in
            #expect(try await h.change(on: false, version: 2), "the relay never served the change")
            #expect(try await h.value(at: h.relay.server) == document.values.off)
        }
    }

    @Test("a relay of a relay serves the first upstream's change")
    func relayOfARelay() async throws {
        try await RelayHarness.with(.launchDarkly) { h throws in
            let second = try await DefinitionsRelay.start(
                upstream: RelayUpstream(format: .launchDarkly, url: h.relay.server.clientURL, key: "upstream-key"),
                configuration: DefinitionsServerConfiguration(port: 0, servesExplorer: false),
                logger: TestClients.quietLogger)
            #expect(try await h.value(at: second.server) == RelayDocument.launchDarkly.values.on)
            try h.upstream.server.update(definitions: Array(RelayDocument.launchDarkly.text(false, 2).utf8))
            let followed = try await eventually { try await h.value(at: second.server) == RelayDocument.launchDarkly.values.off }
            await second.stop()
            #expect(followed)
        }
    }

    @Test("a key the upstream refuses ends the start with the client's status: off, unauthorized")
    func refusedKey() async throws {
        var configuration = DefinitionsServerConfiguration(port: 0, sdkKey: "right", format: .unleash)
        configuration.servesExplorer = false
        let upstream = try await DefinitionsServer.start(configuration: configuration,
                                                         definitions: .json(Array(RelayDocument.unleash.text(true, 1).utf8)),
                                                         logger: TestClients.quietLogger)
        defer { Task { await upstream.stop() } }
        await #expect {
            _ = try await DefinitionsRelay.start(
                upstream: RelayUpstream(format: .unleash, url: upstream.clientURL, key: "wrong", streaming: false),
                configuration: DefinitionsServerConfiguration(port: 0), readyTimeout: .seconds(30), logger: TestClients.quietLogger)
        } throws: { error in
            guard case RelayError.noDefinitions(let status) = error else { return false }
            // The client stops for good: its source is off, for the reason the upstream gave.
            return status.state == .off && status.lastError?.kind == .unauthorized
        }
        await upstream.stop()
    }

    @Test("an upstream that cannot be reached ends the start once the ready timeout passes")
    func unreachable() async throws {
        let port = try await LoopbackServer.freePort()
        await #expect(throws: RelayError.self) {
            _ = try await DefinitionsRelay.start(
                upstream: RelayUpstream(format: .native, url: "http://127.0.0.1:\(port)", streaming: false),
                configuration: DefinitionsServerConfiguration(port: 0), readyTimeout: .milliseconds(300), logger: TestClients.quietLogger)
        }
    }

    @Test("with a cache, a restarted relay serves the last good flags while the upstream is gone")
    func servesFromTheCache() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let cache = CacheConfiguration.directory(directory, prefix: "relay")
            try await RelayHarness.with(.split) { h throws in
                let first = try await DefinitionsRelay.start(
                    upstream: RelayUpstream(format: .split, url: h.upstream.clientURL, key: "upstream-key", cache: cache),
                    configuration: DefinitionsServerConfiguration(port: 0, servesExplorer: false), logger: TestClients.quietLogger)
                await first.stop()
            }
            let port = try await LoopbackServer.freePort()
            let restarted = try await DefinitionsRelay.start(
                upstream: RelayUpstream(format: .split, url: "http://127.0.0.1:\(port)/api", key: "upstream-key", cache: cache),
                configuration: DefinitionsServerConfiguration(port: 0, servesExplorer: false), readyTimeout: .seconds(30),
                logger: TestClients.quietLogger)
            let harness = try #require(Optional(restarted))
            let body = Array(#"{"context":{"targetingKey":"user-1"}}"#.utf8)
            let transport = DefinitionsTransport(options: HTTPOptions(allowInsecureHTTP: true), sdkKey: nil, readTimeout: .seconds(10))
            let answer = await transport.request("POST", try ServiceURL(harness.server.baseURL + "/ofrep/v1/evaluate/flags/relayed",
                                                                        allowInsecureHTTP: true),
                                                 headers: [("Content-Type", "application/json")], body: body)
            await transport.shutdown()
            await restarted.stop()
            #expect(try JSONValue(parsing: try answer.get().body).objectValue?["value"] == "on")
        }
    }
}

/// Unleash's stream hands the whole state as a `hydration` event and changes as delta events.
@Suite("relay: Unleash's stream")
struct RelayUnleashStreamTests {
    @Test("one change of two features (one message, one eventId) reaches the relay whole, served as client/features serves it")
    func twoFeaturesInOneMessage() async throws {
        try await RelayHarness.with(.unleash) { h throws in
            let served = try JSONValue(parsing: try await h.get(h.relay.server.clientURL + "/client/features").body)
            #expect(served.objectValue?["features"]?.arrayValue?.count == 1, "\(served.serialized())")
            let before = h.relay.server.server.currentDocumentVersion
            try h.upstream.server.update(definitions: Array(#"""
                {"version":2,"features":[{"name":"relayed","enabled":false,"strategies":[{"name":"default"}]},
                                         {"name":"added","enabled":true,"strategies":[{"name":"default"}]}]}
                """#.utf8))
            let changed = await eventually {
                guard h.relay.server.server.currentDocumentVersion != before else { return false }
                return (try? await h.value(at: h.relay.server)) == RelayDocument.unleash.values.off
            }
            #expect(changed, "the relay never served the second feature's change")
            let features = try JSONValue(parsing: try await h.get(h.relay.server.clientURL + "/client/features").body)
            #expect(Set(features.objectValue?["features"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue } ?? [])
                == ["relayed", "added"], "\(features.serialized())")
        }
    }
}
