import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import CompressNIO
import NIOCore
import Foundation
import Testing

/// The server in Split mode as Split's auth and streaming services: the token of `/api/v2/auth`,
/// and `/event-stream`'s occupancy, notifications of file changes, and pushed messages.
@Suite("Split push")
struct SplitPushTests {
    static let standard = SplitModeTests.standard

    /// A Split message as received: the Ably message and its inner `data`, parsed.
    struct Message {
        var event: String
        var outer: [String: JSONValue]
        var inner: [String: JSONValue]
        var channel: String { outer["channel"]?.stringValue ?? "" }
        var type: String? { inner["type"]?.stringValue }
    }

    private func withSplit<R>(_ json: String = Self.standard, key: String? = "sdk-key", push: Bool = true,
                              source: DefinitionsServer.Source? = nil,
                              _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R) async throws -> R {
        try await TestServer.with(source ?? .json(Documents.bytes(json)), configure: {
            $0.format = .split
            $0.sdkKey = key
            $0.offersPush = push
            $0.heartbeatInterval = .milliseconds(100)
        }) { try await body($0, $1, $2) }
    }

    private func token(_ client: HTTPClient, _ running: RunningDefinitionsServer) async throws -> String {
        let fetched = try await HTTP.fetch(client, running.clientURL + "/v2/auth?s=1.3", headers: [("Authorization", "Bearer sdk-key")])
        let json = try JSONValue(parsing: fetched.body)
        return try #require(json.objectValue?["token"]?.stringValue)
    }

