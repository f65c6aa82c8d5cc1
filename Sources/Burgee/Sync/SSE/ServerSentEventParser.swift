/// An incremental parser for the `text/event-stream` format, fed with body chunks as they arrive.
///
/// Follows the HTML standard's rules: lines end in CRLF, LF or CR (a CRLF split across two chunks
/// counts once), a leading byte order mark is skipped, `:` starts a comment, `data` lines are
/// joined with LF, `id` values holding NUL are ignored, `retry` takes only ASCII digits, unknown
/// fields are ignored, a blank line dispatches, and an event without data is not dispatched.
/// Works on bytes, so large `data` (a whole definitions document) is never copied into strings.
package struct ServerSentEventParser {
    /// A single event (or line) exceeded the limit.
    package struct EventTooLarge: Error, Equatable {
        /// The limit in bytes.
        var limit: Int
    }

    /// Bytes allowed in one event's data plus the line being read.
    let maxEventBytes: Int
    /// The reconnection time the server last asked for with `retry`.
    private(set) var retry: Duration?
    /// The last event ID, carried across events as the standard asks.
    private(set) var lastEventID: String?

    private var line: [UInt8] = []
    private var data: [UInt8] = []
    private var hasData = false
    private var eventName: String?
    private var afterCR = false
    private var atStart = true
    private var bomBytesSeen = 0

    private static let bom: [UInt8] = [0xEF, 0xBB, 0xBF]

    package init(maxEventBytes: Int) {
        self.maxEventBytes = maxEventBytes
    }

    /// Consumes a chunk and returns the events it completed, in order.
    package mutating func parse(_ bytes: some Sequence<UInt8>) throws(EventTooLarge) -> [ServerSentEvent] {
        var events: [ServerSentEvent] = []
        for byte in bytes {
            if atStart, skipByteOrderMark(byte) { continue }
            switch byte {
            case UInt8(ascii: "\n"):
                if afterCR { afterCR = false; continue }
                try endLine(into: &events)
            case UInt8(ascii: "\r"):
                afterCR = true
                try endLine(into: &events)
            default:
                afterCR = false
                guard line.count + data.count < maxEventBytes else { throw EventTooLarge(limit: maxEventBytes) }
                line.append(byte)
            }
        }
        return events
    }

    /// Whether `byte` belongs to a leading byte order mark (and is to be skipped).
    private mutating func skipByteOrderMark(_ byte: UInt8) -> Bool {
        if byte == Self.bom[bomBytesSeen] {
            bomBytesSeen += 1
            if bomBytesSeen == Self.bom.count { atStart = false }
            return true
        }
        // Not a mark after all: the bytes taken so far were content.
        atStart = false
        line.append(contentsOf: Self.bom[0..<bomBytesSeen])
        return false
    }

    private mutating func endLine(into events: inout [ServerSentEvent]) throws(EventTooLarge) {
        atStart = false
        defer { line.removeAll(keepingCapacity: true) }
        if line.isEmpty {
            dispatch(into: &events)
            return
        }
        if line[0] == UInt8(ascii: ":") { return }
        let colon = line.firstIndex(of: UInt8(ascii: ":"))
        let field = line[..<(colon ?? line.endIndex)]
        var valueStart = colon.map { line.index(after: $0) } ?? line.endIndex
        if valueStart < line.endIndex, line[valueStart] == UInt8(ascii: " ") { valueStart += 1 }
        let value = line[valueStart...]
        switch String(decoding: field, as: UTF8.self) {
        case "event":
            eventName = String(decoding: value, as: UTF8.self)
        case "data":
            if hasData { data.append(UInt8(ascii: "\n")) }
            data.append(contentsOf: value)
            hasData = true
        case "id":
            if !value.contains(0) { lastEventID = String(decoding: value, as: UTF8.self) }
        case "retry":
            if !value.isEmpty, value.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
               let ms = Int(String(decoding: value, as: UTF8.self)) {
                retry = .milliseconds(ms)
            }
        default:
            break
        }
    }

    private mutating func dispatch(into events: inout [ServerSentEvent]) {
        defer {
            data = []
            hasData = false
            eventName = nil
        }
        guard hasData else { return }
        events.append(ServerSentEvent(name: eventName.flatMap { $0.isEmpty ? nil : $0 } ?? "message",
                                      data: data, id: lastEventID))
    }
}
