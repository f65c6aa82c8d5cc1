/// One event of a Server-Sent Events stream, as dispatched by a blank line.
struct ServerSentEvent: Sendable, Equatable {
    /// The `event` field; `message` when the event named none.
    var name: String
    /// The `data` lines joined with line feeds.
    var data: [UInt8]
    /// The last event ID seen on the stream, if any.
    var id: String?

    /// The data as text.
    var text: String { String(decoding: data, as: UTF8.self) }
}
