import BurgeeCore
import Testing
@testable import BurgeeSplit

/// The flag a `SPLIT_UPDATE` notification carries, read as Split's SDKs read `c` and `d`.
@Suite("Split pushed items")
struct SplitPushedItemTests {
    @Test("d is base64 of the JSON, as is (c 0), gzip (c 1) or zlib (c 2)")
    func compressions() throws {
        // {"name":"z"}, each way; the gzip and zlib streams as Python's gzip (mtime 0) and zlib write them.
        for (c, d) in [(Int64(0), "eyJuYW1lIjoieiJ9"), (1, "H4sIAAAAAAACA6tWykvMTVWyUqpSqgUAB2cFnQwAAAA="),
                       (2, "eJyrVspLzE1VslKqUqoFABnLA9Y=")] {
            let item = try SplitPushedItem(compression: c, data: d).decoded(limits: JSONLimits())
            #expect(item.name == "z")
            #expect(item.json == ["name": "z"])
        }
    }

    @Test("what cannot be read says why")
    func unreadable() {
        let cases: [(Int64, String, String)] = [
            (0, "%%%", "not base64"), (7, "eyJuYW1lIjoieiJ9", "unknown compression 7"), (1, "eyJuYW1lIjoieiJ9", "not valid gzip"),
            (2, "eyJuYW1lIjoieiJ9", "not valid zlib"), (0, "bm90IGpzb24=", "not JSON"), (0, "WzFd", "not an object with a name"),
        ]
        for (c, d, reason) in cases {
            #expect(throws: SplitAnswerError.self) { try SplitPushedItem(compression: c, data: d).decoded(limits: JSONLimits()) }
            do { _ = try SplitPushedItem(compression: c, data: d).decoded(limits: JSONLimits()) } catch {
                #expect(error.reason.contains(reason), "\(error.reason)")
            }
        }
        // Inflated past the client's limit: refused, not held in memory.
        #expect(throws: SplitAnswerError.self) {
            try SplitPushedItem(compression: 1, data: "H4sIAAAAAAACA6tWykvMTVWyUqpSqgUAB2cFnQwAAAA=").decoded(limits: JSONLimits(maxBytes: 4))
        }
    }

    @Test("a notification without c is fetched, as Split's SDKs do; with c and d it carries the item")
    func readFromTheNotification() {
        #expect(SplitPushedItem(["d": "eyJuYW1lIjoieiJ9"]) == nil)
        #expect(SplitPushedItem(["c": 0]) == nil)
        #expect(SplitPushedItem(["c": 0, "d": "eyJuYW1lIjoieiJ9"]) == SplitPushedItem(compression: 0, data: "eyJuYW1lIjoieiJ9"))
    }
}
