import AsyncHTTPClient
import Logging
import NIOCore

/// Keeps an event stream open to a definitions service: a `put` replaces all definitions, a
/// `patch` or `delete` changes one item when its version is newer (what the events say is the
/// protocol's, `Events`). A dropped, refused or silent stream (nothing within the read-idle
/// timeout) is reopened with backoff; after `fallbackAfterFailures` consecutive failures the
/// source also polls, until a `put` arrives again. The read-idle timeout, the backoff and the
/// polling interval are measured on the client's clock.
package struct StreamingDataSource<Events: StreamEventHandler>: DataSource {
    package let url: ServiceURL
    package let pollingURL: ServiceURL
    package let http: HTTPOptions
    package let options: DataSourceConfiguration.StreamingOptions
    package let sdkKey: SDKKey?
    /// Reads the events; a copy runs with each ``run(_:)``.
    package let events: Events

    /// A source; `pollingURL` is polled while the stream is down.
    package init(url: ServiceURL, pollingURL: ServiceURL, http: HTTPOptions,
                 options: DataSourceConfiguration.StreamingOptions, sdkKey: SDKKey?, events: Events) {
        self.url = url
        self.pollingURL = pollingURL
        self.http = http
        self.options = options
        self.sdkKey = sdkKey
        self.events = events
    }

    /// Why a connection ended.
    private enum End {
        /// The source was cancelled.
        case cancelled
        /// The connection failed or closed.
        case failed(HTTPFailure)
        /// A `put` was rejected; the status already says why.
        case rejected
    }

    /// What carries over from one connection to the next.
    private struct Connection: Sendable {
        var failures = 0
        var lastEventID: String?
        var serverRetry: Duration?
        var fallback: Task<Void, Never>?
        var events: Events
        /// Whether a stream was ever opened: a 404 before that means a wrong URL.
        var opened = false
    }

    /// How one connection's reading ended.
    private enum Reading: Sendable {
        /// The reader returned, with the connection's state.
        case ended(End, Connection)
        /// Nothing arrived within the read-idle timeout.
        case idle
        /// The timer stopped without firing.
        case stopped
    }

    package func run(_ sink: DataSourceSink) async {
        // No read timeout of the HTTP client's: the read-idle timeout is the source's own, on the
        // client's clock (see `read`).
        let transport = DefinitionsTransport(options: http, sdkKey: sdkKey, readTimeout: .seconds(24 * 3600))
        var connection = Connection(events: events)
        loop: while !Task.isCancelled {
            let end = await stream(sink, transport, &connection)
            let wait: Duration
            switch end {
            case .cancelled:
                break loop
            case .failed(let failure) where failure.isUnauthorized:
                sink.logger.error("definitions stream refused; streaming stops", metadata: [
                    "url": "\(url)", "status": "\(failure.error.statusCode ?? 0)",
                ])
                sink.setState(.unauthorized, error: failure.error)
                break loop
            case .failed(let failure):
                connection.failures += 1
                // While polling stands in, the poller's results are the status.
                if connection.fallback == nil { sink.fail(failure.error) }
                wait = failure.retryAfter.map { min($0, http.maxRetryAfter) } ?? reconnectDelay(connection)
                let message = !connection.opened && failure.error.statusCode == 404
                    ? "nothing is served at \(url) (404 Not Found): check the URL" : "definitions stream failed"
                sink.logger.warning("\(message)", metadata: [
                    "url": "\(url)", "error": "\(transport.redact(failure.error.message))",
                    "failures": "\(connection.failures)", "retryIn": "\(wait)",
                ])
            case .rejected:
                connection.failures += 1
                wait = reconnectDelay(connection)
            }
            if connection.failures >= options.fallbackAfterFailures, connection.fallback == nil {
                sink.logger.warning("definitions stream down; polling until it is back", metadata: [
                    "url": "\(pollingURL)", "interval": "\(options.fallbackPollingInterval)",
                ])
                let poller = PollingDataSource(url: pollingURL, mode: .every(options.fallbackPollingInterval),
                                               http: http, sdkKey: sdkKey, payload: { [events] in events.pollingPayload($0) })
                connection.fallback = Task { await poller.run(sink) }
            }
            do { try await sink.clock.sleep(for: wait) } catch { break loop }
        }
        connection.fallback?.cancel()
        await connection.fallback?.value
        await transport.shutdown()
    }

    /// HTTPOptions.Backoff, but never sooner than the server's `retry` asked.
    private func reconnectDelay(_ connection: Connection) -> Duration {
        let delay = http.backoff.delay(afterFailures: connection.failures)
        guard let serverRetry = connection.serverRetry else { return delay }
        return min(max(delay, serverRetry), http.maxRetryAfter)
    }

    private func stream(_ sink: DataSourceSink, _ transport: DefinitionsTransport,
                        _ connection: inout Connection) async -> End {
        let body: HTTPClientResponse.Body
        do {
            body = try await transport.openStream(url, lastEventID: connection.lastEventID)
        } catch {
            return Task.isCancelled ? .cancelled : .failed(error)
        }
        connection.opened = true
        // The body is read in a task of its own so that the read-idle timer can stop it without
        // stopping the source.
        let (expiries, expiry) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        var ended: (end: End, connection: Connection)?
        var idle = false
        await withTaskGroup(of: Reading.self) { group in
            group.addTask { [connection] in
                var connection = connection
                let end = await read(body, sink, transport, &connection, expiry: expiry)
                expiry.finish()
                return .ended(end, connection)
            }
            group.addTask {
                for await _ in expiries { return .idle }
                return .stopped
            }
            for await reading in group {
                switch reading {
                case .ended(let end, let state):
                    ended = (end, state)
                    group.cancelAll()
                case .idle:
                    idle = true
                    group.cancelAll()
                case .stopped:
                    break
                }
            }
        }
        // The reader always returns.
        guard let ended else { return .cancelled }
        connection = ended.connection
        if idle, case .cancelled = ended.end, !Task.isCancelled {
            return .failed(HTTPFailure(DataSourceError(kind: .network,
                                                       message: transport.redact("GET \(url): no data within the read timeout"))))
        }
        return ended.end
    }

    /// Reads the stream's events until it ends, with the read-idle timer armed while waiting for
    /// data: when nothing arrives within the timeout of the client's clock, `expiry` is told.
    private func read(_ body: HTTPClientResponse.Body, _ sink: DataSourceSink, _ transport: DefinitionsTransport,
                      _ connection: inout Connection, expiry: AsyncStream<Void>.Continuation) async -> End {
        let clock = sink.clock
        let timeout = options.readIdleTimeout
        func arm() -> Task<Void, Never> {
            Task {
                guard (try? await clock.sleep(for: timeout)) != nil else { return }
                expiry.yield()
            }
        }
        var timer = arm()
        defer { timer.cancel() }
        var parser = ServerSentEventParser(maxEventBytes: http.maxBodyBytes)
        do {
            for try await chunk in body {
                // Disarmed while the chunk is handled (a large document can take a while to
                // compile): the timeout is for the server's silence only.
                timer.cancel()
                let events = try parser.parse(chunk.readableBytesView)
                connection.serverRetry = parser.retry ?? connection.serverRetry
                connection.lastEventID = parser.lastEventID ?? connection.lastEventID
                for event in events {
                    if let end = await handle(event, sink, &connection) { return end }
                }
                timer = arm()
            }
        } catch let error as ServerSentEventParser.EventTooLarge {
            return .failed(HTTPFailure(DataSourceError(kind: .tooLarge,
                                                       message: "GET \(url): an event exceeds \(error.limit) bytes")))
        } catch {
            return Task.isCancelled ? .cancelled : .failed(transport.networkFailure(error, url: url))
        }
        if Task.isCancelled { return .cancelled }
        return .failed(HTTPFailure(DataSourceError(kind: .network, message: "GET \(url): the server ended the stream")))
    }

    /// Applies one event; an end when the connection must be dropped.
    private func handle(_ event: ServerSentEvent, _ sink: DataSourceSink, _ connection: inout Connection) async -> End? {
        switch await connection.events.handle(event, sink: sink) {
        case .replaced:
            let wasDown = connection.failures > 0 || connection.fallback != nil
            connection.failures = 0
            if let fallback = connection.fallback {
                // Awaited, so that no poll starts or lands after the stream is said to be back.
                fallback.cancel()
                await fallback.value
                connection.fallback = nil
            }
            if wasDown {
                sink.logger.info("definitions stream is back", metadata: ["url": "\(url)"])
            }
        case .rejected:
            return .rejected
        case .handled:
            break
        case .invalid(let error):
            // Out of step with the server now: a new connection starts with a whole document.
            return .failed(HTTPFailure(error))
        }
        return nil
    }
}
