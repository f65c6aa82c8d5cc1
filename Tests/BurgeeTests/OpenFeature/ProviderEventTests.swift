import Burgee
import BurgeeCore
import Testing

@Suite("OpenFeature provider events and status")
struct ProviderEventTests {
    static let first = Definitions.document(version: 1, flags: [Definitions.boolFlag("a", true), Definitions.boolFlag("b", true)])
    static let second = Definitions.document(version: 2, flags: [Definitions.boolFlag("a", false), Definitions.boolFlag("b", true)])
    static let down = DataSourceError(kind: .network, message: "connection refused")

    @Test("ready, configuration changed with the changed flags, stale on a failure, ready again on recovery")
    func lifecycle() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.providerEvents()
        #expect(client.providerStatus == .notReady)

        #expect(await source.push(Self.first))
        #expect(await firstElement(events) == .ready)
        #expect(client.providerStatus == .ready)

        #expect(await source.push(Self.second))
        #expect(await firstElement(events) == .configurationChanged(flagsChanged: ["a"]))

        source.fail(Self.down)
        #expect(await firstElement(events) == .stale(message: "connection refused"))
        #expect(client.providerStatus == .stale)

        source.fail(Self.down)   // still stale: no second event
        #expect(await source.push(Self.second))
        #expect(await firstElement(events) == .ready)
        #expect(client.providerStatus == .ready)
        await client.close()
        #expect(await firstElement(events) == nil)   // the stream ends with the client
    }

    @Test("a failure before any definitions is an error, then ready when they come")
    func errorBeforeReady() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.providerEvents()
        source.fail(Self.down)
        #expect(await firstElement(events) == .error(errorCode: nil, message: "connection refused"))
        #expect(client.providerStatus == .error)
        #expect(await source.push(Self.first))
        #expect(await firstElement(events) == .ready)
        #expect(client.providerStatus == .ready)
        await client.close()
    }

    @Test("a refused source is fatal, ready or not")
    func fatal() async throws {
        let (client, source) = try await ClientHarness.manual()
        let events = client.providerEvents()
        #expect(await source.push(Self.first))
        #expect(await firstElement(events) == .ready)
        source.setState(.unauthorized, error: DataSourceError(kind: .unauthorized, message: "401", statusCode: 401))
        #expect(await firstElement(events) == .error(errorCode: "PROVIDER_FATAL", message: "401"))
        #expect(client.providerStatus == .fatal)
        await client.close()
    }

    @Test("no definitions within the ready timeout: an error with PROVIDER_NOT_READY")
    func readyTimeout() async throws {
        let (client, _) = try await ClientHarness.manual { $0.readyTimeout = .milliseconds(50) }
        let events = client.providerEvents()
        let event = await firstElement(events)
        #expect(event == .error(errorCode: "PROVIDER_NOT_READY", message: "no definitions within 0.05 seconds"))
        #expect(event?.name == "PROVIDER_ERROR")
        await client.close()
    }

    @Test("status from readiness and the data source's state", arguments: [
        (false, DataSourceStatus.State.initializing, false, BurgeeClient.ProviderStatus.notReady),
        (false, .initializing, true, .error),
        (false, .unauthorized, true, .fatal),
        (false, .off, false, .notReady),
        (true, .initializing, false, .ready),
        (true, .valid, true, .ready),
        (true, .interrupted, true, .stale),
        (true, .unauthorized, true, .fatal),
        (true, .off, false, .ready),
    ])
    func status(ready: Bool, state: DataSourceStatus.State, failed: Bool, expected: BurgeeClient.ProviderStatus) {
        let status = DataSourceStatus(state: state, since: .now, lastError: failed ? Self.down : nil)
        #expect(BurgeeClient.ProviderStatus(isReady: ready, dataSource: status) == expected)
    }

    @Test("event names are OpenFeature's")
    func names() {
        #expect(BurgeeClient.ProviderEvent.ready.name == "PROVIDER_READY")
        #expect(BurgeeClient.ProviderEvent.stale(message: nil).name == "PROVIDER_STALE")
        #expect(BurgeeClient.ProviderEvent.error(errorCode: nil, message: nil).name == "PROVIDER_ERROR")
        #expect(BurgeeClient.ProviderEvent.configurationChanged(flagsChanged: []).name == "PROVIDER_CONFIGURATION_CHANGED")
        #expect(BurgeeClient.ProviderStatus.allCases.map(\.rawValue) == ["NOT_READY", "READY", "STALE", "ERROR", "FATAL"])
    }
}
