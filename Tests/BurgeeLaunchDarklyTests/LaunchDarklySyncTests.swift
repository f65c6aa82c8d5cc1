import BurgeeCore
import BurgeeServer
import Testing
@testable import Burgee
@testable import BurgeeLaunchDarkly

/// The LaunchDarkly source against the definitions server in LaunchDarkly mode on loopback.
@Suite struct LaunchDarklySyncTests {
    private let context = TestFiles.context
    private typealias LD = LaunchDarklyDocuments

    private static let twoFlags = LD.document([LD.flag("a", version: 5), LD.flag("b", version: 1)],
                                              segments: [#""s":{"key":"s","included":["x"],"version":2}"#])

    private static func start(_ json: String = twoFlags, sdkKey: String? = nil) async throws -> RunningDefinitionsServer {
        try await LoopbackServer.start(json, sdkKey: sdkKey) { $0.format = .launchDarkly }
    }

    private static func withServer<R>(_ json: String = twoFlags, sdkKey: String? = nil,
                                      _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        try await LoopbackServer.withServer(json, sdkKey: sdkKey, configure: { $0.format = .launchDarkly }, body)
    }

    /// A client of `running` (a Relay Proxy's single base URI).
    private func configuration(_ running: RunningDefinitionsServer, sdkKey: String? = "sdk-key", streaming: Bool = true,
                               fallbackAfterFailures: Int = 3,
                               maxBodyBytes: Int = HTTPOptions.defaultMaxBodyBytes) throws -> BurgeeClient.Configuration {
        let connection = LaunchDarklyConnection.relayProxy(
            running.baseURL, streaming: streaming, pollingInterval: .milliseconds(100),
            readIdleTimeout: .seconds(5), fallbackAfterFailures: fallbackAfterFailures,
            http: LoopbackServer.http(maxBodyBytes: maxBodyBytes))
        // Built here so that a configuration the source refuses fails the test at once.
        _ = try connection.makeSource(sdkKey: SDKKey(sdkKey))
        return BurgeeClient.Configuration(sdkKey: sdkKey, source: .launchDarkly(connection), logger: TestFiles.quietLogger)
    }

    private func broadcast(_ running: RunningDefinitionsServer, _ event: String, _ data: String) {
        running.server.broadcast(event: event, data: data)
    }

    @Test func aPutWithPathThenPatchesAndDeletesNameExactlyTheChangedFlags() async throws {
        try await Self.withServer(sdkKey: "sdk-key") { running in
            try await TestFiles.withClient(try configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("a", context: context, default: false))
                let events = client.events()

                try running.update(LD.document([LD.flag("a", serves: false), LD.flag("b")],
                                               segments: [#""s":{"key":"s","included":["x"]}"#]))
                let patched = await TestFiles.nextUpdate(events)
                #expect(patched?.changedFlags == ["a"])
                #expect(client.boolVariation("a", context: context, default: true) == false)

                try running.update(LD.document([LD.flag("a", serves: false)], segments: [#""s":{"key":"s","included":["x"]}"#]))
                let deleted = await TestFiles.nextUpdate(events)
                #expect(deleted?.changedFlags == ["b"])
                #expect(client.boolVariationDetail("b", context: context, default: false).reason.errorKind == .flagNotFound)

                // One connection; the raw key, LaunchDarkly's User-Agent.
                let streams = running.requests(to: "/all")
                #expect(streams.count == 1)
                #expect(streams.first?.headers["user-agent"] == "BurgeeSwift/\(SDKVersion.version)")
                #expect(running.requests(to: "/sdk/latest-all").isEmpty)
            }
        }
    }

    @Test(arguments: [false, true])
    func aPutWithoutPathReplacesEverything(bare: Bool) async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(try configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                let data = LD.document([LD.flag("a", version: 5), LD.flag("c", serves: false, version: 1)])
                broadcast(running, "put", bare ? data : #"{"data":\#(data)}"#)
                let update = await TestFiles.nextUpdate(events)
                #expect(Set(update?.changedFlags ?? []) == ["b", "c"])
                #expect(update?.changedSegments == ["s"])
                #expect(client.boolVariation("a", context: context, default: false))
                #expect(client.boolVariationDetail("b", context: context, default: false).reason.errorKind == .flagNotFound)
                #expect(client.boolVariationDetail("c", context: context, default: true).value == false)
            }
        }
    }

    @Test func patchesAndDeletesApplyOnlyOverLowerVersionsAndTombstonesHold() async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(try configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                // a is held at version 5: equal and older changes do nothing.
                broadcast(running, "patch", #"{"path":"/flags/a","data":\#(LD.item("a", serves: false, version: 5))}"#)
                broadcast(running, "patch", #"{"path":"/flags/a","data":\#(LD.item("a", serves: false, version: 4))}"#)
                broadcast(running, "delete", #"{"path":"/flags/a","version":5}"#)
                // b is deleted at version 3; older patches must not bring it back.
                broadcast(running, "delete", #"{"path":"/flags/b","version":3}"#)
                let deleted = await TestFiles.nextUpdate(events)
                #expect(deleted?.changedFlags == ["b"])
                broadcast(running, "patch", #"{"path":"/flags/b","data":\#(LD.item("b", version: 2))}"#)
                broadcast(running, "patch", #"{"path":"/flags/b","data":\#(LD.item("b", version: 3))}"#)
                broadcast(running, "delete", #"{"path":"/flags/b","version":2}"#)
                // A newer change to another item marks the end of the batch.
                broadcast(running, "patch", #"{"path":"/segments/s","data":{"key":"s","included":["y"],"version":3}}"#)
                let segment = await TestFiles.nextUpdate(events)
                #expect(segment?.changedFlags == [])
                #expect(segment?.changedSegments == ["s"])
                #expect(client.boolVariation("a", context: context, default: false))
                #expect(client.boolVariationDetail("b", context: context, default: false).reason.errorKind == .flagNotFound)

                // Newer than the tombstone: back; newer than the flag held: changed.
                broadcast(running, "patch", #"{"path":"/flags/b","data":\#(LD.item("b", version: 4))}"#)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["b"])
                broadcast(running, "patch", #"{"path":"/flags/a","data":\#(LD.item("a", serves: false, version: 6))}"#)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["a"])
                #expect(client.boolVariation("a", context: context, default: true) == false)
                #expect(client.boolVariation("b", context: context, default: false))
                #expect(running.requests(to: "/all").count == 1)
            }
        }
    }

    @Test func unknownPathsAndEventsAreIgnored() async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(try configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                broadcast(running, "patch", #"{"path":"/configurationOverrides/o","data":{"key":"o","version":9}}"#)
                broadcast(running, "delete", #"{"path":"/metrics/m","version":9}"#)
                broadcast(running, "patch", #"{"path":"/flags","data":{"version":9}}"#)
                broadcast(running, "ping", "{}")
                broadcast(running, "patch", #"{"path":"/flags/a","data":\#(LD.item("a", serves: false, version: 6))}"#)
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["a"])
                #expect(running.requests(to: "/all").count == 1)
                #expect(client.dataSourceStatus.state == .valid)
            }
        }
    }

    @Test(arguments: [
        ("patch", #"{"path":"/flags/a","data":"#),
        ("patch", #"{"path":"/flags/a","data":"on"}"#),
        ("patch", #"{"path":"/flags/a"}"#),
        ("patch", #"{"path":7,"data":{}}"#),
        ("patch", #"{"path":"/flags/","data":{"version":9}}"#),
        ("patch", #"{"path":"/flags/a","data":{"version":"9"}}"#),
        ("patch", #"{"path":"/flags/a","data":{"version":1e300}}"#),
        ("delete", #"{"path":"/flags/a"}"#),
        ("delete", #"{"path":"/flags/a","version":"6"}"#),
        ("delete", #"{"path":"/flags/a","version":6.5}"#),
        ("delete", "[]"),
        ("put", #"{"path":"/","data":[]}"#),
        ("put", #"{"path":"/"}"#),
        ("put", #"{"data":{"flags":{"a":true}}}"#),
        ("put", #"{"data":{"flags":{"a":{"version":"x"}}}}"#),
        ("put", #"{"data":{"segments":3}}"#),
    ])
    func anInvalidEventKeepsTheLastGoodDefinitionsAndReconnects(event: String, data: String) async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(try configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                broadcast(running, event, data)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.kind == .invalidData)
                #expect(client.boolVariation("a", context: context, default: false))
                #expect(client.boolVariation("b", context: context, default: false))
                let valid = await TestFiles.nextStatus(events, .valid)
                #expect(valid != nil)
                #expect(running.requests(to: "/all").count == 2)
            }
        }
    }

    @Test func anEventAboveTheSizeLimitIsRefusedUnread() async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(try configuration(running, maxBodyBytes: 4096)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                let huge = (0..<200).map { LD.flag("f\($0)", version: 1) }
                broadcast(running, "put", #"{"path":"/","data":\#(LD.document(huge))}"#)
                let refused = await TestFiles.nextStatus(events, .interrupted)
                #expect(refused?.lastError?.kind == .tooLarge)
                #expect(client.boolVariation("a", context: context, default: false))
                #expect(client.boolVariationDetail("f1", context: context, default: false).reason.errorKind == .flagNotFound)
            }
        }
    }

    @Test func aDroppedStreamIsReopenedAndCatchesUp() async throws {
        try await Self.withServer { running in
            running.server.streamCloseAfterEvents = 1
            try await TestFiles.withClient(try configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                // Every stream ends after its put: each change arrives in the next connection's put.
                try running.update(LD.document([LD.flag("a", serves: false), LD.flag("b")],
                                               segments: [#""s":{"key":"s","included":["x"]}"#]))
                let update = await TestFiles.nextUpdate(events)
                #expect(update?.changedFlags == ["a"])
                #expect(client.boolVariation("a", context: context, default: true) == false)
                #expect(running.requests(to: "/all").count >= 2)
            }
        }
    }

    @Test func pollsLatestAllWhileTheStreamIsRefusedThenStreamsAgain() async throws {
        try await Self.withServer { running in
            running.server.inject(.status(503), on: .stream, times: 1_000)
            let logs = TestFiles.LogRecorder()
            var configuration = try configuration(running, fallbackAfterFailures: 2)
            configuration.logger = logs.logger
            try await TestFiles.withClient(configuration) { client in
                client.start()
                let ready = await client.waitUntilReady(timeout: .seconds(30))
                #expect(ready)
                #expect(running.requests(to: "/sdk/latest-all").count >= 1)
                #expect(running.requests(to: "/all").count >= 2)
                #expect(client.boolVariation("a", context: context, default: false))

                let events = client.events()
                try running.update(LD.document([LD.flag("a", serves: false), LD.flag("b")],
                                               segments: [#""s":{"key":"s","included":["x"]}"#]))
                let polled = await TestFiles.nextUpdate(events)
                #expect(polled?.changedFlags == ["a"])

                running.server.clearFaults()
                // Said once the stream's put is applied and polling has stopped: a poll answered
                // after the next change can no longer land before that put.
                let streaming = await eventually { logs.entries.contains { $0.message == "definitions stream is back" } }
                #expect(streaming)
                #expect(running.server.openStreams == 1)
                try running.update(LD.document([LD.flag("a"), LD.flag("b")], segments: [#""s":{"key":"s","included":["x"]}"#]))
                let streamed = await TestFiles.nextUpdate(events)
                #expect(streamed?.changedFlags == ["a"])
                #expect(client.boolVariation("a", context: context, default: false))
            }
        }
    }

    @Test func pollingAloneUsesLatestAllWithETags() async throws {
        try await Self.withServer { running in
            try await TestFiles.withClient(try configuration(running, streaming: false)) { client in
                try await LoopbackServer.ready(client)
                let revalidated = await eventually {
                    running.requests(to: "/sdk/latest-all").contains { $0.ifNoneMatch == running.server.currentETag }
                }
                #expect(revalidated)
                #expect(running.requests(to: "/all").isEmpty)
                let events = client.events()
                try running.update(LD.document([LD.flag("a"), LD.flag("b", serves: false)],
                                               segments: [#""s":{"key":"s","included":["x"]}"#]))
                #expect(await TestFiles.nextUpdate(events)?.changedFlags == ["b"])
            }
        }
    }

    @Test("a payload filter's key is asked of the stream and the polling endpoint as ?filter=, percent-encoded",
          arguments: [true, false])
    func aPayloadFilterIsAskedFor(streaming: Bool) async throws {
        try await Self.withServer(sdkKey: "sdk-key") { running in
            var connection = LaunchDarklyConnection.relayProxy(running.baseURL, streaming: streaming, pollingInterval: .milliseconds(100),
                                                               fallbackAfterFailures: 1, http: LoopbackServer.http())
            connection.payloadFilter = "mobile app/ü"
            let configuration = BurgeeClient.Configuration(sdkKey: "sdk-key", source: .launchDarkly(connection),
                                                           logger: TestFiles.quietLogger)
            try await TestFiles.withClient(configuration) { client in
                client.start()
                // burgee serve holds a file, which no LaunchDarkly filter applies to: it refuses
                // the filtered requests with 404; what the client asked is in its log.
                #expect(await eventually { running.requests(to: "/sdk/latest-all").count >= 1 })
                let asked = running.requests(to: "/sdk/latest-all") + running.requests(to: "/all")
                #expect(asked.allSatisfy { $0.query == "filter=mobile%20app%2F%C3%BC" && $0.status == 404 })
                #expect(running.requests(to: "/all").isEmpty != streaming)
                #expect(client.flagKeys().isEmpty)
            }
        }
    }

    @Test func anEmptyPayloadFilterIsRefused() throws {
        var connection = LaunchDarklyConnection()
        connection.payloadFilter = ""
        #expect(throws: ConfigurationError.self) { _ = try connection.makeSource(sdkKey: SDKKey("sdk-key")) }
        connection.payloadFilter = nil
        _ = try connection.makeSource(sdkKey: SDKKey("sdk-key"))
    }

    @Test(arguments: [true, false])
    func aRefusedKeyStopsTheSource(streaming: Bool) async throws {
        try await Self.withServer(sdkKey: "sdk-right") { running in
            try await TestFiles.withClient(try configuration(running, sdkKey: "sdk-wrong-key", streaming: streaming)) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                #expect(status?.lastError?.statusCode == 401)
                #expect(status.map { !"\($0)".contains("sdk-wrong-key") } == true)
                #expect(running.server.requestLog.count == 1)
                #expect(running.server.requestLog.first?.path == (streaming ? "/all" : "/sdk/latest-all"))
            }
        }
    }
}
