import Burgee
import BurgeeLaunchDarkly
import BurgeeUnleash
import BurgeeCore
import BurgeeServer
import Testing

/// A data source whose first request gets 404 says so at warning level and names the URL it
/// asked: a wrong base URL (`…/api/api/client/features`) must not wait in silence.
@Suite struct NotFoundURLTests {
    /// Starts a client from `configuration` logging into a recorder, and waits for the warning
    /// about a 404 at `url`; throws when it does not come.
    private func expectNotFoundWarning(_ configuration: BurgeeClient.Configuration, url: String) async throws {
        let logs = TestFiles.LogRecorder()
        var configuration = configuration
        configuration.logger = logs.logger
        try await TestFiles.withClient(configuration) { client in
            client.start()
            let warned = await eventually {
                logs.warnings.contains { $0.metadata["url"] == url && $0.message.contains("404") && $0.message.contains(url) }
            }
            if !warned { throw Failure("no warning naming \(url) and 404 in \(logs.entries)") }
        }
    }

    @Test func polling() async throws {
        try await LoopbackServer.withServer { running in
            let url = running.baseURL + "/no-such-definitions"
            try await expectNotFoundWarning(.init(source: .polling(url, every: .milliseconds(100), http: LoopbackServer.http())),
                                            url: url)
        }
    }

    @Test func streaming() async throws {
        try await LoopbackServer.withServer { running in
            let url = running.baseURL + "/no-such-stream"
            try await expectNotFoundWarning(.init(source: .streaming(url, http: LoopbackServer.http())), url: url)
        }
    }

    @Test func unleash() async throws {
        try await LoopbackServer.withServer { running in
            // The API's URL given with `/api` once too often.
            let connection = UnleashConnection(url: running.baseURL + "/api/api", appName: "checkout", instanceId: "i-1",
                                               refreshInterval: .milliseconds(100), metricsInterval: nil,
                                               http: LoopbackServer.http())
            try await expectNotFoundWarning(.unleash(connection, apiToken: "token-1"),
                                            url: running.baseURL + "/api/api/client/features")
        }
    }

    @Test(arguments: [true, false])
    func launchDarkly(streaming: Bool) async throws {
        try await LoopbackServer.withServer { running in
            let base = running.baseURL + "/elsewhere"
            let connection = LaunchDarklyConnection(streamBaseURI: base, baseURI: base, streaming: streaming,
                                                    pollingInterval: .milliseconds(100), http: LoopbackServer.http())
            try await expectNotFoundWarning(.launchDarkly(sdkKey: "sdk-key", connection: connection,
                                                          events: LaunchDarklyEvents(sendEvents: false)),
                                            url: base + (streaming ? "/all" : "/sdk/latest-all"))
        }
    }
}
