import NIOCore
import NIOPosix

/// Messages published on Redis channels, for as long as it is listened to: a connection of its own
/// in RESP3 (`HELLO 3`, Redis 6 or later), subscribed again after every reconnection.
///
/// ```swift
/// let subscriber = RedisSubscriber(configuration: configuration, channels: ["burgee:changes"])
/// for await event in subscriber.events() {
///     switch event {
///     case .subscribed: break        // (again): read the state, messages may have been missed
///     case .message(let channel, let payload): print(channel, payload)
///     }
/// }
/// ```
///
/// Redis delivers a message only to the subscribers connected when it is published: after
/// ``Event/subscribed`` (the first subscription and every one after a reconnection), read what
/// the messages announce, since some may have been missed while disconnected. A connection that
/// fails is made again after the ``RedisBackoff`` delay, on `clock`.
public final class RedisSubscriber: Sendable {
    /// What a subscriber hears.
    public enum Event: Sendable, Hashable {
        /// Every channel is subscribed (first, or again after a reconnection).
        case subscribed
        /// A message published on `channel`.
        case message(channel: String, payload: [UInt8])
    }

    /// The server.
    public let configuration: RedisConfiguration
    /// The channels listened to.
    public let channels: [String]
    private let backoff: RedisBackoff
    private let sleep: @Sendable (Duration) async throws -> Void
    private let group: any EventLoopGroup

    /// A subscriber; nothing is connected until ``events()`` is iterated.
    public convenience init(configuration: RedisConfiguration, channels: [String], backoff: RedisBackoff = RedisBackoff(),
                            clock: any Clock<Duration> = ContinuousClock(),
                            group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.init(configuration: configuration, channels: channels, backoff: backoff,
                  sleep: { try await clock.sleep(for: $0) }, group: group)
    }

    /// A subscriber whose waits between connections are `sleep` (a client's clock as the
    /// package's data sources hold it).
    package init(configuration: RedisConfiguration, channels: [String], backoff: RedisBackoff = RedisBackoff(),
                 sleep: @escaping @Sendable (Duration) async throws -> Void,
                 group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) {
        self.configuration = configuration
        self.channels = channels
        self.backoff = backoff
        self.sleep = sleep
        self.group = group
    }

    /// The events, until the stream's consumer stops iterating (its task cancelled, the loop left):
    /// the subscription's connection is then closed.
    public func events() -> AsyncStream<Event> {
        let (stream, continuation) = AsyncStream<Event>.makeStream()
        let task = Task { await self.listen(continuation) }
        continuation.onTermination = { _ in task.cancel() }
        return stream
    }

    private func listen(_ continuation: AsyncStream<Event>.Continuation) async {
        var failures = 0
        while !Task.isCancelled {
            let channels = Set(self.channels)
            let onPush: @Sendable (RESPValue) -> Void = { push in
                guard let parts = push.elements, let kind = parts.first?.string else { return }
                switch kind {
                case "subscribe":
                    if case .integer(let count)? = parts.last, count == channels.count { continuation.yield(.subscribed) }
                case "message":
                    guard parts.count == 3, let channel = parts[1].string, let payload = parts[2].bytes else { return }
                    continuation.yield(.message(channel: channel, payload: payload))
                default:
                    break
                }
            }
            do {
                let connection = try await RedisConnection.connect(configuration, onPush: onPush, group: group)
                do {
                    _ = try await connection.send(RESPCommand("HELLO", "3"))
                    try await connection.sendWithoutReply([RESPCommand(arguments: [Array("SUBSCRIBE".utf8)] + self.channels.map { Array($0.utf8) })])
                } catch {
                    await connection.close()
                    throw error
                }
                failures = 0
                await withTaskCancellationHandler {
                    await connection.waitUntilClosed()
                } onCancel: {
                    Task { await connection.close() }
                }
            } catch {
                failures += 1
            }
            if Task.isCancelled { break }
            do { try await sleep(backoff.delay(afterFailures: max(1, failures))) } catch { break }
        }
        continuation.finish()
    }
}
