import Burgee
import BurgeeServer
import Logging

/// Sends the posts a relaying server accepted on to the upstream, one at a time in arrival order:
/// each to the forwarding base followed by its path (as the format maps it), with the client's
/// headers and the relay's credential in place of the client's where the format says so. Failures
/// without an answer, 408, 429 and 5xx are tried again (``RelayForwarding``); other refusals drop
/// the post. Every post is counted once as sent or dropped (``stats``).
final class HTTPPostForwarder: PostForwarder {
    private let upstream: RelayUpstream
    private let format: any UpstreamProtocol.Type
    private let settings: RelayForwarding
    private let clock: any Clock<Duration>
    private let logger: Logger
    private let posts: AsyncStream<ForwardedPost>
    private let arrivals: AsyncStream<ForwardedPost>.Continuation
    private let counts = Locked(ForwardingStats())

    init(upstream: RelayUpstream, format: any UpstreamProtocol.Type, settings: RelayForwarding,
         clock: any Clock<Duration>, logger: Logger) {
        self.upstream = upstream
        self.format = format
        self.settings = settings
        self.clock = clock
        self.logger = logger
        (posts, arrivals) = AsyncStream.makeStream(bufferingPolicy: .bufferingOldest(max(settings.capacity, 1)))
    }

    /// Totals so far.
    var stats: ForwardingStats { counts.withLock { $0 } }

    func forward(_ post: ForwardedPost) {
        counts.withLock { $0.received += 1 }
        switch arrivals.yield(post) {
        case .enqueued:
            break
        case .dropped:
            counts.withLock { c in
                c.dropped += 1
                c.overflowed += 1
            }
            logger.warning("dropped a post: the forwarding queue is full", metadata: ["path": "\(post.path)"])
        case .terminated:
            // After finish(): the relay is stopping, its server already closed.
            drop(post, because: "the relay stopped")
        @unknown default:
            drop(post, because: "the forwarding queue refused it")
        }
    }

    /// Sends posts until ``finish()`` is called and every post queued before it was sent or
    /// dropped, or until cancelled (what is left is then counted as dropped).
    func run() async {
        let transport = DefinitionsTransport(options: upstream.http, sdkKey: nil, readTimeout: .seconds(30))
        for await post in posts {
            if Task.isCancelled { break }
            await send(post, with: transport)
        }
        await transport.shutdown()
        counts.withLock { c in c.dropped += c.pending }
    }

    /// Takes no more posts; ``run()`` ends once those queued are handled.
    func finish() {
        arrivals.finish()
    }

    private func send(_ post: ForwardedPost, with transport: DefinitionsTransport) async {
        let path = format.upstreamPath(post.path)
        let url: ServiceURL
        do {
            let base = upstream.eventsURL == nil ? format.vendorEventsBase(for: upstream) ?? upstream.forwardingBase : upstream.forwardingBase
            url = try ServiceURL(base + path, allowInsecureHTTP: upstream.http.allowInsecureHTTP)
        } catch {
            drop(post, because: "the upstream URL cannot be used: \(error)")
            return
        }
        var headers = post.headers.map { ($0.name, $0.value) }
        if let key = upstream.key {
            for credential in format.credentialHeaders(key: key, path: path) {
                headers.removeAll { $0.0.lowercased() == credential.name.lowercased() }
                headers.append((credential.name, credential.value))
            }
        }
        var delay = settings.retryDelay
        for attempt in 1...max(settings.maxAttempts, 1) {
            let retryAfter: Duration?
            let reason: String
            switch await transport.request("POST", url, headers: headers, body: post.body) {
            case .success(let answer) where (200..<300).contains(answer.status):
                counts.withLock { $0.sent += 1 }
                return
            case .success(let answer) where answer.status == 408 || answer.status == 429 || answer.status >= 500:
                retryAfter = answer.failure.retryAfter
                reason = "status \(answer.status)"
            case .success(let answer):
                drop(post, because: "the upstream refused it with status \(answer.status)")
                return
            case .failure(let failure):
                retryAfter = failure.retryAfter
                reason = failure.error.message
            }
            guard attempt < settings.maxAttempts else {
                drop(post, because: "\(reason), after \(attempt) attempts")
                return
            }
            counts.withLock { $0.retries += 1 }
            let wait = max(delay, min(retryAfter ?? .zero, settings.maxRetryAfter))
            delay *= 2
            do { try await clock.sleep(for: wait) } catch {
                drop(post, because: "the relay stopped")
                return
            }
        }
    }

    private func drop(_ post: ForwardedPost, because reason: String) {
        counts.withLock { $0.dropped += 1 }
        logger.warning("dropped a post to forward", metadata: ["path": "\(post.path)", "reason": "\(reason)"])
    }
}
