import BurgeeCore
import NIOCore

/// The Server-Sent Events of Kameleoon's real-time update service: nothing but comments until the
/// configuration changes, then `configuration-update-event` with `{"ts": <Unix ms>}`, after which
/// Kameleoon's SDKs fetch the configuration again (with `&ts=` appended).
enum KameleoonStreamEvents {
    /// The event name Kameleoon's SDKs act on.
    static let updateEvent = "configuration-update-event"

    /// A comment, which SDKs ignore and which shows a client the stream is open; after a `retry:`
    /// field when the server sends one.
    static func opening(retry: Duration?) -> ByteBuffer {
        var buffer = ByteBuffer()
        if let retry {
            let (seconds, attoseconds) = retry.components
            buffer.writeString("retry: \(seconds * 1000 + attoseconds / 1_000_000_000_000_000)\n")
        }
        buffer.writeString(": connected\n\n")
        return buffer
    }

    /// `event: configuration-update-event` / `data: {"ts": milliseconds}`.
    static func configurationUpdate(at milliseconds: Int64) -> ByteBuffer {
        let data: JSONValue = ["ts": .number(Double(milliseconds))]
        return ServerSentEvent.encode(event: updateEvent, id: nil, jsonLine: ByteBuffer(string: data.serialized()))
    }
}
