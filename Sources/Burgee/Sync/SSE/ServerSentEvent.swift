/// One event of a Server-Sent Events stream, as dispatched by a blank line.
package struct ServerSentEvent: Sendable, Equatable {
    /// The `event` field; `message` when the event named none.
    package var name: String
    /// The `data` lines joined with line feeds.
    package var data: [UInt8]
    /// The last event ID seen on the stream, if any.
    package var id: String?

    /// The data as text.
    package var text: String { String(decoding: data, as: UTF8.self) }
}