    private static func decodeSegment(_ part: Substring) throws -> JSONValue {
        var text = String(part).replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        text += String(repeating: "=", count: (4 - text.count % 4) % 4)
        return try JSONValue(parsing: Array(try #require(Data(base64Encoded: text))))
    }

    private func open(_ client: HTTPClient, _ url: String) async throws -> EventStreamReader {
        let response = try await client.execute(HTTP.request(url), timeout: .seconds(10))
        #expect(response.status == .ok)
        #expect(response.headers.first(name: "content-type") == "text/event-stream")
        return EventStreamReader(response)
    }

    private func nextMessage(_ reader: EventStreamReader) async throws -> Message? {
        guard let event = try await reader.nextEvent() else { return nil }
        let outer = try #require(try JSONValue(parsing: event.data).objectValue)
        let inner = (outer["data"]?.stringValue).flatMap { try? JSONValue(parsing: $0) }?.objectValue ?? [:]
        return Message(event: event.event, outer: outer, inner: inner)
    }

    private func streamURL(_ running: RunningDefinitionsServer, token: String, underAPI: Bool = false) -> String {
        (underAPI ? running.clientURL : running.baseURL) + "/event-stream?v=1.1&accessToken=\(token)"
            + "&channels=burgee_splits,burgee_segments,%5B%3Foccupancy%3Dmetrics.publishers%5Dcontrol_pri"
    }

    @Test func authAnswersAJWTShapedTokenNamingTheChannels() async throws {
        try await withSplit { _, running, client in
            let token = try await token(client, running)
            let parts = token.split(separator: ".", omittingEmptySubsequences: false)
            #expect(parts.count == 3)
            #expect(parts.allSatisfy { !$0.isEmpty && !$0.contains("=") && !$0.contains("+") && !$0.contains("/") })
            // Split's Python SDK decodes with standard base64, which would drop '-' and '_'.
            #expect(!parts[1].contains("-") && !parts[1].contains("_"))
            let header = try Self.decodeSegment(parts[0])
            #expect(header.objectValue?["typ"] == "JWT")
            let payload = try #require(try Self.decodeSegment(parts[1]).objectValue)
            let iat = try #require(payload["iat"]?.int64Value)
            let exp = try #require(payload["exp"]?.int64Value)
            #expect(exp - iat == 3600)
            #expect(abs(iat - Int64(Date().timeIntervalSince1970)) < 60)
            let capability = try JSONValue(parsing: try #require(payload["x-ably-capability"]?.stringValue))
            #expect(capability == [
                "burgee_splits": ["subscribe"], "burgee_segments": ["subscribe"],
                "control_pri": ["subscribe", "channel-metadata:publishers"],
                "control_sec": ["subscribe", "channel-metadata:publishers"],
            ])
        }
    }

    @Test func pushTurnedOffAnswersPushDisabled() async throws {
        try await withSplit(push: false) { _, running, client in
            let fetched = try await HTTP.fetch(client, running.clientURL + "/v2/auth?s=1.3", headers: [("Authorization", "Bearer sdk-key")])
            #expect(try JSONValue(parsing: fetched.body) == ["pushEnabled": false, "token": ""])
            #expect(try await HTTP.fetch(client, streamURL(running, token: "x.y.z")).status == 404)
        }
    }

    @Test func theStreamNeedsAnIssuedToken() async throws {
        try await withSplit { _, running, client in
            let issued = try await token(client, running)
            let parts = issued.split(separator: ".")
            let forged = parts[0] + "." + parts[1] + ".forged"
            #expect(try await HTTP.fetch(client, streamURL(running, token: String(forged))).status == 401)
            #expect(try await HTTP.fetch(client, running.baseURL + "/event-stream?v=1.1").status == 401)
        }
    }

    @Test(arguments: [false, true])
    func theStreamOpensWithOccupancyThenCarriesPushedMessages(underAPI: Bool) async throws {
        try await withSplit { server, running, client in
            let reader = try await open(client, streamURL(running, token: try await token(client, running), underAPI: underAPI))
            var timestamps: [Int64] = []
            for channel in ["control_pri", "control_sec"] {
                let message = try #require(try await nextMessage(reader))
                #expect(message.event == "message")
                #expect(message.outer["name"] == "[meta]occupancy")
                #expect(message.channel == "[?occupancy=metrics.publishers]" + channel)
                #expect(message.inner == ["metrics": ["publishers": 1]])
                timestamps.append(try #require(message.outer["timestamp"]?.int64Value))
            }
            server.push(.control(.streamingPaused))
            let control = try #require(try await nextMessage(reader))
            #expect(control.channel == "control_pri")
            #expect(control.inner == ["type": "CONTROL", "controlType": "STREAMING_PAUSED"])
            timestamps.append(try #require(control.outer["timestamp"]?.int64Value))
            server.push(.occupancy(.secondary, publishers: 0))
            let occupancy = try #require(try await nextMessage(reader))
            #expect(occupancy.channel == "[?occupancy=metrics.publishers]control_sec")
            #expect(occupancy.inner == ["metrics": ["publishers": 0]])
            timestamps.append(try #require(occupancy.outer["timestamp"]?.int64Value))
            // Split's SDKs ignore control and occupancy messages older than the last one.
            #expect(timestamps[0] == timestamps[1] && timestamps[1] < timestamps[2] && timestamps[2] < timestamps[3])
            server.push(.error(code: 40142, statusCode: 401, message: "Token expired"))
            let error = try #require(try await reader.nextEvent())
            #expect(error.event == "error")
            #expect(try JSONValue(parsing: error.data).objectValue?["code"] == 40142)
            // Keepalives keep idle clients' read timeouts alive.
            var sawComment = false
            while !sawComment, let item = try await reader.next() {
                if case .comment = item { sawComment = true }
            }
            #expect(sawComment)
        }
    }

    @Test func aNewStreamOpensWithTheLastPushedOccupancy() async throws {
        try await withSplit { server, running, client in
            server.push(.occupancy(.primary, publishers: 0))
            let reader = try await open(client, streamURL(running, token: try await token(client, running)))
            #expect(try await nextMessage(reader)?.inner == ["metrics": ["publishers": 0]])
            #expect(try await nextMessage(reader)?.inner == ["metrics": ["publishers": 1]])
        }
    }

    @Test func aFileChangeIsNotifiedAsSplitDoes() async throws {
        let before = SplitModeTests.document(flags: [SplitModeTests.flag("a"), SplitModeTests.flag("b", segment: "vips")])
        let killedA = SplitModeTests.flag("a").replacingOccurrences(of: #""killed":false"#, with: #""killed":true"#)
            .replacingOccurrences(of: #""defaultTreatment":"off""#, with: #""defaultTreatment":"dark""#)
        let after = SplitModeTests.document(flags: [killedA, SplitModeTests.flag("b", segment: "vips"), SplitModeTests.flag("c")],
                                            segments: #"{"vips":["u1","u3"]}"#)
        try await withTemporaryFile(before) { path in
            try await withSplit(source: .file(path)) { server, running, client in
                let reader = try await open(client, streamURL(running, token: try await token(client, running)))
                _ = try await nextMessage(reader)
                _ = try await nextMessage(reader)
                let old = server.currentDocumentVersion
                try Data(after.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
                var messages: [Message] = []
                for _ in 0..<3 { messages.append(try #require(try await nextMessage(reader))) }
                let new = server.currentDocumentVersion
                #expect(new > old)
                #expect(messages.map(\.type) == ["SEGMENT_UPDATE", "SPLIT_KILL", "SPLIT_UPDATE"])
                #expect(messages[0].channel == "burgee_segments")
                #expect(messages[0].inner == ["type": "SEGMENT_UPDATE", "changeNumber": .number(Double(new)), "segmentName": "vips"])
                #expect(messages[1].channel == "burgee_splits")
                #expect(messages[1].inner == ["type": "SPLIT_KILL", "changeNumber": .number(Double(new)), "splitName": "a",
                                              "defaultTreatment": "dark"])
                #expect(messages[2].inner == ["type": "SPLIT_UPDATE", "changeNumber": .number(Double(new)), "pcn": .number(Double(old))])
                #expect(messages.allSatisfy { $0.outer["timestamp"]?.int64Value != nil && $0.outer["id"] != nil })
            }
        }
    }

    @Test("one changed flag rides in SPLIT_UPDATE: base64 as is when small, gzip-compressed from 1 KiB")
    func oneChangedFlagIsCarried() async throws {
        try await withSplit { server, running, client in
            let reader = try await open(client, streamURL(running, token: try await token(client, running)))
            _ = try await nextMessage(reader)
            _ = try await nextMessage(reader)
            let blue = SplitModeTests.flag("a", sets: ["front"]).replacingOccurrences(of: #""defaultTreatment":"off""#, with: #""defaultTreatment":"blue""#)
            for (flag, compression) in [(blue, 0), (blue.replacingOccurrences(of: "blue", with: String(repeating: "b", count: 1200)), 1)] {
                let old = server.currentDocumentVersion
                let b = SplitModeTests.flag("b", sets: ["back"], segment: "vips")
                try server.update(definitions: Array(SplitModeTests.document(flags: [flag, b]).utf8))
                let message = try #require(try await nextMessage(reader))
                #expect(message.type == "SPLIT_UPDATE")
                #expect(message.inner["pcn"]?.int64Value == old)
                #expect(message.inner["changeNumber"]?.int64Value == server.currentDocumentVersion)
                #expect(message.inner["c"]?.int64Value == Int64(compression))
                let d = try #require(message.inner["d"]?.stringValue)
                var bytes = ByteBuffer(bytes: try #require(Data(base64Encoded: d)))
                if compression == 1 { bytes = try bytes.decompress(with: .gzip) }
                #expect(try JSONValue(parsing: String(buffer: bytes)) == JSONValue(parsing: flag))
            }
        }
    }

    @Test func ruleBasedSegmentChangesAreNotifiedAlone() async throws {
        try await withSplit { server, running, client in
            let reader = try await open(client, streamURL(running, token: try await token(client, running)))
            _ = try await nextMessage(reader)
            _ = try await nextMessage(reader)
            let changed = Self.standard.replacingOccurrences(of: #""excluded":{"keys":[]"#, with: #""excluded":{"keys":["u9"]"#)
            #expect(changed != Self.standard)
            try server.update(definitions: Array(changed.utf8))
            let message = try #require(try await nextMessage(reader))
            #expect(message.type == "RB_SEGMENT_UPDATE")
            #expect(message.inner["changeNumber"]?.int64Value == server.currentDocumentVersion)
        }
    }

    private func withTemporaryFile<R>(_ text: String, _ body: (String) async throws -> R) async throws -> R {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("burgee-split-push-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("split.json").path
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
        return try await body(path)
    }
}
