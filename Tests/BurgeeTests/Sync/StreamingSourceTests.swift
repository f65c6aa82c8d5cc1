import BurgeeServer
import BurgeeTesting
import Testing
@testable import Burgee
import BurgeeCore

/// The streaming source against the real definitions server on loopback, made to misbehave.
@Suite struct StreamingSourceTests {
    private let context = TestFiles.context

    private func configuration(_ running: RunningDefinitionsServer, options: DataSourceConfiguration.StreamingOptions = DataSourceConfiguration.StreamingOptions(),
                               http: HTTPOptions = LoopbackServer.http(), sdkKey: String? = nil) -> BurgeeClient.Configuration {
        configuration(running.streamURL, options: options, http: http, sdkKey: sdkKey)
    }

    private func configuration(_ url: String, options: DataSourceConfiguration.StreamingOptions = DataSourceConfiguration.StreamingOptions(),
                               http: HTTPOptions = LoopbackServer.http(), sdkKey: String? = nil) -> BurgeeClient.Configuration {
        BurgeeClient.Configuration(sdkKey: sdkKey, source: .streaming(url, options: options, http: http),
                                   logger: TestFiles.quietLogger)
    }

    /// ``configuration(_:options:http:sdkKey:)`` on `clock`, the metrics loop (the client's other
    /// sleeper) waking only after a day of it.
    private func configuration(_ running: RunningDefinitionsServer,
                               options: DataSourceConfiguration.StreamingOptions = DataSourceConfiguration.StreamingOptions(),
                               sdkKey: String? = nil, on clock: ManualClock) -> BurgeeClient.Configuration {
        var configuration = configuration(running, options: options, sdkKey: sdkKey)
        configuration.clock = clock
        configuration.metricsInterval = .seconds(86_400)
        return configuration
    }

    private static let twoFlags = TestFiles.definitions(version: 1, flags: [
        TestFiles.flag("a", serves: "on"), TestFiles.flag("b", serves: "on"),
    ])

