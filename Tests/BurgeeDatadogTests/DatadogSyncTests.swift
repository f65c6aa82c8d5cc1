import BurgeeServer
import BurgeeTesting
import Testing
@testable import Burgee
@testable import BurgeeDatadog
import BurgeeCore

/// Syncing with Datadog's CDN and intake (and Eppo's CDN) against the project's own server in
/// Datadog and Eppo modes, on loopback: the configuration, its updates and failures, and
/// exposures delivered with exact counts.
@Suite("Datadog sync")
struct DatadogSyncTests {
    static let configurationPath = DatadogConnection.configurationPath
    static let eppoPath = "/api/flag-config/v1/config"

    private func withServer<R>(_ format: DefinitionsFormat = .datadog, key: String? = "dd-key",
                               _ json: String = DatadogDocuments.standard(),
                               _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(json, sdkKey: key, configure: { $0.format = format }, body)
    }

    private func configuration(_ running: RunningDefinitionsServer, apiKey: String? = "dd-key", poll: Duration = .seconds(3600),
                               exposures: DatadogExposureIntake? = nil, flush: Duration = .seconds(3600)) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration.datadog(
            apiKey: apiKey, env: "prod", service: "checkout", version: "1.2.3", configurationURL: running.baseURL,
            exposures: exposures ?? .intake(running.baseURL), pollInterval: poll, flushInterval: flush,
            http: LoopbackServer.http(), logger: TestFiles.quietLogger)
        configuration.events?.closeTimeout = .seconds(10)
        return configuration
    }

    private static let pro = DatadogEvaluationContext(targetingKey: "user-1", attributes: ["plan": "pro"])

    @Test func theConfigurationIsPolledWithItsETagAndNoKeyToACustomURL() async throws {
        try await withServer { running in
            try await TestFiles.withClient(configuration(running, poll: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                #expect(client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) == "new")
                let seen = try await running.requests(to: Self.configurationPath, atLeast: 3)
                #expect(seen[0].status == 200)
                #expect(seen[0].query == "dd_env=prod")
                // As Datadog's tracers: the API key goes to Datadog's own CDN only.
                #expect(seen.allSatisfy { $0.headers["dd-api-key"] == nil })
                #expect(seen[0].headers["dd-client-library-language"] == "swift")
                #expect(seen[0].headers["dd-client-library-version"] == SDKVersion.version)
                #expect(seen[0].ifNoneMatch == nil)
                #expect(seen[1].ifNoneMatch != nil)
                #expect(seen[1].status == 304)
                #expect(seen[2].status == 304)
            }
        }
    }

    @Test func aChangedConfigurationArrivesWithTheNextPoll() async throws {
        try await withServer { running in
            try await TestFiles.withClient(configuration(running, poll: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                try running.update(DatadogDocuments.standard(checkoutNew: "newer"))
                #expect(await TestFiles.nextUpdate(events) != nil)
                #expect(client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) == "newer")
            }
        }
    }

    @Test(arguments: [401, 403])
    func aRefusalStopsPolling(status: Int) async throws {
        try await withServer { running in
            running.server.inject(.status(status), on: .datadogConfiguration)
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running, poll: .milliseconds(50), exposures: .off).on(clock)) { client in
                let events = client.events()
                client.start()
                #expect(await TestFiles.nextStatus(events, .unauthorized) != nil)
                #expect(!client.isReady)
                // Only the metrics loop waits on the clock: twenty polling intervals wake nothing.
                try await clock.sleepers(atLeast: 1)
                #expect(clock.advance(by: .seconds(1)) == 0)
                #expect(running.requests(to: Self.configurationPath).map(\.status) == [status])
                #expect(client.datadog.stringDetails(key: "checkout", defaultValue: "x", context: Self.pro).error == .providerNotReady)
            }
        }
    }

    @Test(arguments: [500, 503, 429])
    func failuresBackOffThenTheConfigurationArrives(status: Int) async throws {
        try await withServer { running in
            running.server.inject(.status(status), on: .datadogConfiguration, times: 3)
            try await TestFiles.withClient(configuration(running)) { client in
                client.start()
                #expect(await client.waitUntilReady(timeout: .seconds(30)))
                let seen = running.requests(to: Self.configurationPath)
                #expect(seen.map(\.status) == [status, status, status, 200])
                #expect(backoffViolations(seen.map(\.time), LoopbackServer.backoff).isEmpty)
            }
        }
    }

    @Test(arguments: [#"{"data":{"type":"universal-flag-configuration","attributes":{"flags":7}}}"#, "{not json", ""])
    func aConfigurationThatFailsToReadKeepsTheLastGoodFlags(body: String) async throws {
        try await withServer { running in
            try await TestFiles.withClient(configuration(running, poll: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.inject(.body(Array(body.utf8)), on: .datadogConfiguration)
                #expect(await TestFiles.nextStatus(events) { $0.lastError != nil } != nil)
                #expect(client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) == "new")
                #expect(client.datadog.integerValue(key: "limit", defaultValue: 0, context: Self.pro) == 42)
            }
        }
    }

    @Test func exposuresReachTheIntakeDeduplicatedWithExactCounts() async throws {
        try await withServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let datadog = client.datadog
                for _ in 0..<5 { _ = datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro) }
                _ = datadog.stringValue(key: "checkout", defaultValue: "x",
                                        context: DatadogEvaluationContext(targetingKey: "user-1", attributes: ["plan": "free"]))
                for user in ["user-1", "user-2", "user-3", "user-2"] {
                    _ = datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: user))
                }
                await client.flush()
                let stats = running.server.datadogExposureStats
                #expect(stats.exposures == 4)
                #expect(stats.flags == ["checkout": 1, "rollout": 3])
                let posts = running.server.datadogExposurePosts
                #expect(posts.allSatisfy { $0.path == "/api/v2/exposures" })
                let body = try #require(posts.first?.body.objectValue)
                #expect(body["context"] == .object(["service": "checkout", "version": "1.2.3", "env": "prod"]))
                let exposure = try #require(posts.first?.exposures.first?.objectValue)
                #expect(exposure["flag"] == .object(["key": "checkout"]))
                #expect(exposure["allocation"] == .object(["key": "pro"]))
                #expect(exposure["variant"] == .object(["key": "new"]))
                #expect(exposure["subject"] == .object(["id": "user-1", "attributes": ["plan": "pro"]]))
                #expect((exposure["timestamp"]?.numberValue ?? 0) > 1_700_000_000_000)
                let seen = running.requests(to: "/api/v2/exposures")
                #expect(seen.allSatisfy { $0.status == 202 || $0.status == 200 })
                #expect(seen.first?.headers["dd-api-key"] == "dd-key")
            }
        }
    }

    @Test func exposuresGoThroughTheAgentsEVPProxyWithoutTheKey() async throws {
        try await withServer { running in
            try await TestFiles.withClient(configuration(running, exposures: .agent(running.baseURL))) { client in
                try await LoopbackServer.ready(client)
                _ = client.datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: "user-2"))
                await client.flush()
                #expect(running.server.datadogExposureStats.exposures == 1)
                let seen = running.requests(to: "/evp_proxy/v2/api/v2/exposures")
                #expect(seen.count == 1)
                #expect(seen.first?.headers["x-datadog-evp-subdomain"] == "event-platform-intake")
                #expect(seen.first?.headers["dd-api-key"] == nil)
                #expect(running.server.datadogExposurePosts.first?.exposures.first?.objectValue?["serial_id"] == 7)
            }
        }
    }

    @Test func closingTheClientFlushesItsExposures() async throws {
        try await withServer { running in
            let client = try BurgeeClient(configuration: configuration(running))
            try await LoopbackServer.ready(client)
            _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro)
            _ = client.datadog.objectValue(key: "config", defaultValue: .null, context: Self.pro)
            await client.close()
            #expect(running.server.datadogExposureStats.exposures == 2)
            #expect(running.server.datadogExposureStats.posts == 1)
        }
    }

    @Test(arguments: [500, 429])
    func aFailedExposurePostIsRetriedOnce(status: Int) async throws {
        try await withServer { running in
            running.server.inject(.status(status), on: .datadogExposures)
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                _ = client.datadog.stringValue(key: "checkout", defaultValue: "x", context: Self.pro)
                await client.flush()
                #expect(running.requests(to: "/api/v2/exposures").map(\.status).first == status)
                #expect(running.server.datadogExposureStats.exposures == 1)
            }
        }
    }

    @Test func configurationErrorsAreClear() {
        #expect(throws: ConfigurationError.invalidConnection("Datadog's configuration CDN needs an API key (DD-API-KEY)")) {
            try BurgeeClient(configuration: .datadog(apiKey: nil, exposures: .off))
        }
        #expect(throws: ConfigurationError.self) {
            try BurgeeClient(configuration: .datadog(apiKey: "k", pollInterval: .zero))
        }
        #expect(throws: ConfigurationError.self) {
            try BurgeeClient(configuration: .datadog(apiKey: "k", configurationURL: "http://flags.example.com"))
        }
        #expect(throws: ConfigurationError.invalidConnection("Eppo needs the SDK key")) {
            try BurgeeClient(configuration: .eppo(sdkKey: ""))
        }
    }

    @Test func theSitesCDNAndIntakeAreDatadogsURLs() throws {
        var connection = DatadogConnection(apiKey: "k", site: "datadoghq.eu", env: "staging env", service: nil, version: nil,
                                           configurationBase: nil, exposures: .agentless, pollInterval: .seconds(30), http: HTTPOptions())
        #expect(try connection.configurationURL().text
            == "https://ufc-server.ff-cdn.datadoghq.eu/api/v2/feature-flagging/config/rules-based/server?dd_env=staging%20env")
        #expect(connection.exposuresEndpoint()?.url == "https://event-platform-intake.datadoghq.eu/api/v2/exposures")
        connection.configurationBase = "https://proxy.example.com/ufc.json"
        connection.env = nil
        #expect(try connection.configurationURL().text == "https://proxy.example.com/ufc.json")
        connection.exposures = .agent()
        #expect(connection.exposuresEndpoint()?.url == "http://localhost:8126/evp_proxy/v2/api/v2/exposures")
        #expect(connection.exposuresEndpoint()?.throughAgent == true)
    }

    @Test func exposuresKeepThePathOfTheirBaseURL() {
        var connection = DatadogConnection(apiKey: "k", site: "datadoghq.com", env: nil, service: nil, version: nil,
                                           configurationBase: nil, exposures: .agent("http://gw/datadog"),
                                           pollInterval: .seconds(30), http: HTTPOptions())
        // A reverse proxy's path prefix stays before the EVP proxy's path, as ddtrace keeps it.
        #expect(connection.exposuresEndpoint()?.url == "http://gw/datadog/evp_proxy/v2/api/v2/exposures")
        connection.exposures = .agent("http://gw/datadog/")
        #expect(connection.exposuresEndpoint()?.url == "http://gw/datadog/evp_proxy/v2/api/v2/exposures")
        connection.exposures = .intake("http://127.0.0.1:9/burgee")
        #expect(connection.exposuresEndpoint()?.url == "http://127.0.0.1:9/burgee/api/v2/exposures")
        connection.exposures = .intake("https://proxy.example.com/")
        #expect(connection.exposuresEndpoint()?.url == "https://proxy.example.com/api/v2/exposures")
    }

    @Test func eppoPollsWithItsKeyAndAStoppingRefusal() async throws {
        try await withServer(.eppo, key: "eppo-key", DatadogDocuments.standard(jsonValues: false)) { running in
            var configuration = BurgeeClient.Configuration.eppo(sdkKey: "eppo-key", baseURL: running.clientURL,
                                                                pollInterval: .milliseconds(50), http: LoopbackServer.http(),
                                                                logger: TestFiles.quietLogger)
            configuration.events = nil
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                #expect(client.eppo.getStringAssignment(flagKey: "checkout", subjectKey: "user-1", subjectAttributes: ["plan": "pro"],
                                                        defaultValue: "x") == "new")
                let seen = try await running.requests(to: Self.eppoPath, atLeast: 2)
                #expect(seen[0].query.hasPrefix("apiKey=eppo-key&sdkName=burgee&sdkVersion="))
                #expect(seen[1].status == 304)
            }
            let refused = BurgeeClient.Configuration.eppo(sdkKey: "wrong", baseURL: running.clientURL, http: LoopbackServer.http(),
                                                          logger: TestFiles.quietLogger)
            try await TestFiles.withClient(refused) { client in
                let events = client.events()
                client.start()
                #expect(await TestFiles.nextStatus(events, .unauthorized) != nil)
                #expect(running.requests(to: Self.eppoPath).last?.status == 401)
            }
        }
    }
}
