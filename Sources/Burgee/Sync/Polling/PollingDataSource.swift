import Logging

/// Polls a definitions URL with `If-None-Match`: a 304 costs no parsing; failures are retried
/// with backoff (or after `Retry-After`); 401/403 stop the source as `unauthorized`.
struct PollingDataSource: DataSource {
    /// Poll for ever, or only until the first document is applied.
    enum Mode: Sendable {
        case every(Duration)
        case once
    }

    let url: ServiceURL
    let mode: Mode
    let http: HTTPOptions
    let sdkKey: SDKKey?
    /// How a body is delivered: by default as JSON of the format its shape shows.
    var payload: @Sendable ([UInt8]) -> DefinitionsPayload = { .json($0) }

    func run(_ sink: DataSourceSink) async {
        let transport = DefinitionsTransport(options: http, sdkKey: sdkKey, readTimeout: http.requestTimeout)
        await poll(sink, transport)
        await transport.shutdown()
    }

    private func poll(_ sink: DataSourceSink, _ transport: DefinitionsTransport) async {
        let logger = sink.logger
        var etag: String?
        var failures = 0
        while !Task.isCancelled {
            let wait: Duration
            switch await transport.fetchDefinitions(url, etag: etag) {
            case .notModified:
                failures = 0
                sink.confirmValid()
                wait = interval
            case .modified(let body, let newETag):
                if await sink.apply(payload(body)) {
                    etag = newETag
                    failures = 0
                    if case .once = mode {
                        logger.debug("fetched definitions once; the source stops", metadata: ["url": "\(url)"])
                        return
                    }
                    wait = interval
                } else {
                    failures += 1
                    wait = http.backoff.delay(afterFailures: failures)
                }
            case .failed(let failure):
                // Stopped, not failed: a cancelled request says nothing about the server.
                if Task.isCancelled { return }
                if failure.isUnauthorized {
                    logger.error("definitions request refused; polling stops", metadata: [
                        "url": "\(url)", "status": "\(failure.error.statusCode ?? 0)",
                    ])
                    sink.setState(.unauthorized, error: failure.error)
                    return
                }
                failures += 1
                sink.fail(failure.error)
                wait = failure.retryAfter.map { min($0, http.maxRetryAfter) } ?? http.backoff.delay(afterFailures: failures)
                logger.warning("definitions request failed", metadata: [
                    "error": "\(transport.redact(failure.error.message))", "failures": "\(failures)", "retryIn": "\(wait)",
                ])
            }
            do { try await Task.sleep(for: wait) } catch { return }
        }
    }

    private var interval: Duration {
        switch mode {
        case .every(let interval): interval
        case .once: .zero
        }
    }
}
