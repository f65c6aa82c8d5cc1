import Burgee
import BurgeeCore
import Logging
import Synchronization

/// Syncs a site's configuration as Kameleoon's server SDKs do: `GET {config}/v3/<site>[?environment=…]`
/// with `If-Modified-Since` every refresh interval, and, while the configuration says
/// `realTimeUpdate`, a Server-Sent Events stream (`GET {events}/sse?siteCode=…`) whose
/// `configuration-update-event`s fetch at once with their `ts` (polling then skips its fetches).
///
/// As in Kameleoon's SDKs, a 403 from the configuration endpoint is an answer, not a failure:
/// the site has no configuration for this SDK, and the client becomes ready with no flags. A 401
/// stops the source; other failures retry with the client's backoff; a configuration that fails
/// to read keeps the last good flags.
struct KameleoonDataSource: DataSource {
    /// What wakes the loop.
    enum Wake: Sendable {
        case poll
        case update(timestamp: Int64?)
    }

    let connection: KameleoonConnection

    /// The document a 403 stands for: a site with no flags.
    static let empty = #"{"featureFlags": [], "configuration": {}}"#

    func run(_ sink: DataSourceSink) async {
        var http = connection.http
        http.headers["X-Kameleoon-SDK-Type"] = KameleoonConnection.sdkName
        http.headers["X-Kameleoon-SDK-Version"] = SDKVersion.version
        let transport = DefinitionsTransport(options: http, sdkKey: nil, readTimeout: http.requestTimeout)
        await sync(sink, http: http, transport: transport)
        await transport.shutdown()
    }

    /// The loop of ``run(_:)``, until cancelled or refused.
    private func sync(_ sink: DataSourceSink, http: HTTPOptions, transport: DefinitionsTransport) async {
        let (wakes, continuation) = AsyncStream<Wake>.makeStream()
        let streamConnected = KameleoonStreamState()
        var realTime: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var lastModified: String?
        var failures = 0
        var pending: Wake? = .poll
        defer {
            continuation.finish()
            realTime?.cancel()
            timer?.cancel()
        }
        var iterator = wakes.makeAsyncIterator()
        while !Task.isCancelled {
            let wake: Wake
            if let next = pending {
                wake = next
                pending = nil
            } else {
                guard let next = await withTaskCancellationHandler(operation: { await iterator.next() },
                                                                  onCancel: { continuation.finish() }) else { break }
                wake = next
            }
            var timestamp: Int64?
            switch wake {
            case .poll:
                // While the stream is up, Kameleoon's SDKs leave fetching to its notifications.
                if streamConnected.value.load(ordering: .relaxed) && failures == 0 {
                    timer = schedule(connection.refreshInterval, continuation, sink.clock)
                    continue
                }
            case .update(let ts):
                timestamp = ts
            }
            guard let url = try? connection.configurationURL(timestamp: timestamp) else { return }
            var headers: [(String, String)] = []
            if let lastModified { headers.append(("If-Modified-Since", lastModified)) }
            var realTimeUpdate: Bool?
            var delay = connection.refreshInterval
            switch await transport.request("GET", url, headers: headers) {
            case .success(let answer) where answer.status == 304:
                failures = 0
                sink.confirmValid()
            case .success(let answer) where answer.status == 200 || answer.status == 403:
                let body = answer.status == 403 ? Array(Self.empty.utf8) : answer.body
                if answer.status == 403 {
                    sink.logger.warning("Kameleoon has no configuration for this site and SDK (403): serving no flags",
                                        metadata: ["url": "\(url)"])
                }
                if await sink.apply(.json(body, format: .kameleoon)) {
                    failures = 0
                    lastModified = answer.status == 200 ? answer.header("Last-Modified") : nil
                    realTimeUpdate = Self.realTimeUpdate(in: body)
                } else {
                    failures += 1
                    delay = Self.retryDelay(http, failures, nil)
                }
            case .success(let answer):
                if Task.isCancelled { return }
                if answer.status == 401 {
                    sink.logger.error("Kameleoon refused the configuration request", metadata: ["url": "\(url)", "status": "401"])
                    sink.setState(.unauthorized, error: answer.failure.error)
                    return
                }
                failures += 1
                sink.fail(answer.failure.error)
                delay = Self.retryDelay(http, failures, answer.failure.retryAfter)
                sink.logger.warning("Kameleoon configuration request failed",
                                    metadata: ["url": "\(url)", "status": "\(answer.status)", "retryIn": "\(delay)"])
            case .failure(let failure):
                if Task.isCancelled { return }
                failures += 1
                sink.fail(failure.error)
                delay = Self.retryDelay(http, failures, nil)
                sink.logger.warning("Kameleoon configuration request failed",
                                    metadata: ["url": "\(url)", "error": "\(failure.error.message)", "retryIn": "\(delay)"])
            }
            if let realTimeUpdate {
                if realTimeUpdate, realTime == nil, let streamURL = try? connection.realTimeURL() {
                    let stream = KameleoonRealTimeStream(url: streamURL, http: http, logger: sink.logger, clock: sink.clock)
                    realTime = Task { await stream.run(connected: streamConnected, continuation) }
                } else if !realTimeUpdate, let task = realTime {
                    task.cancel()
                    realTime = nil
                    streamConnected.value.store(false, ordering: .relaxed)
                }
            }
            timer?.cancel()
            timer = schedule(delay, continuation, sink.clock)
        }
    }

    /// The wait after `failures` failures in a row: the backoff, or longer when the service asked
    /// with `Retry-After` (capped).
    static func retryDelay(_ http: HTTPOptions, _ failures: Int, _ retryAfter: Duration?) -> Duration {
        max(http.backoff.delay(afterFailures: failures), retryAfter.map { min($0, http.maxRetryAfter) } ?? .zero)
    }

    /// A poll after `delay` of `clock`.
    private func schedule(_ delay: Duration, _ continuation: AsyncStream<Wake>.Continuation, _ clock: ClientClock)
        -> Task<Void, Never>
    {
        Task {
            guard (try? await clock.sleep(for: delay)) != nil else { return }
            continuation.yield(.poll)
        }
    }

    /// `configuration.realTimeUpdate` of a configuration document.
    static func realTimeUpdate(in body: [UInt8]) -> Bool {
        guard let json = try? JSONValue(parsing: body) else { return false }
        return json.objectValue?["configuration"]?.objectValue?["realTimeUpdate"]?.boolValue ?? false
    }
}
