import Logging

/// The poll-and-back-off loop of every polling source (`PollingDataSource`, which also polls for
/// LaunchDarkly and while a stream is down, and `UnleashDataSource`): GET the document with
/// `If-None-Match` (a 304 costs no parsing), hand a new one to the sink, wait as ``Pacing`` says
/// (on the client's clock), and repeat until cancelled. 401 and 403 stop it as `unauthorized`.
///
/// A failure is logged at warning level with the URL; a 404 before any answer says that nothing is
/// served at that URL, the usual sign of a wrong base URL.
package struct PollLoop {
    /// How long to wait before the next request.
    package enum Pacing {
        /// The interval after a success; after consecutive failures, the server's `Retry-After`
        /// if it sent one, else the backoff's delay.
        case backoff(interval: Duration, HTTPOptions.Backoff)
        /// One more interval per consecutive failure, at most 10 intervals, and at least a
        /// `Retry-After` (as Unleash's own SDKs wait).
        case stretchedInterval(Duration)

        /// The wait after `failures` consecutive failures (0: after a success), `retryAfter` the
        /// server's, already capped.
        package func wait(afterFailures failures: Int, retryAfter: Duration?) -> Duration {
            switch self {
            case .backoff(let interval, let backoff):
                guard failures > 0 else { return interval }
                return retryAfter ?? backoff.delay(afterFailures: failures)
            case .stretchedInterval(let interval):
                return max(interval * min(failures + 1, 10), retryAfter ?? .zero)
            }
        }
    }

    package let url: ServiceURL
    package let pacing: Pacing
    /// The longest `Retry-After` obeyed.
    package let maxRetryAfter: Duration
    /// Stop once a document is applied (a fetch-once source).
    package let once: Bool
    /// How a body is delivered to the sink.
    package let payload: @Sendable ([UInt8]) -> DefinitionsPayload
    /// The warning for a failed request ("definitions request failed").
    package let failedMessage: String
    /// The error logged when 401 or 403 stops polling.
    package let refusedMessage: String

    /// A loop; the messages name what is polled (as "definitions request failed").
    package init(url: ServiceURL, pacing: Pacing, maxRetryAfter: Duration, once: Bool,
                 payload: @escaping @Sendable ([UInt8]) -> DefinitionsPayload, failedMessage: String, refusedMessage: String) {
        self.url = url
        self.pacing = pacing
        self.maxRetryAfter = maxRetryAfter
        self.once = once
        self.payload = payload
        self.failedMessage = failedMessage
        self.refusedMessage = refusedMessage
    }

    package func run(_ sink: DataSourceSink, _ transport: DefinitionsTransport) async {
        let logger = sink.logger
        var etag: String?
        var failures = 0
        var answered = false
        while !Task.isCancelled {
            // Set by a failed request, which logs it; else the wait after a success or a refused document.
            var delay: Duration?
            switch await transport.fetchDefinitions(url, etag: etag) {
            case .notModified:
                answered = true
                failures = 0
                sink.confirmValid()
            case .modified(let body, let newETag):
                answered = true
                if await sink.apply(payload(body)) {
                    etag = newETag
                    failures = 0
                    if once {
                        logger.debug("fetched definitions once; the source stops", metadata: ["url": "\(url)"])
                        return
                    }
                } else {
                    failures += 1
                }
            case .failed(let failure):
                // Stopped, not failed: a cancelled request says nothing about the server.
                if Task.isCancelled { return }
                if failure.isUnauthorized {
                    logger.error("\(refusedMessage)", metadata: [
                        "url": "\(url)", "status": "\(failure.error.statusCode ?? 0)",
                    ])
                    sink.setState(.unauthorized, error: failure.error)
                    return
                }
                failures += 1
                sink.fail(failure.error)
                let pause = pacing.wait(afterFailures: failures, retryAfter: failure.retryAfter.map { min($0, maxRetryAfter) })
                delay = pause
                let message = !answered && failure.error.statusCode == 404
                    ? "nothing is served at \(url) (404 Not Found): check the URL" : failedMessage
                logger.warning("\(message)", metadata: [
                    "url": "\(url)", "error": "\(transport.redact(failure.error.message))", "failures": "\(failures)",
                    "retryIn": "\(pause)",
                ])
            }
            do { try await sink.clock.sleep(for: delay ?? pacing.wait(afterFailures: failures, retryAfter: nil)) } catch { return }
        }
    }
}
