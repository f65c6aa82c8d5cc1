import NIOCore

/// What a stream connection writes next.
enum StreamMessage: Sendable {
    /// A whole Server-Sent Events block, already encoded.
    case event(ByteBuffer)
    /// A `: heartbeat` comment line, which keeps idle connections and clients' read timeouts alive.
    case heartbeat
}
