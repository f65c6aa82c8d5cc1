import AsyncHTTPClient
import Hummingbird

/// One Server-Sent Events event as a client sees it.
struct ReceivedEvent: Equatable, Sendable {
    var event: String
    var data: String
    var id: String?
    var retry: Int?
}

/// What a stream delivers: events and comment lines.
enum StreamItem: Equatable, Sendable {
    case event(ReceivedEvent)
    case comment(String)
}

/// A small Server-Sent Events parser over a response body, as the protocol defines it: lines end
/// in CRLF, LF or CR, `data` lines join with newlines, an empty line dispatches, `:` starts a comment.
final class EventStreamReader {
    private var chunks: HTTPClientResponse.Body.AsyncIterator
    private var pending: [UInt8] = []
    private var ready: [StreamItem] = []
    private var event = ""
    private var data: [String] = []
    private var id: String?
    private var retry: Int?
    private var lastWasCR = false
    /// Every byte received so far.
    private(set) var received: [UInt8] = []

    init(_ response: HTTPClientResponse) {
        chunks = response.body.makeAsyncIterator()
    }

    /// The next item, or `nil` when the stream ended cleanly. Throws when the connection failed.
    func next() async throws -> StreamItem? {
        while ready.isEmpty {
            guard let chunk = try await chunks.next() else { return nil }
            received.append(contentsOf: chunk.readableBytesView)
            for byte in chunk.readableBytesView { feed(byte) }
        }
        return ready.removeFirst()
    }

    /// The next event, skipping comments.
    func nextEvent() async throws -> ReceivedEvent? {
        while let item = try await next() {
            if case .event(let e) = item { return e }
        }
        return nil
    }

    private func feed(_ byte: UInt8) {
        switch byte {
        case UInt8(ascii: "\n"):
            if lastWasCR { lastWasCR = false } else { line() }
        case UInt8(ascii: "\r"):
            lastWasCR = true
            line()
        default:
            lastWasCR = false
            pending.append(byte)
        }
    }

    private func line() {
        let text = String(decoding: pending, as: UTF8.self)
        pending.removeAll()
        if text.isEmpty {
            if !data.isEmpty {
                ready.append(.event(ReceivedEvent(event: event.isEmpty ? "message" : event, data: data.joined(separator: "\n"),
                                                  id: id, retry: retry)))
            }
            event = ""
            data = []
            retry = nil
            return
        }
        if text.hasPrefix(":") {
            ready.append(.comment(String(text.dropFirst()).trimmingLeadingSpace))
            return
        }
        let field: Substring
        var value: Substring = ""
        if let colon = text.firstIndex(of: ":") {
            field = text[..<colon]
            value = text[text.index(after: colon)...]
            if value.hasPrefix(" ") { value = value.dropFirst() }
        } else {
            field = text[...]
        }
        switch field {
        case "event": event = String(value)
        case "data": data.append(String(value))
        case "id": id = String(value)
        case "retry": retry = Int(value)
        default: break
        }
    }
}

extension String {
    fileprivate var trimmingLeadingSpace: String {
        hasPrefix(" ") ? String(dropFirst()) : self
    }
}
