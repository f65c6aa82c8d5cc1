import NIOCore

/// Encodes Server-Sent Events blocks.
enum ServerSentEvent {
    static let heartbeat = ByteBuffer(string: ": heartbeat\n")

    /// `event:`, `id:` and one `data:` line per line of `data`, then the empty line that dispatches it.
    /// A `retry:` field, when given, comes first in the block.
    static func encode(event: String, id: String?, data: String, retry: Duration? = nil) -> ByteBuffer {
        var buffer = ByteBuffer()
        if let retry {
            buffer.writeString("retry: \(milliseconds(retry))\n")
        }
        buffer.writeString("event: \(event)\n")
        if let id { buffer.writeString("id: \(id)\n") }
        for line in lines(of: data) {
            buffer.writeString("data: ")
            buffer.writeSubstring(line)
            buffer.writeString("\n")
        }
        buffer.writeString("\n")
        return buffer
    }

    /// A block whose data is one line of JSON already encoded: no copy through `String`.
    static func encode(event: String, id: String?, jsonLine: ByteBuffer, retry: Duration? = nil) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(jsonLine.readableBytes + 64)
        if let retry {
            buffer.writeString("retry: \(milliseconds(retry))\n")
        }
        buffer.writeString("event: \(event)\n")
        if let id { buffer.writeString("id: \(id)\n") }
        buffer.writeString("data: ")
        buffer.writeImmutableBuffer(jsonLine)
        buffer.writeString("\n\n")
        return buffer
    }

    /// SSE ends lines with CRLF, LF or CR; each line of the data needs its own `data:` field.
    private static func lines(of data: String) -> [Substring] {
        var lines: [Substring] = []
        var start = data.startIndex
        var index = start
        while index < data.endIndex {
            let character = data[index]
            // "\r\n" is a single Character in Swift, so one check covers all three endings.
            if character == "\n" || character == "\r" || character == "\r\n" {
                lines.append(data[start..<index])
                index = data.index(after: index)
                start = index
            } else {
                index = data.index(after: index)
            }
        }
        lines.append(data[start...])
        return lines
    }

    private static func milliseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1000 + attoseconds / 1_000_000_000_000_000
    }
}
