import Burgee
import BurgeeCore
import BurgeeServer
import Logging

/// A definitions server that takes its definitions from a vendor's service, or from another
/// `burgee serve`, instead of a file, and sends the posts of its clients on to it: what
/// `burgee serve --upstream` runs, as LaunchDarkly's Relay Proxy, Unleash Edge and Split's
/// Synchronizer sit between a vendor and a fleet of SDKs.
///
/// A `BurgeeClient` follows the upstream with the format's own data sources (streaming where
/// the vendor streams), keeps the last good definitions (and the cache, when configured), and
/// hands each good update to the server, which serves it on every route of the format and
/// announces it on open streams. The server's accepted posts go to an HTTP forwarder that sends
/// them upstream in order, counted (``forwardingStats``).
///
/// ```swift
/// let relay = try await DefinitionsRelay.start(
///     upstream: RelayUpstream(format: .unleash, url: "https://unleash.example.com/api", key: token),
///     configuration: DefinitionsServerConfiguration(port: 8030, format: .unleash), logger: logger)
/// print(relay.server.clientURL)
/// await relay.stop()
/// ```
public final class DefinitionsRelay: Sendable {
    /// The client's documents not yet served: only the newest is kept, so that a burst of
    /// changes (a patch per flag) is served as one document or a few.
    private struct Mirror {
        var pending: HeldDocument?
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    /// Where the definitions come from.
    public let upstream: RelayUpstream
    /// The client following the upstream.
    public let client: BurgeeClient
    /// The running server.
    public var server: RunningDefinitionsServer {
        guard let running = running.withLock({ $0 }) else { preconditionFailure("read before the relay started") }
        return running
    }

    private let mirror: Locked<Mirror>
    /// Wakes the task that serves the pending document; holds at most one wake-up.
    private let mirrored: AsyncStream<Void>
    private let mirroredContinuation: AsyncStream<Void>.Continuation
    private let format: any UpstreamProtocol.Type
    private let forwarder: HTTPPostForwarder?
    private let forwarderTask = Locked<Task<Void, Never>?>(nil)
    private let servingTask = Locked<Task<Void, Never>?>(nil)
    private let running = Locked<RunningDefinitionsServer?>(nil)
    private let settings: RelayForwarding
    private let logger: Logger

    private init(upstream: RelayUpstream, forwarding: RelayForwarding, clock: any Clock<Duration>,
                 logger: Logger) throws(RelayError) {
        guard let format = UpstreamProtocols.of(upstream.format) else { throw .unsupportedFormat(upstream.format) }
        self.upstream = upstream
        self.settings = forwarding
        self.logger = logger
        self.format = format
        let mirror = Locked(Mirror())
        self.mirror = mirror
        let (mirrored, wake) = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))
        (self.mirrored, mirroredContinuation) = (mirrored, wake)
        var configuration = format.clientConfiguration(upstream, logger: logger)
        configuration.clock = clock
        // On the client's update task: only keep the document and wake the serving task.
        configuration.definitionsMirror = { document in
            let waiters = mirror.withLock { m in
                m.pending = document
                defer { m.waiters = [] }
                return m.waiters
            }
            for waiter in waiters { waiter.resume() }
            wake.yield()
        }
        do { client = try BurgeeClient(configuration: configuration) } catch { throw .invalidUpstream(error) }
        forwarder = forwarding.isEnabled
            ? HTTPPostForwarder(upstream: upstream, format: format, settings: forwarding, clock: clock, logger: logger)
            : nil
    }

    /// Follows `upstream`, waits up to `readyTimeout` for its first definitions (or the cache's),
    /// then serves them with `configuration` (whose format must be the upstream's) and returns once
    /// listening. Throws when no definitions came in time, the upstream refused the key, or they
    /// cannot be served; the client is closed then.
    public static func start(upstream: RelayUpstream, configuration: DefinitionsServerConfiguration,
                             forwarding: RelayForwarding = RelayForwarding(), readyTimeout: Duration = .seconds(30),
                             clock: any Clock<Duration> = ContinuousClock(), logger: Logger) async throws -> DefinitionsRelay {
        let relay = try DefinitionsRelay(upstream: upstream, forwarding: forwarding, clock: clock, logger: logger)
        relay.client.start()
        guard let first = await relay.firstDefinitions(timeout: readyTimeout) else {
            await relay.client.close()
            throw RelayError.noDefinitions(relay.client.dataSourceStatus)
        }
        var serving = configuration
        serving.format = upstream.format
        serving.forwarder = relay.forwarder
        let server: DefinitionsServer
        do {
            server = try DefinitionsServer(configuration: serving, definitions: .json(first), logger: logger)
        } catch {
            await relay.client.close()
            throw RelayError.unservable(error)
        }
        let started: RunningDefinitionsServer
        do { started = try await server.start() } catch {
            await relay.client.close()
            throw error
        }
        relay.running.withLock { $0 = started }
        relay.servingTask.withLock { $0 = Task { await relay.serve(on: server) } }
        if let forwarder = relay.forwarder {
            relay.forwarderTask.withLock { $0 = Task { await forwarder.run() } }
        }
        return relay
    }

    /// Stops serving and following; posts still waiting are sent for up to
    /// ``RelayForwarding/drainTimeout``, then counted as dropped.
    public func stop() async {
        if let running = running.withLock({ $0 }) { await running.stop() }
        await client.close()
        mirroredContinuation.finish()
        await servingTask.withLock({ $0 })?.value
        forwarder?.finish()
        guard let task = forwarderTask.withLock({ $0 }) else { return }
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await task.value }
            // A bound on the system's clock: a relay stopping is not waiting on its own time.
            group.addTask { [settings] in
                try? await Task.sleep(for: settings.drainTimeout)
                task.cancel()
            }
            await group.next()
            group.cancelAll()
        }
        await task.value
    }

    /// What became of the posts received so far; all zero when forwarding is off.
    public var forwardingStats: ForwardingStats {
        forwarder?.stats ?? ForwardingStats()
    }

    // MARK: Definitions

    /// Serves each pending document, the newest of a burst, until the relay stops.
    private func serve(on server: DefinitionsServer) async {
        for await _ in mirrored {
            guard let document = mirror.withLock({ m in defer { m.pending = nil }; return m.pending }) else { continue }
            do {
                try server.update(definitions: format.servedDocument(document.bytes))
            } catch {
                logger.warning("the upstream's definitions cannot be served; serving the last good ones",
                               metadata: ["error": "\(error)"])
            }
        }
    }

    /// The first document the client holds, to serve, taken from the pending ones; `nil` when
    /// none came within `timeout` or the source gave up (unauthorized).
    private func firstDefinitions(timeout: Duration) async -> [UInt8]? {
        let ready = await client.waitUntilReady(timeout: timeout)
        guard ready else { return nil }
        // Ready is announced just before the document is handed over: wait for it.
        await withCheckedContinuation { continuation in
            let now = mirror.withLock { m -> Bool in
                if m.pending != nil { return true }
                m.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        return mirror.withLock { m in defer { m.pending = nil }; return m.pending }.map { format.servedDocument($0.bytes) }
    }
}
