import Hummingbird

/// Writes one stream connection's messages until its queue ends, the client leaves or the
/// configured number of events was sent.
struct EventStreamWriter: Sendable {
    let heartbeatInterval: Duration
    /// Read after every event, so that a change applies to streams already open.
    let closeAfterEvents: @Sendable () -> Int?

    func write(_ subscription: StreamSubscription, to writer: inout any ResponseBodyWriter) async throws {
        try await withThrowingTaskGroup(of: Void.self) { group in
            let continuation = subscription.continuation
            let interval = heartbeatInterval
            // Heartbeats go through the queue, so they never interleave with an event's bytes.
            group.addTask {
                while true {
                    do { try await Task.sleep(for: interval) } catch { return }
                    continuation.yield(.heartbeat)
                }
            }
            defer { group.cancelAll() }
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
}
