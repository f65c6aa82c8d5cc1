import AsyncHTTPClient
import Burgee
import BurgeeCore
import Logging

/// Keeps a connection to Split's streaming service and tells the sync loop what it hears: `GET
/// {auth}/v2/auth?s=1.3` with the SDK key for a token (401 and 403 stop the whole source; no push
/// offered means polling only), then `GET {streaming}/event-stream?v=1.1&accessToken=…&channels=…`
/// until the stream fails, goes silent for the idle timeout, or the token is due for renewal.
/// Failures are retried with the backoff of ``HTTPOptions``, the loop polling meanwhile; an Ably
/// error 40140…40149 reconnects, another 4xxxx or `STREAMING_DISABLED` leaves the loop polling
/// for good, as Split's SDKs do.
struct SplitPushClient: Sendable {
    let authURL: ServiceURL
    /// The streaming service's base URL, without a trailing slash.
    let streamingBase: String
    let options: SplitStreaming
    let http: HTTPOptions

    /// Why a connection ended.
    private enum End {
        /// The token is due for renewal: reconnect at once, without polling meanwhile.
        case refresh
        /// Failed: poll, back off, reconnect.
        case failed(DataSourceError)
        /// Streaming is off for good.
        case disabled(String)
    }

    /// Runs until cancelled or streaming is off; `send` hands requests to the sync loop.
    /// `authTransport` carries the SDK key; `streamTransport` none (the token is in the URL).
    func run(authTransport: DefinitionsTransport, streamTransport: DefinitionsTransport, sink: DataSourceSink,
             send: @escaping @Sendable (SplitSyncRequest) -> Void) async {
        let logger = sink.logger
        var failures = 0
        while !Task.isCancelled {
            let failure: DataSourceError
            switch await authTransport.fetchDefinitions(authURL, etag: nil) {
            case .failed(let refused) where refused.isUnauthorized:
                if Task.isCancelled { return }
                logger.error("Split's auth service refused the SDK key; the source stops", metadata: ["url": "\(authURL)"])
                send(.refused(refused.error))
                return
            case .failed(let other):
                failure = other.error
            case .notModified:
                failure = DataSourceError(kind: .invalidData, message: "GET \(authURL) answered 304")
            case .modified(let body, _):
                let token: SplitAuthToken?
                do { token = try SplitAuthToken.read(body, limits: sink.limits) } catch {
                    failure = DataSourceError(kind: .invalidData, message: "GET \(authURL): \(error.reason)")
                    break
                }
                guard let token else {
                    logger.info("Split does not offer push for this SDK key; polling only", metadata: ["url": "\(authURL)"])
                    send(.streaming(.off))
                    return
                }
                switch await stream(token, streamTransport, sink, send, failures: &failures) {
                case .refresh:
                    logger.debug("renewing the Split streaming token")
                    continue
                case .disabled(let why):
                    logger.warning("Split streaming is off; polling only", metadata: ["reason": "\(why)"])
                    send(.streaming(.off))
                    return
                case .failed(let error):
                    failure = error
                }
            }
            if Task.isCancelled { return }
            failures += 1
            send(.streaming(.down))
            let wait = http.backoff.delay(afterFailures: failures)
            logger.warning("Split streaming failed; polling until it is back", metadata: [
                "error": "\(authTransport.redact(failure.message))", "failures": "\(failures)", "retryIn": "\(wait)",
            ])
            do { try await sink.clock.sleep(for: wait) } catch { return }
        }
    }

    /// One connection with `token`: reads events until it ends.
    private func stream(_ token: SplitAuthToken, _ transport: DefinitionsTransport, _ sink: DataSourceSink,
                        _ send: @escaping @Sendable (SplitSyncRequest) -> Void, failures: inout Int) async -> End {
        // The token stands for the key until it expires: it stays out of logs and statuses.
        let redact: @Sendable (String) -> String = { [secret = token.token] text in text.replacing(secret, with: "[token]") }
        let url: ServiceURL
        do {
            url = try ServiceURL(streamingBase + "/event-stream?v=1.1&accessToken=" + token.token + "&channels=" + token.channelsQuery,
                                 allowInsecureHTTP: http.allowInsecureHTTP)
        } catch {
            return .failed(DataSourceError(kind: .invalidData, message: "the streaming URL is invalid: \(redact("\(error)"))"))
        }
        let body: HTTPClientResponse.Body
        do { body = try await transport.openStream(url, lastEventID: nil) } catch {
            return .failed(DataSourceError(kind: error.error.kind, message: redact(error.error.message), statusCode: error.error.statusCode))
        }
        failures = 0
        send(.streaming(.up))
        sink.logger.debug("Split stream open", metadata: ["url": "\(streamingBase)/event-stream"])
        let refreshDelay = token.refreshDelay(now: sink.clock.wallMilliseconds() / 1000, margin: options.tokenRefreshMargin)
        let clock = sink.clock
        let limits = sink.limits
        let logger = sink.logger
        let maxEventBytes = http.maxBodyBytes
        return await withTaskGroup(of: End?.self) { group in
            group.addTask {
                do { try await clock.sleep(for: refreshDelay) } catch { return nil }
                return .refresh
            }
            group.addTask {
                var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
                var status = SplitPushStatus()
                do {
                    for try await chunk in body {
                        for event in try parser.parse(Array(chunk.readableBytesView)) {
                            if let end = Self.handle(event, &status, limits, logger, send) { return end }
                        }
                    }
                } catch {
                    if Task.isCancelled { return nil }
                    return .failed(DataSourceError(kind: .network, message: redact(transport.networkFailure(error, url: url).error.message)))
                }
                if Task.isCancelled { return nil }
                return .failed(DataSourceError(kind: .network, message: "the Split streaming service ended the stream"))
            }
            let end = await group.next() ?? nil
            group.cancelAll()
            return end ?? .failed(DataSourceError(kind: .network, message: "the Split stream ended"))
        }
    }

    /// Reads one event; an end when the connection must close.
    private static func handle(_ event: ServerSentEvent, _ status: inout SplitPushStatus, _ limits: JSONLimits, _ logger: Logger,
                               _ send: @Sendable (SplitSyncRequest) -> Void) -> End? {
        let transition: SplitPushStatus.Transition?
        switch Result(catching: { () throws(SplitAnswerError) in try SplitPushEvent.read(event, limits: limits) }) {
        case .failure(let error):
            logger.warning("skipping a Split streaming message that cannot be read", metadata: ["reason": "\(error.reason)"])
            return nil
        case .success(.notification(let notification)):
            send(.notification(notification))
            return nil
        case .success(.control(let control, let timestamp)):
            transition = status.control(control, timestamp: timestamp)
        case .success(.occupancy(let channel, let publishers, let timestamp)):
            transition = status.occupancy(channel: channel, publishers: publishers, timestamp: timestamp)
        case .success(.error(let code, let statusCode, let message)):
            let what = "Ably error \(code) (\(statusCode.map(String.init) ?? "no status")): \(message)"
            if (40140...40149).contains(code) {
                return .failed(DataSourceError(kind: .network, message: what, statusCode: statusCode))
            }
            if (40000...49999).contains(code) { return .disabled(what) }
            logger.debug("ignoring a Split streaming error", metadata: ["error": "\(what)"])
            return nil
        }
        switch transition {
        case .up?: send(.streaming(.up))
        case .down?: send(.streaming(.down))
        case .disabled?: return .disabled("STREAMING_DISABLED")
        case nil: break
        }
        return nil
    }
}
