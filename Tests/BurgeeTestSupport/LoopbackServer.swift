import Burgee
import BurgeeCore
import BurgeeServer
import Logging
import Synchronization

/// The project's own definitions server on a free loopback port, for the network source tests.
package enum LoopbackServer {
    /// Starts a server for `json`; stop it with `stop()` (``withServer(_:sdkKey:configure:_:)`` does).
    package static func start(_ json: String, sdkKey: String? = nil, port: Int = 0,
                              configure: (inout DefinitionsServerConfiguration) -> Void = { _ in }) async throws -> RunningDefinitionsServer {
        var configuration = DefinitionsServerConfiguration(port: port, sdkKey: sdkKey, heartbeatInterval: .milliseconds(200))
        configure(&configuration)
        return try await DefinitionsServer.start(configuration: configuration, definitions: .json(Array(json.utf8)),
                                                 logger: TestClients.quietLogger)
    }

    /// Runs `body` with a started server and stops the server afterwards, also when `body` throws.
    package static func withServer<R>(_ json: String = TestFiles.definitions(version: 1, flag: "flag", serves: "on"),
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
    package static func freePort() async throws -> Int {
        let running = try await start(TestFiles.definitions())
        await running.stop()
        return running.port
    }

    /// Quick retries so that fault tests finish fast: 50 ms doubling to 400 ms, half jitter.
    package static let backoff = HTTPOptions.Backoff(initial: .milliseconds(50), maximum: .milliseconds(400), jitter: 0.5)

    /// Short timeouts and the quick backoff.
    /// Timeouts are generous: a loaded machine must not turn a slow answer into a retry that a
    /// test then counts. Tests of timeouts give their own.
    package static func http(requestTimeout: Duration = .seconds(10), maxBodyBytes: Int = HTTPOptions.defaultMaxBodyBytes,
                             headers: [String: String] = [:]) -> HTTPOptions {
        HTTPOptions(headers: headers, connectTimeout: .seconds(10), requestTimeout: requestTimeout,
                    maxBodyBytes: maxBodyBytes, backoff: backoff)
    }

    /// Starts `client` and waits until it is ready from its source; throws, naming the error,
    /// when the source fails first.
    package static func ready(_ client: BurgeeClient) async throws {
        let events = client.events()
        client.start()
        let event = await TestFiles.nextEvent(events, where: TestFiles.isReadyOrFailure)
        guard case .ready(.dataSource)? = event else { throw Failure("not ready from the source: \(String(describing: event))") }
    }
}

extension RunningDefinitionsServer {
    /// The requests to `path` logged so far.
    package func requests(to path: String) -> [RequestRecord] {
        server.requestLog.filter { $0.path == path }
    }

    /// Waits (bounded) until the first `count` requests to `path` were answered, and returns the
    /// requests logged so far.
    ///
    /// A request is logged as it arrives and its status when it is answered: a poller's next
    /// request can be in the log, unanswered, at any moment, so counting arrivals is not enough.
    package func requests(to path: String, atLeast count: Int) async throws -> [RequestRecord] {
        let deadline = ContinuousClock.now + .seconds(30)
        while ContinuousClock.now < deadline {
            let seen = requests(to: path)
            if seen.count >= count, seen.prefix(count).allSatisfy({ $0.status != nil }) { return seen }
            // A bounded wait: polls the log until the deadline.
            try await Task.sleep(for: .milliseconds(10))
        }
        throw Failure("fewer than \(count) answered requests to \(path): \(requests(to: path).map(\.status))")
    }

    /// Replaces the served definitions (as a file change would).
    package func update(_ json: String) throws {
        try server.update(definitions: Array(json.utf8))
    }

    package var definitionsURL: String { baseURL + "/definitions" }
    package var streamURL: String { baseURL + "/stream" }
    package var eventsURL: String { baseURL + "/events" }
}

/// Checks that the gaps between consecutive failing requests respect the backoff: none shorter
/// than the jittered floor for its failure count. Only the floor: a loaded machine can make any
/// gap longer, and the ceilings are `Backoff`'s own unit tests' to check, without a clock.
package func backoffViolations(_ times: [ContinuousClock.Instant], _ backoff: HTTPOptions.Backoff) -> [String] {
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
