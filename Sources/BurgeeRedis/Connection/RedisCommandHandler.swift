import NIOCore

/// Sent through the pipeline when a command's reply is late: every command waiting fails with
/// ``RedisError/timeout`` and the connection closes.
struct RedisReplyTimeout: Sendable {}

/// Commands on their way to the server in one write, and the promises their replies fulfil in
/// order. One write per pipeline keeps a pipeline's commands together on a shared connection, so a
/// `MULTI … EXEC` sent as one pipeline is never interleaved with another caller's commands.
struct RedisRequest: Sendable {
    let bytes: ByteBuffer
    let replies: [EventLoopPromise<RESPValue>]
}

/// Matches replies to commands in order (Redis answers in the order it was asked) and fails every
/// command waiting when the connection fails. Out-of-band pushes (RESP3) go to `onPush`.
final class RedisCommandHandler: ChannelDuplexHandler {
    typealias InboundIn = RESPValue
    typealias OutboundIn = RedisRequest
    typealias OutboundOut = ByteBuffer

    private var waiting = CircularBuffer<EventLoopPromise<RESPValue>>()
    private let onPush: (@Sendable (RESPValue) -> Void)?

    init(onPush: (@Sendable (RESPValue) -> Void)?) {
        self.onPush = onPush
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        let request = unwrapOutboundIn(data)
        for reply in request.replies { waiting.append(reply) }
        context.write(wrapOutboundOut(request.bytes), promise: promise)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let value = unwrapInboundIn(data)
        if case .push = value, let onPush {
            onPush(value)
            return
        }
        guard let first = waiting.popFirst() else {
            // A reply nobody asked for: what follows cannot be matched either.
            context.close(promise: nil)
            return
        }
        first.succeed(value)
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        guard event is RedisReplyTimeout else {
            context.fireUserInboundEventTriggered(event)
            return
        }
        failAll(.timeout)
        context.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        let failure: RedisError = (error as? RESPError).map { .protocolViolation($0) } ?? .connection("\(error)")
        failAll(failure)
        context.close(promise: nil)
    }

    func channelInactive(context: ChannelHandlerContext) {
        failAll(.connection("closed"))
        context.fireChannelInactive()
    }

    private func failAll(_ error: RedisError) {
        while let promise = waiting.popFirst() { promise.fail(error) }
    }
}
