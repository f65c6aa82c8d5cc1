import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Testing

/// The server in flagd mode: the document served as it is, with ETags, and evaluated over OFREP
/// with flagd's reasons.
@Suite("flagd mode")
struct FlagdModeTests {
    static let document = #"""
    {"flags":{
      "static":{"state":"ENABLED","variants":{"a":"a","b":"b"},"defaultVariant":"a"},
      "chain":{"state":"ENABLED","variants":{"pro":"pro","free":"free"},"defaultVariant":"free",
        "targeting":{"if":[{"==":[{"var":"plan"},"pro"]},"pro","free"]}},
      "off":{"state":"DISABLED","variants":{"a":true},"defaultVariant":"a"}
    },"metadata":{"team":"checkout"}}
    """#

    @Test("GET /definitions serves the document as it is, with an ETag and 304; Burgee's other paths are 404")
    func definitions() async throws {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: { $0.format = .flagd }) { _, running, client in
            let first = try await HTTP.fetch(client, running.baseURL + "/definitions")
            #expect(first.status == 200)
            #expect(try Documents.json(first.body) == Documents.json(Array(Self.document.utf8)))
            let again = try await HTTP.fetch(client, running.baseURL + "/definitions", headers: [("If-None-Match", first.header("ETag") ?? "")])
            #expect(again.status == 304)
            for path in ["/stream", "/sdk/latest-all", "/api/client/features"] {
                #expect(try await HTTP.fetch(client, running.baseURL + path).status == 404, "\(path)")
            }
        }
    }

    @Test("OFREP gives flagd's reasons: STATIC without targeting, TARGETING_MATCH for every branch of an if chain, DISABLED")
    func ofrepReasons() async throws {
        try await TestServer.with(.json(Documents.bytes(Self.document)), configure: { $0.format = .flagd }) { _, running, client in
            let url = running.baseURL + "/ofrep/v1/evaluate/flags/"
            for (flag, plan, reason, value) in [("static", "pro", "STATIC", "a"), ("chain", "pro", "TARGETING_MATCH", "pro"),
                                                ("chain", "free", "TARGETING_MATCH", "free")] {
                let (fetched, json) = try await OFREPTests.post(client, url + flag, #"{"context":{"plan":"\#(plan)"}}"#)
                #expect(fetched.status == 200)
                #expect(json?.objectValue?["reason"] == .string(reason), "\(flag) \(plan)")
                #expect(json?.objectValue?["value"] == .string(value), "\(flag) \(plan)")
                #expect(json?.objectValue?["metadata"] == ["team": "checkout"])
            }
            let (_, off) = try await OFREPTests.post(client, url + "off", #"{"context":{}}"#)
            #expect(off?.objectValue?["reason"] == "DISABLED")
            #expect(off?.objectValue?["value"] == nil)
        }
    }
}
