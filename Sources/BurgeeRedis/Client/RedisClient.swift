import BurgeeCore
import NIOCore
import NIOPosix

/// A Redis client for many callers: a few pipelined connections, each made when first needed and
/// made again, after a backoff, when it fails.
///
/// ```swift
/// let redis = RedisClient(configuration: try RedisConfiguration(url: "redis://127.0.0.1:6379"))
/// let features = try await redis.send(RESPCommand("HGETALL", "launchdarkly:features"))
/// await redis.close()
/// ```
///
/// Commands are spread over ``connections`` connections in turn; on each, every caller's commands
/// are pipelined, and a pipeline (or a ``transaction(_:)``) goes out in one write, never
/// interleaved with another caller's. A command fails when its connection fails (it is not sent
/// again: a write may have been applied); the next command connects again. After a failed connect,
/// commands fail at once with that error until the ``RedisBackoff`` delay has passed on `clock`.
public final class RedisClient: Sendable {
    /// Where the server is and how to talk to it.
    public let configuration: RedisConfiguration
    /// How many connections commands are spread over.
    public let connections: Int
    private let backoff: RedisBackoff
    private let group: any EventLoopGroup
    private let elapsed: @Sendable () -> Duration
    private let slots: [Locked<Slot>]
    private let next: Locked<Int>

    /// One connection's state: open, being made, or waiting out a backoff.
    private struct Slot {
        var connection: RedisConnection?
        var connecting: Task<RedisConnection, any Error>?
        var failures = 0
        var retryAt: Duration = .zero
        var lastError: RedisError?
        var closed = false
    }

    /// A client; no connection is made until the first command.
    /// - Parameters:
    ///   - connections: how many connections to spread commands over (at least one).
    ///   - clock: the clock the backoff is measured on.
    public convenience init(configuration: RedisConfiguration, connections: Int = 1, backoff: RedisBackoff = RedisBackoff(),
                            clock: any Clock<Duration> = ContinuousClock(),
                            group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.init(configuration: configuration, connections: connections, backoff: backoff, elapsed: Self.reader(clock),
                  group: group)
    }

    /// A client whose backoff is measured by `elapsed`, the time since any fixed start (a client's
    /// clock as the package's data sources hold it).
    package init(configuration: RedisConfiguration, connections: Int = 1, backoff: RedisBackoff = RedisBackoff(),
                 elapsed: @escaping @Sendable () -> Duration,
                 group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.configuration = configuration
        self.connections = max(1, connections)
        self.backoff = backoff
        self.group = group
        self.elapsed = elapsed
        self.slots = (0..<max(1, connections)).map { _ in Locked(Slot()) }
        self.next = Locked(0)
    }

    private static func reader<C: Clock<Duration>>(_ clock: C) -> @Sendable () -> Duration {
        let start = clock.now
        return { start.duration(to: clock.now) }
    }

    /// Sends `command` and returns its reply.
    /// - Throws: ``RedisError/server(_:)`` when the server answers with an error, else why no reply came.
    public func send(_ command: RESPCommand) async throws(RedisError) -> RESPValue {
        try await connection().send(command)
    }

    /// Sends `commands` in one write and returns their replies in order; an error the server
    /// answered one of them with is its reply, not a throw.
    public func pipeline(_ commands: [RESPCommand]) async throws(RedisError) -> [RESPValue] {
        try await connection().pipeline(commands)
    }

    /// Runs `commands` atomically (`MULTI`, the commands, `EXEC`, in one write) and returns their
    /// replies, in order, as `EXEC` answered them.
    /// - Throws: ``RedisError/server(_:)`` when the server refused the transaction (a command it
    ///   could not queue: nothing was applied), ``RedisError/transactionAborted`` when a key
    ///   watched on the connection changed, else why no reply came.
    public func transaction(_ commands: [RESPCommand]) async throws(RedisError) -> [RESPValue] {
        try await connection().transaction(commands)
    }

