import BurgeeServer
import Logging
import Testing
@testable import Burgee
import BurgeeCore
import BurgeeTesting

/// The HTTP event sink against the real server on loopback, made to misbehave.
@Suite struct HTTPEventSinkTests {
    static let retryDelay: Duration = .milliseconds(50)

    /// One event of each kind.
    static let batch = EventBatch(events: [
        .exposure(ExposureEvent(timestamp: 1_700_000_000_000, flagKey: "flag", flagVersion: 3, variationKey: "on",
                                variationIndex: 1, reason: EvaluationReason(kind: .ruleMatch, ruleIndex: 0, ruleId: "beta"),
                                contextKeys: ["user": "u-1", "org": "acme"])),
        .custom(CustomEvent(timestamp: 1_700_000_000_500, key: "checkout", contextKeys: ["user": "u-1"], value: 12.5,
                            properties: ["plan": "pro"])),
        .summary(SummaryEvent(startTimestamp: 1_700_000_000_000, endTimestamp: 1_700_000_005_000,
                              flags: ["flag": [SummaryEvent.Counter(version: 3, variationIndex: 1, variationKey: "on", count: 7)]])),
    ])

    /// `count` custom events told apart by `tag`: large enough that gzip shrinks it.
    static func batch(_ tag: String, count: Int = 200) -> EventBatch {
        EventBatch(events: (0..<count).map { i in
            .custom(CustomEvent(timestamp: 1_700_000_000_000 + Int64(i), key: "\(tag)-\(i)", contextKeys: ["user": "u-\(i % 7)"]))
        })
    }

    /// Runs `body` with a sink posting to the server's `/events`, and shuts the sink down afterwards.
    static func withSink<R>(_ running: RunningDefinitionsServer, sdkKey: String? = nil, http: HTTPOptions = LoopbackServer.http(),
                            retryDelay: Duration = retryDelay, logger: Logger = TestFiles.quietLogger,
                            _ body: (HTTPEventSink) async throws -> R) async throws -> R {
        try await withSink(running.eventsURL, sdkKey: sdkKey, http: http, retryDelay: retryDelay, logger: logger, body)
    }

    static func withSink<R>(_ url: String, sdkKey: String? = nil, http: HTTPOptions = LoopbackServer.http(),
                            retryDelay: Duration = retryDelay, logger: Logger = TestFiles.quietLogger,
                            _ body: (HTTPEventSink) async throws -> R) async throws -> R {
        let sink = try HTTPEventSink(endpoint: url, sdkKey: sdkKey, http: http, retryDelay: retryDelay, logger: logger)
        do {
            let result = try await body(sink)
            await sink.shutdown()
            return result
        } catch {
            await sink.shutdown()
            throw error
        }
    }

    /// The batches the server stored, decoded.
    static func received(_ running: RunningDefinitionsServer) throws -> [EventBatch] {
        try running.server.receivedEvents.map { try EventBatch(jsonBytes: $0) }
    }

    /// Sends `batch` and returns the delivery error it throws, recording an issue when it does not.
    static func failure(_ sink: HTTPEventSink, _ batch: EventBatch = batch) async -> EventDeliveryError? {
        do {
            try await sink.send(batch)
            Issue.record("the batch was delivered")
            return nil
        } catch let error as EventDeliveryError {
            return error
        } catch {
            Issue.record("unexpected error: \(error)")
            return nil
        }
    }

    // MARK: Delivery

