import BurgeeServer
import BurgeeTesting
import Testing
@testable import Burgee
import BurgeeCore

/// The polling source against the real definitions server on loopback, made to misbehave.
@Suite struct PollingSourceTests {
    private let context = TestFiles.context

    private func configuration(_ url: String, every interval: Duration = .milliseconds(100),
                               http: HTTPOptions = LoopbackServer.http(), sdkKey: String? = nil) -> BurgeeClient.Configuration {
        BurgeeClient.Configuration(sdkKey: sdkKey, source: .polling(url, every: interval, http: http),
                                   logger: TestFiles.quietLogger)
    }

    /// ``configuration(_:every:http:sdkKey:)`` on `clock`, the metrics loop (the client's other
    /// sleeper) waking only after a day of it.
    private func configuration(_ url: String, every interval: Duration = .milliseconds(100), sdkKey: String? = nil,
                               on clock: ManualClock) -> BurgeeClient.Configuration {
        var configuration = configuration(url, every: interval, sdkKey: sdkKey)
        configuration.clock = clock
        configuration.metricsInterval = .seconds(86_400)
        return configuration
    }

    @Test("polls at the interval of the client's clock: not before it, once when it passes")
    func pollsAtTheInterval() async throws {
        try await LoopbackServer.withServer { running in
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running.definitionsURL, every: .seconds(10), on: clock)) { client in
                try await LoopbackServer.ready(client)
                // The metrics loop, and the poller waiting for the interval.
                try await clock.sleepers(atLeast: 2)
                #expect(clock.deadlines.contains(clock.now.advanced(by: .seconds(10))))
                #expect(clock.advance(by: .seconds(9)) == 0)
                #expect(running.requests(to: "/definitions").count == 1)
                #expect(clock.advance(by: .seconds(1)) == 1)
                let requests = try await running.requests(to: "/definitions", atLeast: 2)
                #expect(requests.map(\.status) == [200, 304])
                // Polled, then waiting for the next interval from the time it woke.
                try await clock.sleepers(atLeast: 2)
                #expect(clock.deadlines.contains(clock.now.advanced(by: .seconds(10))))
            }
        }
    }

    @Test func pollsWithETagsAndAppliesChanges() async throws {
        try await LoopbackServer.withServer { running in
            try await TestFiles.withClient(configuration(running.definitionsURL)) { client in
                try await LoopbackServer.ready(client)
                #expect(client.boolVariation("flag", context: context, default: false))
                // Unchanged definitions: conditional requests answered 304, nothing re-applied.
                let etag = running.server.currentETag
                let conditional = await eventually {
                    running.requests(to: "/definitions").filter { $0.status == 304 && $0.ifNoneMatch == etag }.count >= 2
                }
                #expect(conditional)
                #expect(client.dataSourceStatus.state == .valid)

                let events = client.events()
                try running.update(TestFiles.definitions(version: 2, flag: "flag", serves: "off"))
                let update = await TestFiles.nextUpdate(events)
                #expect(update?.changedFlags == ["flag"])
                #expect(client.boolVariation("flag", context: context, default: true) == false)
            }
        }
    }

    @Test func serverErrorsKeepTheLastGoodDefinitionsAndBackOff() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(500), on: .definitions, times: 4)
            try running.update(TestFiles.definitions(version: 2, flag: "flag", serves: "off"))
            try await TestFiles.withClient(configuration(running.definitionsURL)) { client in
                let events = client.events()
                client.start()
                let failing = await TestFiles.nextStatus(events) { $0.lastError?.statusCode == 500 }
                #expect(failing?.state == .initializing)
                let recovered = await TestFiles.nextEvent(events) { if case .ready = $0 { true } else { false } }
                #expect(recovered != nil)
                #expect(client.boolVariation("flag", context: context, default: true) == false)
                let failed = running.requests(to: "/definitions").filter { $0.status == 500 }
                #expect(failed.count == 4)
                let times = running.requests(to: "/definitions").suffix(5).map(\.time)
                #expect(backoffViolations(Array(times), LoopbackServer.backoff) == [])
            }
        }
    }

    @Test func faultsAfterReadinessInterruptThenRecover() async throws {
        let faults: [(DefinitionsServer.Fault, DataSourceError.Kind)] = [
            (.status(503), .httpStatus),
            (.dropMidBody, .network),
            (.body(Array(#"{"formatVersion": 1, "version": 9, "flags": {"#.utf8)), .invalidData),
            (.body(Array("<html>oops</html>".utf8)), .invalidData),
            (.body(Array(#"{"formatVersion": 2, "flags": {}}"#.utf8)), .invalidData),
            (.body(Array(#"{"formatVersion": 1, "flags": []}"#.utf8)), .invalidData),
            (.closeConnection, .network),
        ]
        try await LoopbackServer.withServer { running in
            try await TestFiles.withClient(configuration(running.definitionsURL, every: .milliseconds(50))) { client in
                try await LoopbackServer.ready(client)
                for (index, (fault, kind)) in faults.enumerated() {
                    let events = client.events()
                    running.server.inject(fault, on: .definitions)
                    let interrupted = await TestFiles.nextStatus(events, .interrupted)
                    #expect(interrupted?.lastError?.kind == kind, "\(fault)")
                    // The last good definitions are still served.
                    #expect(client.boolVariation("flag", context: context, default: false), "\(fault)")
                    let valid = await TestFiles.nextStatus(events, .valid)
                    #expect(valid != nil, "\(fault) recovers")
                    _ = index
                }
                #expect(client.definitionsVersion == 1)
            }
        }
    }

    @Test func aResponseSlowerThanTheTimeoutFails() async throws {
        try await LoopbackServer.withServer { running in
            // Room for a loaded machine (the whole suite in parallel on two cores): the first answer
            // must come within the timeout, the delayed one must not.
            let http = LoopbackServer.http(requestTimeout: .seconds(3))
            try await TestFiles.withClient(configuration(running.definitionsURL, every: .milliseconds(50), http: http)) { client in
                try await LoopbackServer.ready(client)
                let events = client.events()
                running.server.inject(.delay(.seconds(6)), on: .definitions)
                let interrupted = await TestFiles.nextStatus(events, .interrupted)
                #expect(interrupted?.lastError?.kind == .network)
                #expect(interrupted?.lastError?.message.contains("timeout") == true)
                let valid = await TestFiles.nextStatus(events, .valid)
                #expect(valid != nil)
            }
        }
    }

    @Test func retryAfterIsHonoured() async throws {
        try await expectRetryAfterHonoured(status: 429, on: .definitions, path: "/definitions") {
            configuration($0.definitionsURL)
        }
    }

    @Test func anOversizedBodyIsRefused() async throws {
        try await LoopbackServer.withServer { running in
            let http = LoopbackServer.http(maxBodyBytes: 100)
            try await TestFiles.withClient(configuration(running.definitionsURL, http: http)) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events) { $0.lastError != nil }
                #expect(status?.lastError?.kind == .tooLarge)
                #expect(status?.state == .initializing)
                #expect(!client.isReady)
            }
        }
    }

    @Test func unauthorizedStopsWithoutRetrying() async throws {
        try await LoopbackServer.withServer(sdkKey: "sdk-right") { running in
            let clock = ManualClock()
            try await TestFiles.withClient(configuration(running.definitionsURL, sdkKey: "sdk-wrong", on: clock)) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                #expect(status?.lastError?.statusCode == 401)
                // Ten intervals later, nothing woke: the poller is not waiting to retry, and there
                // is still the one request.
                try await clock.sleepers(atLeast: 1)
                #expect(clock.advance(by: .seconds(1)) == 0)
                #expect(running.requests(to: "/definitions").count == 1)
                #expect(client.dataSourceStatus.state == .unauthorized)
            }
            // The right key is sent in Authorization, with the custom headers.
            let http = LoopbackServer.http(headers: ["X-Tenant": "shop-eu", "x-trace": "t1"])
            try await TestFiles.withClient(configuration(running.definitionsURL, http: http, sdkKey: "sdk-right")) { client in
                try await LoopbackServer.ready(client)
                let request = running.requests(to: "/definitions").last
                #expect(request?.hasAuthorization == true)
                #expect(request?.headers["x-tenant"] == "shop-eu")
                #expect(request?.headers["x-trace"] == "t1")
                #expect(request?.headers["user-agent"] == "Burgee-Swift")
            }
        }
    }

    @Test func serverDownAtStartThenUp() async throws {
        let port = try await LoopbackServer.freePort()
        let url = "http://127.0.0.1:\(port)/definitions"
        try await TestFiles.withClient(configuration(url)) { client in
            let events = client.events()
            client.start()
            let failing = await TestFiles.nextStatus(events) { $0.lastError?.kind == .network }
            #expect(failing?.state == .initializing)
            let running = try await LoopbackServer.start(TestFiles.definitions(), port: port)
            let ready = await client.waitUntilReady(timeout: .seconds(30))
            await running.stop()
            #expect(ready)
            #expect(client.boolVariation("flag", context: context, default: false))
        }
    }

    @Test("a refused connection fails at once: the next attempt follows the backoff, not the connect timeout")
    func refusedConnectionsFailFast() async throws {
        let port = try await LoopbackServer.freePort()
        let http = HTTPOptions(connectTimeout: .seconds(3600), requestTimeout: .seconds(3600), backoff: LoopbackServer.backoff)
        try await TestFiles.withClient(configuration("http://127.0.0.1:\(port)/definitions", http: http)) { client in
            let events = client.events()
            client.start()
            // Three failed attempts, with backoff waits of at most 50 + 100 ms between them. Retried
            // by the HTTP client until its deadline, one attempt alone would take the hour of the
            // connect timeout, a hang that the limit cuts short with an error.
            let failures = try await withTimeLimit(.seconds(60), "three refused connections, each failing at once") {
                var failures = 0
                for await event in events {
                    if case .statusChanged(let status) = event, status.lastError?.kind == .network { failures += 1 }
                    if failures == 3 { break }
                }
                return failures
            }
            #expect(failures == 3)
        }
    }

    @Test func fetchOnceStops() async throws {
        try await LoopbackServer.withServer { running in
            let clock = ManualClock()
            let configuration = BurgeeClient.Configuration(source: .fetchOnce(running.definitionsURL, http: LoopbackServer.http()),
                                                           metricsInterval: .seconds(86_400), logger: TestFiles.quietLogger,
                                                           clock: clock)
            try await TestFiles.withClient(configuration) { client in
                try await LoopbackServer.ready(client)
                try running.update(TestFiles.definitions(version: 2, flag: "flag", serves: "off"))
                // Only the metrics loop waits on the clock: the source is not waiting to poll again,
                // and an hour later there is still the one request.
                try await clock.sleepers(atLeast: 1)
                #expect(clock.advance(by: .seconds(3600)) == 0)
                #expect(running.requests(to: "/definitions").count == 1)
                #expect(client.boolVariation("flag", context: context, default: false))
                #expect(client.dataSourceStatus.state == .valid)
            }
        }
    }

    @Test func theSDKKeyStaysOutOfLogsAndErrors() async throws {
        let key = "sdk-0123-secret-key"
        let recorder = TestFiles.LogRecorder()
        let errors = try await LoopbackServer.withServer(sdkKey: "another-key") { running in
            // Failures of every kind: refused, server errors, dropped connections, a dead port.
            var configuration = configuration(running.definitionsURL, sdkKey: key)
            configuration.logger = recorder.logger
            var errors: [String] = []
            try await TestFiles.withClient(configuration) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events, .unauthorized)
                errors.append(String(describing: status))
            }
            let port = try await LoopbackServer.freePort()
            configuration.source = .streaming("http://127.0.0.1:\(port)/stream", http: LoopbackServer.http())
            try await TestFiles.withClient(configuration) { client in
                let events = client.events()
                client.start()
                let status = await TestFiles.nextStatus(events) { $0.lastError != nil }
                errors.append(String(describing: status))
                errors.append(String(reflecting: client.configuration))
            }
            return errors
        }
        #expect(recorder.entries.count > 2)
        let leaks = (recorder.entries.map(\.description) + errors).filter { $0.contains(key) }
        #expect(leaks == [])
    }
}