    /// Every key matching `pattern` (a `SCAN … MATCH` glob), read with `SCAN` in batches of
    /// about `count`, never blocking the server as `KEYS` would. A key changed during the scan may
    /// be missed or listed twice, as `SCAN` promises.
    public func scan(matching pattern: String, count: Int = 1_000) async throws(RedisError) -> [[UInt8]] {
        var keys: [[UInt8]] = []
        var cursor: [UInt8] = Array("0".utf8)
        repeat {
            let reply = try await send(RESPCommand(arguments: [
                Array("SCAN".utf8), cursor, Array("MATCH".utf8), Array(pattern.utf8),
                Array("COUNT".utf8), Array(String(count).utf8),
            ]))
            guard let parts = reply.elements, parts.count == 2, let nextCursor = parts[0].bytes,
                  let batch = parts[1].elements
            else { throw .unexpectedReply("SCAN", reply) }
            for key in batch {
                guard let bytes = key.bytes else { throw .unexpectedReply("SCAN", reply) }
                keys.append(bytes)
            }
            cursor = nextCursor
        } while cursor != Array("0".utf8)
        return keys
    }

    /// Sends `commands` in one write on the next connection if it is open, without suspending:
    /// for a caller that cannot await and blocks on the future instead (never on an event loop).
    /// `nil` when that connection is not open: it is then made in the background (after the
    /// backoff, as for any command), for a later call.
    package func pipelineIfConnected(_ commands: [RESPCommand]) -> EventLoopFuture<[RESPValue]>? {
        let index = next.withLock { next in
            defer { next = (next + 1) % connections }
            return next
        }
        let open = slots[index].withLock { slot -> RedisConnection? in
            guard let connection = slot.connection, connection.isOpen else { return nil }
            return connection
        }
        guard let open else {
            Task { _ = try? await self.connection() }
            return nil
        }
        return open.pipelined(commands)
    }

    /// Runs `body` with a new client of `configuration` and closes the client when `body` returns
    /// or throws: for a one-shot read or write.
    public static func with<R>(_ configuration: RedisConfiguration, _ body: (RedisClient) async throws -> R) async throws -> R {
        let redis = RedisClient(configuration: configuration)
        do {
            let result = try await body(redis)
            await redis.close()
            return result
        } catch {
            await redis.close()
            throw error
        }
    }

    /// Closes every connection; commands waiting fail, and later ones throw.
    public func close() async {
        for slot in slots {
            let (connection, connecting) = slot.withLock { slot in
                slot.closed = true
                defer { slot.connection = nil; slot.connecting = nil }
                return (slot.connection, slot.connecting)
            }
            connecting?.cancel()
            if let made = try? await connecting?.value { await made.close() }
            await connection?.close()
        }
    }

    /// An open connection of the next slot: the one held, one being made, or a new one.
    private func connection() async throws(RedisError) -> RedisConnection {
        let index = next.withLock { next in
            defer { next = (next + 1) % connections }
            return next
        }
        let slot = slots[index]
        let now = elapsed()
        let configuration = self.configuration
        let group = self.group
        let step: Step = try slot.withLock { (slot) throws(RedisError) in
            if slot.closed { throw RedisError.connection("the client is closed") }
            if let connection = slot.connection, connection.isOpen { return .open(connection) }
            slot.connection = nil
            if let connecting = slot.connecting { return .connecting(connecting) }
            if let lastError = slot.lastError, now < slot.retryAt { throw lastError }
            let connecting = Task { () async throws -> RedisConnection in
                try await RedisConnection.connect(configuration, group: group)
            }
            slot.connecting = connecting
            return .connecting(connecting)
        }
        guard case .connecting(let attempt) = step else {
            guard case .open(let connection) = step else { fatalError("unreachable") }
            return connection
        }
        let made: RedisConnection
        do {
            made = try await attempt.value
        } catch {
            let failure = (error as? RedisError) ?? .connection("\(error)")
            let backoff = self.backoff
            let elapsed = self.elapsed
            slot.withLock { slot in
                guard slot.connecting == attempt else { return }
                slot.connecting = nil
                slot.failures += 1
                slot.lastError = failure
                slot.retryAt = elapsed() + backoff.delay(afterFailures: slot.failures)
            }
            throw failure
        }
        let kept = slot.withLock { slot in
            if slot.connecting == attempt { slot.connecting = nil }
            guard !slot.closed else { return false }
            slot.connection = made
            slot.failures = 0
            slot.lastError = nil
            return true
        }
        guard kept else {
            await made.close()
            throw RedisError.connection("the client is closed")
        }
        return made
    }

    private enum Step {
        case open(RedisConnection)
        case connecting(Task<RedisConnection, any Error>)
    }
}
