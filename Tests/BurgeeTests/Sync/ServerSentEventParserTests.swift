import Testing
@testable import Burgee
import BurgeeCore

@Suite struct ServerSentEventParserTests {
    private func parse(_ chunks: [String], maxEventBytes: Int = 1 << 20) throws -> [ServerSentEvent] {
        var parser = ServerSentEventParser(maxEventBytes: maxEventBytes)
        return try chunks.flatMap { try parser.parse(Array($0.utf8)) }
    }

    private func event(_ name: String, _ data: String, id: String? = nil) -> ServerSentEvent {
        ServerSentEvent(name: name, data: Array(data.utf8), id: id)
    }

    @Test(arguments: ["\n", "\r\n", "\r"])
    func linesEndInLFCRLFOrCR(_ end: String) throws {
        let text = "event: put\(end)data: {}\(end)\(end)data: x\(end)\(end)"
        #expect(try parse([text]) == [event("put", "{}"), event("message", "x")])
    }

    @Test func crlfSplitAcrossChunksEndsOneLine() throws {
        // A CR at the end of a chunk and the LF starting the next are one line end, not two
        // (two would dispatch after the first data line).
        let events = try parse(["data: a\r", "\ndata: b\r", "\n\r", "\n"])
        #expect(events == [event("message", "a\nb")])
    }

    @Test func multiLineDataJoinsWithLineFeeds() throws {
        #expect(try parse(["data: one\ndata:two\ndata:  three\n\n"]) == [event("message", "one\ntwo\n three")])
    }

    @Test func commentsAndUnknownFieldsAreIgnored() throws {
        #expect(try parse([": heartbeat\n", "foo: bar\n:\n", "data: x\n\n"]) == [event("message", "x")])
    }

    @Test func aBlankLineWithoutDataDispatchesNothing() throws {
        #expect(try parse(["event: put\n\n", ": heartbeat\n\n", "\n\n"]).isEmpty)
        // The name does not carry over to the next event.
        #expect(try parse(["event: put\n\ndata: y\n\n"]) == [event("message", "y")])
    }

    @Test func anEmptyDataLineDispatchesEmptyData() throws {
        #expect(try parse(["data\n\n", "data:\n\n"]) == [event("message", ""), event("message", "")])
    }

    @Test func byteAtATimeGivesTheSameEvents() throws {
        let text = "\u{FEFF}event: patch\r\nid: 7\r\ndata: {\"a\":\r\ndata: 1}\r\n\r\nevent: delete\rdata: z\r\r"
        let whole = try parse([text])
        let single = try parse(text.unicodeScalars.map { String($0) })
        #expect(whole == [event("patch", "{\"a\":\n1}", id: "7"), event("delete", "z", id: "7")])
        #expect(single == whole)
    }

    @Test func idIsKeptAcrossEventsAndNULIdsAreIgnored() throws {
        var parser = ServerSentEventParser(maxEventBytes: 1024)
        let first = try parser.parse(Array("id: 41\ndata: a\n\n".utf8))
        let second = try parser.parse(Array("id: x\u{0}y\ndata: b\n\n".utf8))
        #expect(first.map(\.id) == ["41"])
        #expect(second.map(\.id) == ["41"])
        #expect(parser.lastEventID == "41")
    }

    @Test func retryTakesOnlyDigits() throws {
        var parser = ServerSentEventParser(maxEventBytes: 1024)
        _ = try parser.parse(Array("retry: 2500\n".utf8))
        #expect(parser.retry == .milliseconds(2500))
        _ = try parser.parse(Array("retry: 12s\nretry: -1\nretry:\n".utf8))
        #expect(parser.retry == .milliseconds(2500))
    }

    @Test func byteOrderMarkOnlyAtTheStart() throws {
        #expect(try parse(["\u{FEFF}data: a\n\n"]) == [event("message", "a")])
        // A partial mark is content: "\u{EF}\u{BB}" then "x" makes an unknown field.
        var parser = ServerSentEventParser(maxEventBytes: 1024)
        let events = try parser.parse([0xEF, 0xBB] + Array("data: q\n\n".utf8))
        #expect(events.isEmpty)
    }

    @Test func anOversizedEventIsRefused() throws {
        var parser = ServerSentEventParser(maxEventBytes: 16)
        #expect(throws: ServerSentEventParser.EventTooLarge(limit: 16)) {
            _ = try parser.parse(Array("data: 0123456789\ndata: 0123456789\n\n".utf8))
        }
    }

    @Test func anIncompleteEventAtTheEndIsNotDispatched() throws {
        #expect(try parse(["data: half"]).isEmpty)
    }
}
