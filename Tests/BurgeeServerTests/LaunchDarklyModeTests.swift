import AsyncHTTPClient
import BurgeeCore
import BurgeeServer
import Foundation
import Testing

/// The server in LaunchDarkly mode: `GET /sdk/latest-all` and the `GET /all` stream, as a Relay Proxy serves them.
@Suite("LaunchDarkly mode")
struct LaunchDarklyModeTests {
    static func flag(_ key: String, on: Bool = true, version: Int? = nil) -> String {
        let version = version.map { #","version":\#($0)"# } ?? ""
        return #""\#(key)":{"key":"\#(key)","on":\#(on),"variations":[false,true],"offVariation":0,"fallthrough":{"variation":1}\#(version)}"#
    }

    static func document(_ flags: [String], segments: [String] = []) -> String {
        #"{"flags":{\#(flags.joined(separator: ","))},"segments":{\#(segments.joined(separator: ","))}}"#
    }

    static let segment = #""s":{"key":"s","included":["u-1"],"version":4}"#
    static let initial = document([flag("a", version: 7), flag("b")], segments: [segment])

    private func withLaunchDarkly<R>(_ json: String = Self.initial, key: String? = nil,
                                     _ body: (DefinitionsServer, RunningDefinitionsServer, HTTPClient) async throws -> R)
        async throws -> R
    {
        try await TestServer.with(.json(Documents.bytes(json)), configure: { $0.format = .launchDarkly; $0.sdkKey = key }) {
            try await body($0, $1, $2)
        }
    }

    private func openAll(_ client: HTTPClient, _ running: RunningDefinitionsServer,
                         headers: [(String, String)] = []) async throws -> (HTTPClientResponse, EventStreamReader) {
        let response = try await client.execute(HTTP.request(running.baseURL + "/all", headers: headers), timeout: .seconds(10))
        return (response, EventStreamReader(response))
    }

    @Test func latestAllIsTheDataSetWithServedVersionsAStrongETagAnd304() async throws {
        try await withLaunchDarkly { server, running, client in
            let first = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all")
            #expect(first.status == 200)
            #expect(first.header("content-type") == "application/json")
            let etag = try #require(first.header("etag"))
            #expect(etag == server.currentETag)
            let served = try Documents.json(first.body)
            // Only flags and segments; the file's versions kept, a missing one served as 1.
            #expect(served.objectValue?.keys.sorted() == ["flags", "segments"])
            #expect(served.objectValue?["flags"]?.objectValue?["a"]?.objectValue?["version"] == 7)
            #expect(served.objectValue?["flags"]?.objectValue?["b"]?.objectValue?["version"] == 1)
            #expect(served.objectValue?["segments"]?.objectValue?["s"]?.objectValue?["version"] == 4)
            let again = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all", headers: [("If-None-Match", etag)])
            #expect(again.status == 304)
            #expect(again.body.isEmpty)
        }
    }

    @Test func theStreamStartsWithAPutWithPathAndNoEventID() async throws {
        try await withLaunchDarkly { server, running, client in
            let (response, reader) = try await openAll(client, running)
            #expect(response.status.code == 200)
            #expect(response.headers["Content-Type"] == ["text/event-stream"])
            let put = try #require(try await reader.nextEvent())
            #expect(put.event == "put")
            #expect(put.id == nil)
            let data = try Documents.json(Array(put.data.utf8))
            #expect(data.objectValue?["path"] == "/")
            #expect(data.objectValue?["data"] == (try Documents.json(server.currentDocument)))
        }
    }

    @Test func fileChangesArriveAsPatchAndDeleteWithPathsAndVersions() async throws {
        try await withLaunchDarkly { server, running, client in
            let (_, reader) = try await openAll(client, running)
            _ = try #require(try await reader.nextEvent())
            // a changes (a version above the one served), b goes, c arrives, the segment is untouched.
            try server.update(definitions: Documents.bytes(Self.document([Self.flag("a", on: false), Self.flag("c")],
                                                                         segments: [Self.segment])))
            var events: [ReceivedEvent] = []
            for _ in 0..<3 { events.append(try #require(try await reader.nextEvent())) }
            let byPath = Dictionary(uniqueKeysWithValues: try events.map { event in
                let json = try Documents.json(Array(event.data.utf8))
                return (json.objectValue?["path"]?.stringValue ?? "", (event.event, json))
            })
            #expect(Set(byPath.keys) == ["/flags/a", "/flags/b", "/flags/c"])
            #expect(byPath["/flags/a"]?.0 == "patch")
            #expect(byPath["/flags/a"]?.1.objectValue?["data"]?.objectValue?["version"] == 8)
            #expect(byPath["/flags/a"]?.1.objectValue?["data"]?.objectValue?["on"] == false)
            #expect(byPath["/flags/c"]?.0 == "patch")
            #expect(byPath["/flags/c"]?.1.objectValue?["data"]?.objectValue?["version"] == 1)
            #expect(byPath["/flags/b"]?.0 == "delete")
            #expect(byPath["/flags/b"]?.1 == ["path": "/flags/b", "version": 2])
            #expect(events.allSatisfy { $0.id == nil })

            // Back again: above the tombstone's version.
            try server.update(definitions: Documents.bytes(Self.document([Self.flag("a", on: false), Self.flag("b"), Self.flag("c")],
                                                                         segments: [Self.segment])))
            let readded = try #require(try await reader.nextEvent())
            let json = try Documents.json(Array(readded.data.utf8))
            #expect(readded.event == "patch")
            #expect(json.objectValue?["path"] == "/flags/b")
            #expect(json.objectValue?["data"]?.objectValue?["version"] == 3)
        }
    }

    @Test func aStreamPutFileIsServedAsItsDataSet() async throws {
        let put = #"{"path":"/","data":\#(Self.initial)}"#
        try await withLaunchDarkly(put) { server, _, _ in
            let served = try Documents.json(server.currentDocument)
            #expect(served.objectValue?["flags"]?.objectValue?.keys.sorted() == ["a", "b"])
        }
    }

    @Test func theSDKKeyIsRequiredRawOnBothEndpoints() async throws {
        try await withLaunchDarkly(key: "sdk-123") { _, running, client in
            let withoutKey = [try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all").status,
                              try await HTTP.fetch(client, running.baseURL + "/all").status]
            #expect(withoutKey == [401, 401] as [Int])
            let fetched = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all", headers: [("Authorization", "sdk-123")])
            #expect(fetched.status == 200)
            let (response, reader) = try await openAll(client, running, headers: [("Authorization", "sdk-123")])
            #expect(response.status.code == 200)
            #expect(try await reader.nextEvent()?.event == "put")
        }
    }

    @Test func onlyLaunchDarklysPathsAreServed() async throws {
        try await withLaunchDarkly { _, running, client in
            for path in ["/definitions", "/stream", "/api/client/features", "/sdk/latest-flags/a/b", "/sdk/latest-everything", "/all/"] {
                let status = try await HTTP.fetch(client, running.baseURL + path).status
                #expect(status == 404, "\(path)")
            }
            let post = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all", method: "POST").status
            #expect(post == 405)
        }
    }

    @Test func ofrepEvaluatesTheServedLaunchDarklyFlagsAsTheyChange() async throws {
        try await withLaunchDarkly { server, running, client in
            let url = running.baseURL + "/ofrep/v1/evaluate/flags/a"
            let body = Documents.bytes(#"{"context":{"targetingKey":"u-1"}}"#)
            let on = try Documents.json(try await HTTP.fetch(client, url, method: "POST", body: body).body)
            #expect(on.objectValue?["value"] == true)
            try server.update(definitions: Documents.bytes(Self.document([Self.flag("a", on: false)])))
            let off = try Documents.json(try await HTTP.fetch(client, url, method: "POST", body: body).body)
            #expect(off.objectValue?["value"] == false)
        }
    }

    @Test func faultsApplyToBothEndpoints() async throws {
        try await withLaunchDarkly { server, running, client in
            server.inject(.status(503), on: .definitions)
            server.inject(.status(429), on: .stream)
            let first = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all").status
            let stream = try await HTTP.fetch(client, running.baseURL + "/all").status
            let second = try await HTTP.fetch(client, running.baseURL + "/sdk/latest-all").status
            #expect([first, stream, second] == [503, 429, 200] as [Int])
        }
    }

    @Test(arguments: [
        "not json", "[]", #"{"flags":[]}"#, #"{"flags":{"a":3}}"#, #"{"segments":"s"}"#, #"{"flags":{"a":null}}"#,
        #"{"formatVersion":1,"flags":{}}"#, #"{"features":[]}"#,
    ])
    func unusableDocumentsAreRefusedAndKeepTheServedOne(_ bad: String) async throws {
        #expect(throws: DefinitionsServerError.self) {
            _ = try DefinitionsServer(configuration: DefinitionsServerConfiguration(format: .launchDarkly),
                                      definitions: .json(Documents.bytes(bad)), logger: .quiet)
        }
        try await withLaunchDarkly { server, _, _ in
            let before = server.currentDocument
            #expect(throws: DefinitionsError.self) { try server.update(definitions: Documents.bytes(bad)) }
            #expect(server.currentDocument == before)
        }
    }

    @Test func aWatchedFileIsFollowed() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ld-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("flags.json").path
        try Data(Self.initial.utf8).write(to: URL(fileURLWithPath: path))
        try await TestServer.with(.file(path), configure: { $0.format = .launchDarkly }) { server, running, client in
            let (_, reader) = try await openAll(client, running)
            _ = try #require(try await reader.nextEvent())
            try Data(Self.document([Self.flag("a", version: 7), Self.flag("b")]).utf8).write(to: URL(fileURLWithPath: path))
            let delete = try #require(try await reader.nextEvent())
            #expect(delete.event == "delete")
            #expect(try Documents.json(Array(delete.data.utf8)) == ["path": "/segments/s", "version": 5])
            #expect(server.openStreams == 1)
        }
    }
}
