import Burgee
import BurgeeCore
import BurgeeServer
import Logging
import Synchronization
import Testing

/// The project's own definitions server on a free loopback port, for the network source tests.
enum LoopbackServer {
    /// Starts a server for `json`; stop it with `stop()` (``withServer(_:sdkKey:configure:_:)`` does).
    static func start(_ json: String, sdkKey: String? = nil, port: Int = 0,
                      configure: (inout DefinitionsServerConfiguration) -> Void = { _ in }) async throws -> RunningDefinitionsServer {
        var configuration = DefinitionsServerConfiguration(port: port, sdkKey: sdkKey, heartbeatInterval: .milliseconds(200))
        configure(&configuration)
        return try await DefinitionsServer.start(configuration: configuration, definitions: .json(Array(json.utf8)),
                                                 logger: TestClients.quietLogger)
    }

    /// Runs `body` with a started server and stops the server afterwards, also when `body` throws.
    static func withServer<R>(_ json: String = TestFiles.definitions(version: 1, flag: "flag", serves: "on"),
                              sdkKey: String? = nil,
                              configure: (inout DefinitionsServerConfiguration) -> Void = { _ in },
                              _ body: (RunningDefinitionsServer) async throws -> R) async throws -> R {
        let running = try await start(json, sdkKey: sdkKey, configure: configure)
        do {
            let result = try await body(running)
            await running.stop()
            return result
        } catch {
            await running.stop()
            throw error
        }
    }

    /// A port nothing listens on (one a server just released).
    static func freePort() async throws -> Int {
        let running = try await start(TestFiles.definitions())
        await running.stop()
        return running.port
    }

    /// Quick retries so that fault tests finish fast: 50 ms doubling to 400 ms, half jitter.
    static let backoff = HTTPOptions.Backoff(initial: .milliseconds(50), maximum: .milliseconds(400), jitter: 0.5)

    /// Short timeouts and the quick backoff.
    /// Timeouts are generous: a loaded machine must not turn a slow answer into a retry that a
    /// test then counts. Tests of timeouts give their own.
    static func http(requestTimeout: Duration = .seconds(10), maxBodyBytes: Int = HTTPOptions.defaultMaxBodyBytes,
                     headers: [String: String] = [:]) -> HTTPOptions {
        HTTPOptions(headers: headers, connectTimeout: .seconds(10), requestTimeout: requestTimeout,
                    maxBodyBytes: maxBodyBytes, backoff: backoff)
    }

    /// Starts `client` and waits until it is ready from its source; throws, naming the error,
    /// when the source fails first.
    static func ready(_ client: BurgeeClient) async throws {
        let events = client.events()
        client.start()
        let event = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
        guard case .ready(.dataSource)? = event else { throw Failure("not ready from the source: \(String(describing: event))") }
    }
}

extension RunningDefinitionsServer {
    /// The requests to `path` logged so far.
    func requests(to path: String) -> [RequestRecord] {
        server.requestLog.filter { $0.path == path }
    }

    /// Waits (bounded) until the first `count` requests to `path` were answered, and returns the
    /// requests logged so far.
    ///
    /// A request is logged as it arrives and its status when it is answered: a poller's next
    /// request can be in the log, unanswered, at any moment, so counting arrivals is not enough.
    func requests(to path: String, atLeast count: Int) async throws -> [RequestRecord] {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let seen = requests(to: path)
            if seen.count >= count, seen.prefix(count).allSatisfy({ $0.status != nil }) { return seen }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure("fewer than \(count) answered requests to \(path): \(requests(to: path).map(\.status))")
    }

    /// Replaces the served definitions (as a file change would).
    func update(_ json: String) throws {
        try server.update(definitions: Array(json.utf8))
    }

    var definitionsURL: String { baseURL + "/definitions" }
    var streamURL: String { baseURL + "/stream" }
    var eventsURL: String { baseURL + "/events" }
}

/// Answers the first request to `endpoint` with `status` and `Retry-After: 1`, readies a client
/// made by `makeClient`, and checks from the request log that the retry waited about a second
/// (the test backoff alone would retry within 50 ms).
func expectRetryAfterHonoured(status: Int, on endpoint: DefinitionsServer.Endpoint, path: String,
                              _ makeClient: (RunningDefinitionsServer) -> BurgeeClient.Configuration) async throws {
    try await LoopbackServer.withServer { running in
        running.server.inject(.status(status, headers: ["Retry-After": "1"]), on: endpoint)
        try await TestFiles.withClient(makeClient(running)) { client in
            client.start()
            let ready = await client.waitUntilReady(timeout: .seconds(30))
            #expect(ready)
            let requests = running.requests(to: path)
            #expect(requests.first?.status == status)
            guard requests.count >= 2 else { Issue.record("no retry"); return }
            let gap = requests[1].time - requests[0].time
            #expect(gap >= .milliseconds(990), "\(gap)")
        }
    }
}

/// Checks that the gaps between consecutive failing requests respect the backoff: none shorter
/// than the jittered floor for its failure count. Only the floor: a loaded machine can make any
/// gap longer, and the ceilings are `Backoff`'s own unit tests' to check, without a clock.
func backoffViolations(_ times: [ContinuousClock.Instant], _ backoff: HTTPOptions.Backoff) -> [String] {
    var violations: [String] = []
    for (index, pair) in zip(times, times.dropFirst()).enumerated() {
        let gap = pair.1 - pair.0
        let floor = backoff.ceiling(afterFailures: index + 1) * (1 - backoff.jitter)
        // A millisecond of slack for clock reads on either side.
        if gap < floor - .milliseconds(1) {
            violations.append("gap \(index + 1): \(gap) shorter than \(floor)")
        }
    }
    return violations
}