    @Test func putThenPatchesAndDeletes() async throws {
        try await LoopbackServer.withServer(Self.twoFlags) { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("a", context: context, default: false))
                let events = client.events()

                try running.update(TestFiles.definitions(version: 2, flags: [
                    TestFiles.flag("a", serves: "off"), TestFiles.flag("b", serves: "on"),
                ]))
                let patched = await TestFiles.nextUpdate(events)
                #expect(patched?.changedFlags == ["a"])
                #expect(patched?.version == 2)
                #expect(client.boolVariation("a", context: context, default: true) == false)

                try running.update(TestFiles.definitions(version: 3, flags: [TestFiles.flag("a", serves: "off")]))
                let deleted = await TestFiles.nextUpdate(events)
                #expect(deleted?.changedFlags == ["b"])
                let detail = client.boolVariationDetail("b", context: context, default: false)
                #expect(detail.reason.errorKind == .flagNotFound)
                // Patches came over the one connection.
                #expect(running.requests(to: "/stream").count == 1)
            }
        }
    }

    @Test func olderPatchesAndDeletesAreIgnored() async throws {
        try await LoopbackServer.withServer(Self.twoFlags) { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                guard case .object(let members) = try JSONValue(parsing: "{" + TestFiles.flag("a", serves: "off") + "}"),
                      let objectA = members["a"]?.serialized() else { throw Failure("no flag a") }
                // Version 1 is what the client holds: equal and older versions change nothing.
                running.server.broadcast(event: "patch", data: #"{"kind":"flag","key":"a","version":1,"object":\#(objectA)}"#)
                running.server.broadcast(event: "patch", data: #"{"kind":"flag","key":"a","version":0,"object":\#(objectA)}"#)
                running.server.broadcast(event: "delete", data: #"{"kind":"flag","key":"b","version":1}"#)
                // A newer patch to another flag marks the end of the batch.
                running.server.broadcast(event: "patch", data: #"{"kind":"segment","key":"s","version":1,"object":{"included":["x"]}}"#)
                let update = await TestFiles.nextUpdate(events)
                #expect(update?.changedFlags == [])
                #expect(update?.changedSegments == ["s"])
                #expect(client.boolVariation("a", context: context, default: false))
                #expect(client.boolVariation("b", context: context, default: false))
                running.server.broadcast(event: "patch", data: #"{"kind":"flag","key":"a","version":2,"documentVersion":7,"object":\#(objectA)}"#)
                let newer = await TestFiles.nextUpdate(events)
                #expect(newer?.changedFlags == ["a"])
                #expect(newer?.version == 7)
                #expect(client.boolVariation("a", context: context, default: true) == false)
            }
        }
    }

    @Test func anInvalidPatchReconnectsForAWholeDocument() async throws {
        try await LoopbackServer.withServer { running in
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.broadcast(event: "patch", data: #"{"kind":"flag","key":"flag","version":9,"object":"#)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.kind == .invalidData)
                let valid = await TestFiles.nextStatus(events, .valid)
                #expect(valid != nil)
                #expect(running.requests(to: "/stream").count == 2)
                #expect(client.boolVariation("flag", context: context, default: false))
            }
        }
    }

    @Test func aStreamClosingEveryFewEventsKeepsUp() async throws {
        try await LoopbackServer.withServer { running in
            running.server.streamCloseAfterEvents = 2
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                for version in 2...7 {
                    try running.update(TestFiles.definitions(version: version, flag: "flag", serves: version.isMultiple(of: 2) ? "off" : "on"))
                    // Each change on its own: a busy machine must not fold them into one `put`.
                    let applied = await eventually { client.definitionsVersion == Int64(version) }
                    #expect(applied, "version \(version)")
                }
                let caughtUp = await eventually {
                    client.definitionsVersion == 7 && client.dataSourceStatus.state == .valid
                }
                #expect(caughtUp)
                #expect(client.boolVariation("flag", context: context, default: false))
                #expect(running.requests(to: "/stream").count >= 3)
            }
        }
    }

    @Test func faultsOnConnectInterruptThenRecover() async throws {
        let faults: [(DefinitionsServer.Fault, DataSourceError.Kind)] = [
            (.status(500), .httpStatus),
            (.dropMidBody, .network),
            (.body(Array("event: put\ndata: {\"formatVersion\": 1, \"flags\": \n\n".utf8)), .invalidData),
            (.body(Array("event: put\ndata: {\"formatVersion\": 3}\n\n".utf8)), .invalidData),
            (.closeConnection, .network),
        ]
        try await LoopbackServer.withServer { running in
            running.server.streamCloseAfterEvents = 1
            try await TestFiles.withClient(configuration(running)) { client in
                try await LoopbackServer.ready(client)
                for (fault, kind) in faults {
                    let events = client.events()
                    running.server.inject(fault, on: .stream)
                    let failed = await TestFiles.nextStatus(events) { $0.lastError?.kind == kind && $0.state == .interrupted }
                    #expect(failed != nil, "\(fault)")
                    #expect(client.boolVariation("flag", context: context, default: false), "\(fault)")
                    let valid = await TestFiles.nextStatus(events, .valid)
                    #expect(valid != nil, "\(fault) recovers")
                }
                #expect(client.definitionsVersion == 1)
            }
        }
    }

    @Test func aSilentStreamIsReopenedAfterTheReadIdleTimeout() async throws {
        try await LoopbackServer.withServer(configure: { $0.heartbeatInterval = .seconds(60) }) { running in
            let options = DataSourceConfiguration.StreamingOptions(readIdleTimeout: .seconds(3))
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running, options: options, on: clock)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                // The metrics loop, and the read-idle timer, armed once the put was applied.
                try await clock.sleepers(atLeast: 2)
                #expect(clock.advance(by: .milliseconds(2999)) == 0)
                #expect(clock.advance(by: .milliseconds(1)) == 1)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.message.contains("read timeout") == true)
                // Reopened once the backoff's wait has passed.
                let reopened = try await drive(clock, by: .milliseconds(50)) { running.requests(to: "/stream").count >= 2 }
                #expect(reopened)
            }
        }
        // With heartbeats more frequent than the timeout, the connection stays.
        try await LoopbackServer.withServer(configure: { $0.heartbeatInterval = .milliseconds(50) }) { running in
            let options = DataSourceConfiguration.StreamingOptions(readIdleTimeout: .seconds(3))
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running, options: options, on: clock)) { client in
                try await LoopbackServer.ready(client)
                try await clock.sleepers(atLeast: 2)
                // Two seconds pass; the next heartbeat re-arms the timer from then.
                #expect(clock.advance(by: .seconds(2)) == 0)
                #expect(await eventually { clock.deadlines.contains(clock.now.advanced(by: .seconds(3))) })
                // Four seconds after the put, past its timeout, the connection stays.
                #expect(clock.advance(by: .seconds(2)) == 0)
                #expect(running.requests(to: "/stream").count == 1)
                #expect(client.dataSourceStatus.state == .valid)
            }
        }
    }

    @Test func fallsBackToPollingAndSwitchesBack() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(500), on: .stream, times: 1_000)
            let options = DataSourceConfiguration.StreamingOptions(fallbackAfterFailures: 2, fallbackPollingInterval: .milliseconds(100))
            let logs = TestFiles.LogRecorder()
            let clock = ManualClock()
            var configuration = configuration(running, options: options, on: clock)
            configuration.logger = logs.logger
            try await TestFiles.withClient(configuration) { client in
                let events = client.events()
                client.start()
                // The first connection fails; the next waits the backoff's first delay, jittered.
                try await clock.sleepers(atLeast: 2)
                let reconnect = try #require(clock.deadlines.first).offset
                #expect(reconnect >= LoopbackServer.backoff.initial * (1 - LoopbackServer.backoff.jitter))
                #expect(reconnect <= LoopbackServer.backoff.initial)
                #expect(clock.advance(by: reconnect) == 1)
                // The second failure starts polling: ready through polling while the stream fails.
                #expect(await TestFiles.nextEvent(events) { if case .ready = $0 { true } else { false } } != nil)
                #expect(running.requests(to: "/definitions").count == 1)
                #expect(running.requests(to: "/stream").count == 2)

                // Changes arrive by polling, at its interval.
                try running.update(TestFiles.definitions(version: 2, flag: "flag", serves: "off"))
                // The metrics loop, the stream's reconnection and the poller.
                try await clock.sleepers(atLeast: 3)
                clock.advance(by: .milliseconds(100))
                let polled = await TestFiles.nextUpdate(events)
                #expect(polled?.version == 2)

                // The stream comes back; polling stops.
                running.server.clearFaults()
                // Said once polling has stopped: no poll may arrive after it.
                let back = try await drive(clock, by: .milliseconds(100)) {
                    logs.entries.contains { $0.message == "definitions stream is back" }
                }
                #expect(back)
                #expect(running.server.openStreams == 1)
                let polls = running.requests(to: "/definitions").count
                // Five polling intervals wake nothing: no poller waits for them. A request sent just
                // before polling stopped may still be logged by the server now.
                #expect(clock.advance(by: .milliseconds(500)) == 0)
                #expect(running.requests(to: "/definitions").count <= polls + 1)
                try running.update(TestFiles.definitions(version: 3, flag: "flag", serves: "on"))
                let streamed = await TestFiles.nextUpdate(events) { $0.version == 3 }
                #expect(streamed != nil)
                #expect(client.dataSourceStatus.state == .valid)
            }
        }
    }

    @Test func retryAfterOnTheStreamIsHonoured() async throws {
        try await expectRetryAfterHonoured(status: 503, on: .stream, path: "/stream") { configuration($0) }
    }

    @Test func unauthorizedStops() async throws {
        try await LoopbackServer.withServer(sdkKey: "sdk-right") { running in
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running, sdkKey: "sdk-wrong", on: clock)) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                #expect(status?.lastError?.statusCode == 401)
                // Only the metrics loop waits on the clock: no reconnection is due, however long.
                try await clock.sleepers(atLeast: 1)
                #expect(clock.advance(by: .seconds(3600)) == 0)
                #expect(running.server.requestLog.count == 1)
            }
            try await TestFiles.withClient(configuration(running, sdkKey: "sdk-right")) { client in
                try await LoopbackServer.ready(client)
            }
        }
    }

    @Test func serverDownAtStartThenUp() async throws {
        let port = try await LoopbackServer.freePort()
        let options = DataSourceConfiguration.StreamingOptions(fallbackAfterFailures: 1_000)
        try await TestFiles.withClient(configuration("http://127.0.0.1:\(port)/stream", options: options)) { client in
            let events = client.events()
            client.start()
            let failing = await TestFiles.nextStatus(events) { $0.lastError?.kind == .network }
            #expect(failing?.state == .initializing)
            let running = try await LoopbackServer.start(TestFiles.definitions(), port: port)
            let ready = await client.waitUntilReady(timeout: .seconds(30))
            let times = running.requests(to: "/stream").map(\.time)
            await running.stop()
            #expect(ready)
            #expect(times.count == 1)
        }
    }

    @Test func theCacheHoldsThePatchedDefinitions() async throws {
        try await TestFiles.withTemporaryDirectory { directory in
            let cache = CacheConfiguration.directory(directory, prefix: "stream")
            try await LoopbackServer.withServer(Self.twoFlags) { running in
                var configuration = configuration(running)
                configuration.cache = cache
                try await TestFiles.withClient(configuration) { client in
                    try await LoopbackServer.ready(client)
                    try running.update(TestFiles.definitions(version: 5, flags: [TestFiles.flag("a", serves: "off")]))
                    let applied = await eventually {
                        client.flagKeys() == ["a"] && !client.boolVariation("a", context: context, default: true)
                    }
                    #expect(applied)
                }
            }
            // The cached document is the patched one: what a restart without the server serves.
            let cached = try DefinitionsDocument(jsonBytes: TestFiles.read(cache.filePath))
            #expect(cached.version == 5)
            #expect(cached.flags["b"] == nil)
            #expect(cached.flags["a"]?.version == 2)
            try await TestFiles.withClient(.init(cache: cache, logger: TestFiles.quietLogger)) { client in
                client.start()
                let ready = await client.waitUntilReady(timeout: .seconds(5))
                #expect(ready)
                #expect(client.definitionsOrigin == .cache)
                #expect(client.boolVariation("a", context: context, default: true) == false)
            }
        }
    }

    @Test func closingTheClientEndsTheStream() async throws {
        try await LoopbackServer.withServer { running in
            let client = try BurgeeClient(configuration: configuration(running))
            try await LoopbackServer.ready(client)
            #expect(running.server.openStreams == 1)
            await client.close()
            let closed = await eventually { running.server.openStreams == 0 }
            #expect(closed)
            #expect(client.dataSourceStatus.state == .off)
        }
    }
}
