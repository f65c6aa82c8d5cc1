import NIOCore
import NIOPosix

/// One connection to a Redis server: commands sent, replies matched to them in order, several
/// commands pipelined in one write.
///
/// ```swift
/// let redis = try await RedisConnection.connect(RedisConfiguration(url: "redis://127.0.0.1:6379"))
/// let value = try await redis.send(RESPCommand("GET", "launchdarkly:$inited"))
/// await redis.close()
/// ```
///
/// A reply that does not come within ``RedisConfiguration/commandTimeout``, bytes that are not a
/// reply, or a reply beyond ``RedisConfiguration/limits`` close the connection: every command
/// waiting on it fails. Make a new connection then.
public final class RedisConnection: Sendable {
    private let channel: any Channel
    private let commandTimeout: Duration

    private init(channel: any Channel, commandTimeout: Duration) {
        self.channel = channel
        self.commandTimeout = commandTimeout
    }

    /// Connects, authenticates (`AUTH`) and selects the database (`SELECT`) as configured.
    /// - Parameter onPush: receives RESP3's out-of-band pushes (pub/sub messages), on the
    ///   connection's event loop: keep it short.
    public static func connect(_ configuration: RedisConfiguration, onPush: (@Sendable (RESPValue) -> Void)? = nil,
                               group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws(RedisError)
        -> RedisConnection
    {
        let parser = RESPParser(limits: configuration.limits)
        let bootstrap = ClientBootstrap(group: group)
            .connectTimeout(.nanoseconds(nanoseconds(configuration.connectTimeout)))
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHandler(ByteToMessageHandler(RESPReplyDecoder(parser: parser)))
                    try channel.pipeline.syncOperations.addHandler(RedisCommandHandler(onPush: onPush))
                }
            }
        let channel: any Channel
        do {
            channel = try await bootstrap.connect(host: configuration.host, port: configuration.port).get()
        } catch {
            throw .connection("cannot connect to \(configuration.host):\(configuration.port): \(error)")
        }
        let connection = RedisConnection(channel: channel, commandTimeout: configuration.connectTimeout)
        do {
            if let password = configuration.password {
                let auth = configuration.username.map { RESPCommand("AUTH", $0, password) } ?? RESPCommand("AUTH", password)
                _ = try await connection.send(auth)
            }
            if configuration.database != 0 {
                _ = try await connection.send(RESPCommand("SELECT", String(configuration.database)))
            }
        } catch {
            await connection.close()
            throw error
        }
        return RedisConnection(channel: channel, commandTimeout: configuration.commandTimeout)
    }

    /// Sends `command` and returns its reply.
    /// - Throws: ``RedisError/server(_:)`` when the server answers with an error, else why no
    ///   reply came.
    public func send(_ command: RESPCommand) async throws(RedisError) -> RESPValue {
        let reply = try await pipeline([command])[0]
        if case .error(let message) = reply { throw .server(message) }
        return reply
    }

    /// Sends `commands` in one write and returns their replies in order; an error a server
    /// answered one of them with is its reply (``RESPValue/error(_:)``), not a throw.
    public func pipeline(_ commands: [RESPCommand]) async throws(RedisError) -> [RESPValue] {
        guard !commands.isEmpty else { return [] }
        do {
            return try await pipelined(commands).get()
        } catch let error as RedisError {
            throw error
        } catch {
            throw .connection("\(error)")
        }
    }

    /// ``pipeline(_:)`` as a future, completed on the connection's event loop: for a caller that
    /// cannot suspend and blocks on it instead (never on an event loop). It fails with a
    /// `RedisError`.
    package func pipelined(_ commands: [RESPCommand]) -> EventLoopFuture<[RESPValue]> {
        let eventLoop = channel.eventLoop
        guard !commands.isEmpty else { return eventLoop.makeSucceededFuture([]) }
        var bytes: [UInt8] = []
        for command in commands { command.encode(into: &bytes) }
        let promises = commands.map { _ in eventLoop.makePromise(of: RESPValue.self) }
        // A write that fails (the connection closed) never reaches the handler: its replies fail
        // here. A promise completed twice keeps its first result.
        let written = eventLoop.makePromise(of: Void.self)
        written.futureResult.whenFailure { error in
            for promise in promises { promise.fail(RedisError.connection("\(error)")) }
        }
        channel.writeAndFlush(RedisRequest(bytes: ByteBuffer(bytes: bytes), replies: promises), promise: written)
        // Past the timeout the connection closes: the replies after a lost one would be misread.
        let channel = self.channel
        let timeout = eventLoop.scheduleTask(in: .nanoseconds(Self.nanoseconds(commandTimeout))) {
            // Every command waiting on the connection fails, and it closes; then these, had the
            // handler never seen them.
            channel.pipeline.fireUserInboundEventTriggered(RedisReplyTimeout())
            for promise in promises { promise.fail(RedisError.timeout) }
        }
        let replies = EventLoopFuture.whenAllSucceed(promises.map(\.futureResult), on: eventLoop)
        replies.whenComplete { _ in timeout.cancel() }
        return replies
    }

    /// Runs `commands` atomically: `MULTI`, the commands and `EXEC` in one write; returns the
    /// replies `EXEC` answered, in order.
    /// - Throws: ``RedisError/server(_:)`` when the server refused the transaction (nothing was
    ///   applied), ``RedisError/transactionAborted`` when a key this connection `WATCH`es changed.
    public func transaction(_ commands: [RESPCommand]) async throws(RedisError) -> [RESPValue] {
        let replies = try await pipeline([RESPCommand("MULTI")] + commands + [RESPCommand("EXEC")])
        switch replies[replies.count - 1] {
        case .array(let results):
            return results
        case .null:
            throw .transactionAborted
        case .error(let message):
            // EXECABORT: the first command the server could not queue says why.
            let reason = replies.dropLast().first { if case .error = $0 { true } else { false } }
            if case .error(let queued)? = reason { throw .server("\(message) (\(queued))") }
            throw .server(message)
        case let other:
            throw .unexpectedReply("EXEC", other)
        }
    }

    /// Sends `commands` without waiting for replies: for commands whose answers come as RESP3
    /// pushes (`SUBSCRIBE` after `HELLO 3`), which go to the connection's `onPush`.
    public func sendWithoutReply(_ commands: [RESPCommand]) async throws(RedisError) {
        var bytes: [UInt8] = []
        for command in commands { command.encode(into: &bytes) }
        do {
            try await channel.writeAndFlush(RedisRequest(bytes: ByteBuffer(bytes: bytes), replies: []))
        } catch {
            throw .connection("\(error)")
        }
    }

    /// Returns once the connection has closed (the server went away, a timeout, ``close()``).
    public func waitUntilClosed() async {
        try? await channel.closeFuture.get()
    }

    /// Whether the connection is still open.
    public var isOpen: Bool { channel.isActive }

    /// Closes the connection; commands waiting fail.
    public func close() async {
        try? await channel.close()
    }

    private static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
