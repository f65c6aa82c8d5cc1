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
    private struct Mirror {
        var latest: [UInt8]?
        var server: DefinitionsServer?
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
    private let forwarder: HTTPPostForwarder?
    private let forwarderTask = Locked<Task<Void, Never>?>(nil)
    private let running = Locked<RunningDefinitionsServer?>(nil)
    private let settings: RelayForwarding
    private let logger: Logger

    private init(upstream: RelayUpstream, forwarding: RelayForwarding, clock: any Clock<Duration>,
                 logger: Logger) throws(RelayError) {
        guard let format = UpstreamProtocols.of(upstream.format) else { throw .unsupportedFormat(upstream.format) }
        self.upstream = upstream
        self.settings = forwarding
        self.logger = logger
        let mirror = Locked(Mirror())
        self.mirror = mirror
        var configuration = format.clientConfiguration(upstream, logger: logger)
        configuration.clock = clock
        configuration.definitionsMirror = { bytes in Self.mirrored(format.servedDocument(bytes), into: mirror, logger: logger) }
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
        relay.attach(server, served: first)
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

    /// Keeps the bytes a good update left and serves them once there is a server.
    private static func mirrored(_ bytes: [UInt8], into mirror: Locked<Mirror>, logger: Logger) {
        let (server, waiters) = mirror.withLock { m in
            m.latest = bytes
            defer { m.waiters = [] }
            return (m.server, m.waiters)
        }
        for waiter in waiters { waiter.resume() }
        guard let server else { return }
        do {
            try server.update(definitions: bytes)
        } catch {
            logger.warning("the upstream's definitions cannot be served; serving the last good ones",
                           metadata: ["error": "\(error)"])
        }
    }

    /// Serves from now on every update after `served`, and one that came in between.
    private func attach(_ server: DefinitionsServer, served: [UInt8]) {
        let latest = mirror.withLock { m in
            m.server = server
            return m.latest
        }
        if let latest, latest != served { _ = try? server.update(definitions: latest) }
    }

    /// The first definitions mirrored, or `nil` when none came within `timeout` or the source
    /// gave up (unauthorized).
    private func firstDefinitions(timeout: Duration) async -> [UInt8]? {
        let ready = await client.waitUntilReady(timeout: timeout)
        guard ready else { return nil }
        // Ready is announced just before the bytes are handed over: wait for them.
        await withCheckedContinuation { continuation in
            let now = mirror.withLock { m -> Bool in
                if m.latest != nil { return true }
                m.waiters.append(continuation)
                return false
            }
            if now { continuation.resume() }
        }
        return mirror.withLock { $0.latest }
    }
}
