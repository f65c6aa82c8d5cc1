import BurgeeRedis
import Testing

/// Redis replies read from bytes: every RESP2 and RESP3 type, replies cut anywhere, pipelined
/// replies, and bytes that are not replies or declare more than the limits.
@Suite("RESP replies")
struct RESPParserTests {
    private func parse(_ text: String, limits: RESPLimits = RESPLimits()) throws -> (value: RESPValue, consumed: Int)? {
        try RESPParser(limits: limits).parse(Array(text.utf8))
    }

    private func value(_ text: String) throws -> RESPValue? {
        try parse(text).map(\.value)
    }

    @Test("every RESP2 type")
    func resp2() throws {
        #expect(try value("+OK\r\n") == .simpleString("OK"))
        #expect(try value("-ERR unknown command\r\n") == .error("ERR unknown command"))
        #expect(try value(":1000\r\n") == .integer(1000))
        #expect(try value(":-42\r\n") == .integer(-42))
        #expect(try value(":-9223372036854775808\r\n") == .integer(.min))
        #expect(try value(":9223372036854775807\r\n") == .integer(.max))
        #expect(try value("$5\r\nhello\r\n") == .bulkString(Array("hello".utf8)))
        #expect(try value("$0\r\n\r\n") == .bulkString([]))
        #expect(try value("$-1\r\n") == .null)
        #expect(try value("*-1\r\n") == .null)
        #expect(try value("*0\r\n") == .array([]))
        #expect(try value("*3\r\n:1\r\n$1\r\na\r\n*1\r\n+x\r\n")
                == .array([.integer(1), .bulkString([0x61]), .array([.simpleString("x")])]))
        // Bulk strings are binary: CR, LF and NUL inside are data.
        let binary: [UInt8] = Array("$4\r\n".utf8) + [0x0D, 0x0A, 0x00, 0xFF] + [0x0D, 0x0A]
        #expect(try RESPParser().parse(binary)?.value == .bulkString([0x0D, 0x0A, 0x00, 0xFF]))
    }

    @Test("every RESP3 type")
    func resp3() throws {
        #expect(try value("_\r\n") == .null)
        #expect(try value("#t\r\n") == .boolean(true))
        #expect(try value("#f\r\n") == .boolean(false))
        #expect(try value(",3.25\r\n") == .double(3.25))
        #expect(try value(",-1e3\r\n") == .double(-1000))
        #expect(try value(",inf\r\n") == .double(.infinity))
        #expect(try value(",-inf\r\n") == .double(-.infinity))
        if case .double(let nan)? = try value(",nan\r\n") { #expect(nan.isNaN) } else { Issue.record("nan") }
        #expect(try value("(3492890328409238509324850943850943825024385\r\n") == .bigNumber("3492890328409238509324850943850943825024385"))
        #expect(try value("!21\r\nSYNTAX invalid syntax\r\n") == .error("SYNTAX invalid syntax"))
        #expect(try value("=15\r\ntxt:Some string\r\n") == .verbatimString(format: "txt", Array("Some string".utf8)))
        #expect(try value("%2\r\n+first\r\n:1\r\n+second\r\n:2\r\n") == .map([
            RESPPair(key: .simpleString("first"), value: .integer(1)), RESPPair(key: .simpleString("second"), value: .integer(2)),
        ]))
        #expect(try value("~2\r\n+a\r\n+b\r\n") == .set([.simpleString("a"), .simpleString("b")]))
        #expect(try value(">3\r\n$7\r\nmessage\r\n$2\r\nch\r\n$3\r\nhi!\r\n")?.elements?.compactMap(\.string) == ["message", "ch", "hi!"])
        // Attributes describe the reply after them, which is what is read.
        #expect(try value("|1\r\n+key-popularity\r\n%1\r\n$1\r\na\r\n,0.19\r\n*1\r\n:2\r\n") == .array([.integer(2)]))
    }

    @Test("a reply cut at any byte reads as incomplete, and whole once the rest arrives")
    func incomplete() throws {
        let replies = ["+OK\r\n", ":12\r\n", "$5\r\nhello\r\n", "*2\r\n$1\r\na\r\n%1\r\n+k\r\n#t\r\n", "=7\r\ntxt:abc\r\n",
                       "|1\r\n+a\r\n+b\r\n:1\r\n", ",1.5\r\n", "_\r\n"]
        for reply in replies {
            let bytes = Array(reply.utf8)
            for cut in 0..<bytes.count {
                #expect(try RESPParser().parse(Array(bytes[..<cut])) == nil, "\(reply.debugDescription) cut at \(cut)")
            }
            let whole = try #require(try RESPParser().parse(bytes))
            #expect(whole.consumed == bytes.count)
        }
    }

    @Test("pipelined replies are read one at a time, each saying how many bytes it took")
    func pipelined() throws {
        var bytes = Array("+OK\r\n:7\r\n$3\r\nabc\r\n".utf8)
        var values: [RESPValue] = []
        while let (value, used) = try RESPParser().parse(bytes) {
            values.append(value)
            bytes.removeFirst(used)
        }
        #expect(values == [.simpleString("OK"), .integer(7), .bulkString(Array("abc".utf8))])
        #expect(bytes.isEmpty)
    }

    @Test("declared sizes above the limits are refused before their bytes arrive", arguments: [
        "$536870912\r\n", "*2000000\r\n", "%600000\r\n", "=536870912\r\n", "!99999999999\r\n",
    ])
    func tooLarge(_ reply: String) throws {
        #expect(throws: RESPError.self) { try parse(reply, limits: RESPLimits(maxBulkBytes: 1 << 20, maxElements: 1 << 20)) }
    }

    @Test("a count larger than the bytes could hold waits without allocating for it")
    func countWaits() throws {
        // A million elements declared, within the limits, with three bytes of them here.
        #expect(try parse("*1000000\r\n:1\r\n") == nil)
    }

    @Test("a line longer than the limit, or nesting deeper, is refused")
    func lineAndDepth() throws {
        let long = "+" + String(repeating: "x", count: 200)
        #expect(throws: RESPError.tooLarge("a line longer than 100 bytes")) { try parse(long, limits: RESPLimits(maxLineBytes: 100)) }
        let deep = String(repeating: "*1\r\n", count: 10) + ":1\r\n"
        #expect(throws: RESPError.tooDeep) { try parse(deep, limits: RESPLimits(maxDepth: 5)) }
        #expect(try value(deep) != nil)
    }

    @Test("bytes that are not a reply are refused", arguments: [
        "?x\r\n", ":12a\r\n", ":\r\n", ":99999999999999999999\r\n", "$3\r\nabcd\r\n", "$-2\r\n", "+a\rb\r\n", "+a\nb\r\n",
        "#x\r\n", ",1.2.3x\r\n", ",0x1p3\r\n", "(12a\r\n", "_x\r\n", "=3\r\nabc\r\n", "*-5\r\n", "|-1\r\n",
    ])
    func malformed(_ reply: String) throws {
        #expect(throws: RESPError.self) { try parse(reply) }
    }

    @Test("a command is an array of bulk strings")
    func command() {
        var bytes: [UInt8] = []
        RESPCommand("HGET", "ld:features", "ünïcode").encode(into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "*3\r\n$4\r\nHGET\r\n$11\r\nld:features\r\n$9\r\nünïcode\r\n")
        bytes = []
        RESPCommand(arguments: [Array("SET".utf8), [0, 13, 10]]).encode(into: &bytes)
        #expect(bytes == Array("*2\r\n$3\r\nSET\r\n$3\r\n".utf8) + [0, 13, 10] + [13, 10])
    }
}