    @Test func aDeliveredBatchDecodesEqualAndCarriesTheHeaders() async throws {
        try await LoopbackServer.withServer(sdkKey: "sdk-events") { running in
            let http = LoopbackServer.http(headers: ["X-Tenant": "shop-eu"])
            try await Self.withSink(running, sdkKey: "sdk-events", http: http) { sink in
                try await sink.send(Self.batch)
            }
            // The server checks the key: a 202 means it arrived in Authorization.
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [202])
            let request = try #require(requests.first)
            #expect(request.method == "POST")
            #expect(request.hasAuthorization)
            #expect(request.headers["user-agent"] == "Burgee-Swift")
            #expect(request.headers["x-burgee-event-schema"] == "1")
            #expect(request.headers["content-type"] == "application/json")
            #expect(request.headers["x-tenant"] == "shop-eu")
            #expect(request.headers["content-encoding"] == nil)
            #expect(try Self.received(running) == [Self.batch])
        }
    }

    @Test func withoutAKeyNoAuthorizationIsSent() async throws {
        try await LoopbackServer.withServer { running in
            try await Self.withSink(running, sdkKey: "") { sink in
                try await sink.send(Self.batch)
            }
            #expect(running.requests(to: "/events").map(\.hasAuthorization) == [false])
        }
    }

    @Test func gzipIsUsedOnceTheServiceAdvertisedIt() async throws {
        try await LoopbackServer.withServer { running in
            let (first, second, third) = (Self.batch("first"), Self.batch("second"), Self.batch("third"))
            try await Self.withSink(running) { sink in
                #expect(sink.coding.current == .identity)
                try await sink.send(first)
                #expect(sink.coding.current == .gzip)
                try await sink.send(second)
                try await sink.send(third)
            }
            let requests = running.server.receivedEventRequests
            #expect(requests.map(\.contentEncoding) == [nil, "gzip", "gzip"])
            #expect(try Self.received(running) == [first, second, third])
            let secondSize = second.jsonBytes.count
            #expect(requests[1].receivedBytes < secondSize / 2, "\(requests[1].receivedBytes) of \(secondSize)")
        }
    }

    @Test func anyResponseCanAdvertiseGzip() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(500, headers: ["Accept-Encoding": "br, gzip;q=0.5"]), on: .events)
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch)
            }
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [500, 202])
            #expect(requests.map { $0.headers["content-encoding"] } == [nil, "gzip"])
            #expect(try Self.received(running) == [Self.batch])
        }
    }

    @Test func aServerThatDoesNotAcceptGzipNeverGetsIt() async throws {
        try await LoopbackServer.withServer(configure: { $0.acceptsGzipEvents = false }) { running in
            try await Self.withSink(running) { sink in
                for tag in ["a", "b", "c"] { try await sink.send(Self.batch(tag)) }
                #expect(sink.coding.current == .identity)
            }
            #expect(running.requests(to: "/events").map { $0.headers["content-encoding"] } == [nil, nil, nil])
            #expect(try Self.received(running) == [Self.batch("a"), Self.batch("b"), Self.batch("c")])
        }
    }

    @Test func a415ToGzipFallsBackToIdentityForGoodWithoutUsingTheRetry() async throws {
        try await LoopbackServer.withServer { running in
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch("first"))
                // The gzipped body is refused; the uncompressed resend meets a 500, and the retry delivers.
                running.server.inject(.status(415), on: .events)
                running.server.inject(.status(500), on: .events)
                try await sink.send(Self.batch("second"))
                #expect(sink.coding.current == .refused)
                try await sink.send(Self.batch("third"))
            }
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [202, 415, 500, 202, 202])
            #expect(requests.map { $0.headers["content-encoding"] } == [nil, "gzip", nil, nil, nil])
            #expect(try Self.received(running) == [Self.batch("first"), Self.batch("second"), Self.batch("third")])
        }
    }

    // MARK: Retries

    /// A vendor's policy: a 400 retried, a 401 not, `Retry-After` ignored; the per-body headers
    /// are made once and the answers' `Date` headers reach the observer.
    @Test func aVendorsRetryPolicyHeadersAndObserver() async throws {
        try await LoopbackServer.withServer { running in
            let made = Locked(0)
            let dates = Locked<[String?]>([])
            let policy = EventRetryPolicy(honoursRetryAfter: false) { $0 == 400 || $0 == 429 }
            let sink = try HTTPEventSink(
                endpoint: running.eventsURL, sdkKey: nil, http: LoopbackServer.http(), retryDelay: Self.retryDelay,
                logger: TestFiles.quietLogger, sendsSchemaHeader: true, retryPolicy: policy,
                bodyHeaders: { made.withLock { $0 += 1 }; return [("X-Payload", "p")] },
                observe: { _, date in dates.withLock { $0.append(date) } }, encode: { $0.jsonBytes })
            running.server.inject(.status(400), on: .events)
            try await sink.send(Self.batch)
            #expect(running.requests(to: "/events").map(\.status) == [400, 202])
            #expect(made.withLock { $0 } == 1)
            // Both answers' `Date` (the server dates every answer), readable as an HTTP date.
            let seen = dates.withLock { $0 }
            #expect(seen.count == 2 && seen.allSatisfy { $0.flatMap(HTTPDate.unixSeconds) != nil })

            running.server.inject(.status(401), on: .events)
            let error = await Self.failure(sink)
            #expect(error?.statusCode == 401 && error?.attempts == 1)
            #expect(running.requests(to: "/events").map(\.status) == [400, 202, 401])
            await sink.shutdown()
        }
    }

    /// With a policy that ignores `Retry-After`, a 429 is retried after the sink's own delay, not
    /// the minute the service asks for: the retry waits on the clock for exactly that delay.
    @Test func aPolicyMayIgnoreRetryAfter() async throws {
        try await LoopbackServer.withServer { running in
            let clock = ManualClock()
            let sink = try HTTPEventSink(
                endpoint: running.eventsURL, sdkKey: nil, http: LoopbackServer.http(), retryDelay: .seconds(1),
                logger: TestFiles.quietLogger, clock: ClientClock(clock), sendsSchemaHeader: true,
                retryPolicy: EventRetryPolicy(honoursRetryAfter: false) { $0 == 429 }, encode: { $0.jsonBytes })
            running.server.inject(.status(429, headers: ["Retry-After": "60"]), on: .events)
            let sent = Task { try await sink.send(Self.batch) }
            try await clock.sleepers(atLeast: 1)
            #expect(clock.deadlines == [ManualClock.Instant(offset: .seconds(1))])
            clock.advance(by: .seconds(1))
            try await sent.value
            #expect(running.requests(to: "/events").map(\.status) == [429, 202])
            await sink.shutdown()
        }
    }

    @Test func httpDates() {
        #expect(HTTPDate.unixSeconds("Sun, 06 Nov 1994 08:49:37 GMT") == 784_111_777)
        #expect(HTTPDate.unixSeconds("Sunday, 06-Nov-94 08:49:37 GMT") == nil)
        #expect(HTTPDate.unixSeconds("") == nil)
    }

    @Test func a500IsRetriedOnceAfterTheDelay() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(500), on: .events)
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch)
            }
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [500, 202])
            if requests.count == 2 {
                #expect(requests[1].time - requests[0].time >= Self.retryDelay)
            }
            #expect(try Self.received(running) == [Self.batch])
        }
    }

    @Test(arguments: [500, 502, 503, 429])
    func twoFailuresThrowAfterExactlyTwoRequests(status: Int) async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(status), on: .events, times: 2)
            let error = try await Self.withSink(running) { await Self.failure($0) }
            #expect(error?.kind == .httpStatus)
            #expect(error?.statusCode == status)
            #expect(error?.attempts == 2)
            #expect(running.requests(to: "/events").map(\.status) == [status, status])
            #expect(running.server.receivedEvents.isEmpty)
        }
    }

    @Test(arguments: [429, 503])
    func retryAfterIsHonouredWhenLonger(status: Int) async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(status, headers: ["Retry-After": "1"]), on: .events)
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch)
            }
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [status, 202])
            if requests.count == 2 {
                // The retry delay alone would have retried after 50 ms.
                #expect(requests[1].time - requests[0].time >= .milliseconds(990))
            }
        }
    }

    @Test(.timeLimit(.minutes(1)))
    func retryAfterIsCappedAndNeverShortensTheDelay() async throws {
        var http = LoopbackServer.http()
        http.maxRetryAfter = .milliseconds(300)
        try await LoopbackServer.withServer { running in
            // An hour asked for; the cap applies.
            running.server.inject(.status(503, headers: ["Retry-After": "3600"]), on: .events)
            try await Self.withSink(running, http: http) { sink in
                try await sink.send(Self.batch)
                #expect(sink.delay(retryAfter: .seconds(3600)) == .milliseconds(300))
                #expect(sink.delay(retryAfter: .zero) == Self.retryDelay)
                #expect(sink.delay(retryAfter: nil) == Self.retryDelay)
                #expect(sink.delay(retryAfter: .milliseconds(200)) == .milliseconds(200))
            }
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [503, 202])
            if requests.count == 2 {
                #expect(requests[1].time - requests[0].time >= .milliseconds(300))
            }
        }
    }

    @Test(arguments: [400, 403, 404, 413, 415, 307])
    func otherStatusesThrowAtOnce(status: Int) async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(status, headers: status == 307 ? ["Location": running.eventsURL] : [:]), on: .events)
            let error = try await Self.withSink(running) { await Self.failure($0) }
            #expect(error?.kind == .httpStatus)
            #expect(error?.statusCode == status)
            #expect(error?.attempts == 1)
            #expect(running.requests(to: "/events").count == 1)
        }
    }

    @Test func aRefusedKeyThrowsAfterOneRequest() async throws {
        try await LoopbackServer.withServer(sdkKey: "sdk-right") { running in
            let error = try await Self.withSink(running, sdkKey: "sdk-wrong") { await Self.failure($0) }
            #expect(error?.statusCode == 401)
            #expect(error?.attempts == 1)
            #expect(running.requests(to: "/events").map(\.status) == [401])
        }
    }

    @Test func aBodyAboveTheServersLimitThrowsAfterOneRequest() async throws {
        try await LoopbackServer.withServer(configure: { $0.maxEventsBodyBytes = 1000 }) { running in
            let error = try await Self.withSink(running) { await Self.failure($0, Self.batch("large")) }
            #expect(error?.statusCode == 413)
            #expect(running.requests(to: "/events").map(\.status) == [413])
        }
    }

    @Test func anyTwoHundredCounts() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(200), on: .events)
            running.server.inject(.status(204), on: .events)
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch)
                try await sink.send(Self.batch)
            }
            #expect(running.requests(to: "/events").map(\.status) == [200, 204])
        }
    }

    @Test func aServerThatIsDownThrowsAfterTwoAttempts() async throws {
        let port = try await LoopbackServer.freePort()
        let started = ContinuousClock.now
        // The HTTP client retries refused connections until the request timeout: keep it short.
        let http = LoopbackServer.http(requestTimeout: .milliseconds(300))
        let error = try await Self.withSink("http://127.0.0.1:\(port)/events", http: http) { await Self.failure($0) }
        #expect(ContinuousClock.now - started >= Self.retryDelay)
        #expect(error?.kind == .network)
        #expect(error?.statusCode == nil)
        #expect(error?.attempts == 2)
    }

    @Test func aDroppedConnectionIsRetried() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.closeConnection, on: .events)
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch)
            }
            let requests = running.requests(to: "/events")
            #expect(requests.map(\.status) == [nil, 202])
            #expect(requests.first?.fault == .closeConnection)
            #expect(try Self.received(running) == [Self.batch])
        }
    }

    @Test func aTwoHundredWhoseBodyBreaksOffIsNotResent() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.dropMidBody, on: .events)
            try await Self.withSink(running) { sink in
                try await sink.send(Self.batch)
            }
            #expect(running.requests(to: "/events").count == 1)
            #expect(try Self.received(running) == [Self.batch])
        }
    }

    @Test func aResponseSlowerThanTheRequestTimeoutFailsAndIsRetried() async throws {
        // Room for a loaded machine: an answer without the fault must come within the timeout.
        let http = LoopbackServer.http(requestTimeout: .seconds(3))
        try await LoopbackServer.withServer { running in
            running.server.inject(.delay(.seconds(10)), on: .events)
            try await Self.withSink(running, http: http) { sink in
                try await sink.send(Self.batch)
            }
            let requests = running.requests(to: "/events")
            #expect(requests.count == 2)
            #expect(requests.first?.fault == .delay(.seconds(10)))
            #expect(try Self.received(running).last == Self.batch)

            running.server.inject(.delay(.seconds(10)), on: .events, times: 2)
            let error = try await Self.withSink(running, http: http) { await Self.failure($0) }
            #expect(error?.kind == .network)
            #expect(error?.attempts == 2)
            #expect(error?.message.contains("timeout") == true, "\(String(describing: error))")
        }
    }

    @Test func cancellationDuringTheRetryWaitThrowsAtOnce() async throws {
        try await LoopbackServer.withServer { running in
            running.server.inject(.status(500), on: .events)
            try await Self.withSink(running, retryDelay: .seconds(30)) { sink in
                let sending = Task { try await sink.send(Self.batch) }
                let failed = await eventually { running.requests(to: "/events").first?.status == 500 }
                #expect(failed)
                sending.cancel()
                await #expect(throws: CancellationError.self) { try await sending.value }
            }
            #expect(running.requests(to: "/events").count == 1)
        }
    }

    // MARK: Security and configuration

    @Test func theSDKKeyStaysOutOfErrorsAndLogs() async throws {
        let key = "sdk-0123-secret-key"
        let recorder = TestFiles.LogRecorder()
        var descriptions: [String] = []
        try await LoopbackServer.withServer(sdkKey: "another-key") { running in
            // The key also in the URL, where a careless description would show it.
            let url = running.eventsURL + "?k=\(key)"
            try await Self.withSink(url, sdkKey: key, logger: recorder.logger) { sink in
                let refused = await Self.failure(sink)
                #expect(refused?.statusCode == 401)
                descriptions += [String(describing: refused), String(reflecting: refused), "\(sink)"]
            }
            running.server.inject(.status(503), on: .events, times: 2)
            try await Self.withSink(url, sdkKey: key, logger: recorder.logger) { sink in
                descriptions.append(String(describing: await Self.failure(sink)))
            }
        }
        let port = try await LoopbackServer.freePort()
        let http = LoopbackServer.http(requestTimeout: .milliseconds(300))
        try await Self.withSink("http://127.0.0.1:\(port)/events?k=\(key)", sdkKey: key, http: http,
                                logger: recorder.logger) { sink in
            let down = await Self.failure(sink)
            #expect(down?.kind == .network)
            descriptions.append(String(describing: down))
        }
        #expect(descriptions.count == 5)
        #expect(descriptions.allSatisfy { !$0.contains(key) }, "\(descriptions)")
        #expect(descriptions.filter { $0.contains(Redactor.placeholder) }.count == 4, "\(descriptions)")
        #expect(!recorder.entries.isEmpty)
        #expect(!recorder.entries.contains { "\($0)".contains(key) })
    }

    @Test func invalidConfigurationIsRefused() async {
        let logger = TestFiles.quietLogger
        func refusal(_ endpoint: String, http: HTTPOptions = HTTPOptions(),
                     retryDelay: Duration = .seconds(1)) async -> ConfigurationError? {
            do {
                let sink = try HTTPEventSink(endpoint: endpoint, sdkKey: "k", http: http, retryDelay: retryDelay, logger: logger)
                await sink.shutdown()
                return nil
            } catch {
                return error
            }
        }
        #expect(await refusal("not a url") == .invalidURL("not a url"))
        #expect(await refusal("ftp://events.example.com/events") == .invalidURL("ftp://events.example.com/events"))
        #expect(await refusal("https://user:pw@events.example.com/events") == .invalidURL("https://user:pw@events.example.com/events"))
        #expect(await refusal("http://events.example.com/events") == .insecureURL("http://events.example.com/events"))
        #expect(await refusal("https://events.example.com/events", http: HTTPOptions(headers: ["authorization": "x"]))
                == .reservedHeader("authorization"))
        #expect(await refusal("https://events.example.com/events", http: HTTPOptions(requestTimeout: .zero))
                == .notPositive("the request timeout"))
        #expect(await refusal("https://events.example.com/events", retryDelay: .milliseconds(-1)) == .notPositive("the event retry delay"))
        // Allowed: https anywhere, http to loopback, http elsewhere when allowed, no delay at all.
        #expect(await refusal("https://events.example.com/events") == nil)
        #expect(await refusal("http://localhost:8080/events") == nil)
        #expect(await refusal("http://events.example.com/events", http: HTTPOptions(allowInsecureHTTP: true)) == nil)
        #expect(await refusal("https://events.example.com/events", retryDelay: .zero) == nil)
    }

    @Test(arguments: [
        ("gzip", true), ("GZIP", true), ("x-gzip", true), ("br, gzip;q=0.5", true), (" gzip ; q=1 ", true),
        ("gzip;q=0", false), ("gzip; q=0.0", false), ("identity", false), ("*", false), ("br, deflate", false), ("", false),
    ])
    func acceptEncodingIsReadAsRFC9110Says(value: String, accepts: Bool) {
        let values = value.split(separator: ",")
        #expect(ContentCodingNegotiation.acceptsGzip(values) == accepts)
    }

    @Test func theDescriptionNamesKindStatusAndAttempts() {
        let error = EventDeliveryError(kind: .httpStatus, statusCode: 500, attempts: 2, message: "POST https://e.example/events answered 500")
        #expect(error.description == "httpStatus: POST https://e.example/events answered 500 (2 attempts)")
    }
}
