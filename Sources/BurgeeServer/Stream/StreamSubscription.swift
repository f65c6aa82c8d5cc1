/// One open stream's queue of messages.
struct StreamSubscription: Sendable {
    let id: Int
    let messages: AsyncStream<StreamMessage>
    /// Also fed by the connection's heartbeat timer; yielding after the stream finished does nothing.
    let continuation: AsyncStream<StreamMessage>.Continuation
}
