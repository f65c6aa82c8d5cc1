import Hummingbird

/// Writes one stream connection's messages until its queue ends, the client leaves or the
/// configured number of events was sent. Heartbeats arrive through the queue
/// (``HeartbeatService``), so they never interleave with an event's bytes.
struct EventStreamWriter: Sendable {
    /// Read after every event, so that a change applies to streams already open.
    let closeAfterEvents: @Sendable () -> Int?

    func write(_ subscription: StreamSubscription, to writer: inout any ResponseBodyWriter) async throws {
        var sent = 0
        for await message in subscription.messages {
            switch message {
            case .heartbeat:
                try await writer.write(ServerSentEvent.heartbeat)
            case .event(let block):
                try await writer.write(block)
                sent += 1
                if let limit = closeAfterEvents(), sent >= limit { return }
            }
        }
    }
}
