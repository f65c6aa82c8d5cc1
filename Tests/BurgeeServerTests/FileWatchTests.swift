import BurgeeServer
import BurgeeTesting
import Foundation
import Testing

@Suite("Following a definitions file")
struct FileWatchTests {
    static func withDirectory<R>(_ body: (String) async throws -> R) async throws -> R {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("burgee-server-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        return try await body(directory)
    }

    static func write(_ text: String, to path: String, atomically: Bool = false) throws {
        try Data(text.utf8).write(to: URL(fileURLWithPath: path), options: atomically ? .atomic : [])
    }

    @Test("a rewritten file is served, with patches on open streams and versions bumped without edits")
    func rewrite() async throws {
        try await Self.withDirectory { directory in
            let path = directory + "/flags.json"
            try Self.write(Documents.document(flags: ["a": Documents.flag(on: true, extra: #","salt":"a""#)]), to: path)
            try await TestServer.with(.file(path)) { server, running, client in
                let (_, reader) = try await StreamTests.open(client, running)
                #expect(try await reader.nextEvent()?.event == "put")
                // Written in place, same size: only the time stamp and content differ.
                try Self.write(Documents.document(flags: ["a": Documents.flag(on: true, extra: #","salt":"b""#)]), to: path)
                let patch = try #require(try await reader.nextEvent())
                #expect(patch.event == "patch")
                #expect(try Documents.json(patch.data).objectValue?["version"] == 2)
                #expect(server.currentDocumentVersion == 1)

                // Replaced by rename, as editors save.
                try Self.write(Documents.document(flags: ["a": Documents.flag(on: true)]), to: path, atomically: true)
                let again = try #require(try await reader.nextEvent())
                #expect(try Documents.json(again.data).objectValue?["version"] == 3)
                #expect(try Documents.json(again.data).objectValue?["documentVersion"] == 2)
                let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
                #expect(fetched.body == server.currentDocument)
                #expect(try Documents.json(fetched.body).objectValue?["version"] == 2)
            }
        }
    }

    @Test("an invalid or missing file keeps the last good definitions, warning once per change")
    func invalidAndMissing() async throws {
        try await Self.withDirectory { directory in
            let path = directory + "/flags.json"
            let log = RecordingLogger()
            let clock = ManualClock()
            let interval = Duration.milliseconds(20)
            // Lets `count` watch intervals pass, each once the watcher waits for it; returns once
            // it has looked at the file and waits again.
            func poll(_ count: Int = 1) async throws {
                for _ in 0..<count {
                    try await clock.sleepers(atLeast: 1)
                    #expect(clock.advance(by: interval) == 1)
                    try await clock.sleepers(atLeast: 1)
                }
            }
            try Self.write(Documents.document(flags: ["a": Documents.flag(on: true)]), to: path, atomically: true)
            try await TestServer.with(.file(path), logger: log.logger, configure: {
                $0.watchInterval = interval
                $0.watchClock = clock
            }) { server, running, client in
                let good = server.currentDocument
                // Written by rename, so that no poll reads a half-written file and warns about that.
                try Self.write("{\"formatVersion\":1,\"flags\":{", to: path, atomically: true)
                try await poll()
                #expect(log.messages(at: .warning).count == 1)
                // Several polls of the same bad file.
                try await poll(3)
                #expect(log.messages(at: .warning).count == 1)
                #expect(log.messages(at: .warning).first?.contains("flags.json") == true)
                #expect(server.currentDocument == good)

                try FileManager.default.removeItem(atPath: path)
                try await poll()
                #expect(log.messages(at: .warning).count == 2)
                try await poll(3)
                #expect(log.messages(at: .warning).count == 2)
                let fetched = try await HTTP.fetch(client, running.baseURL + "/definitions")
                #expect(fetched.body == good)

                // The same unusable bytes as before, back after the file was missing: reported again.
                try Self.write("{\"formatVersion\":1,\"flags\":{", to: path, atomically: true)
                try await poll()
                #expect(log.messages(at: .warning).count == 3)

                try Self.write(Documents.document(formatVersionTwo: ()), to: path, atomically: true)
                try await poll()
                #expect(log.messages(at: .warning).count == 4)

                try Self.write(Documents.document(flags: ["a": Documents.flag(on: false)]), to: path, atomically: true)
                try await poll()
                #expect(server.currentDocument != good)
                #expect(try Documents.json(server.currentDocument).objectValue?["flags"]?.objectValue?["a"]?.objectValue?["version"] == 2)
                #expect(log.messages(at: .warning).count == 4)
            }
        }
    }

    @Test("a file that cannot be read or used at start is refused with a clear error")
    func refusedAtStart() async throws {
        try await Self.withDirectory { directory in
            let path = directory + "/flags.json"
            #expect {
                try DefinitionsServer(definitions: .file(path), logger: .quiet)
            } throws: { error in
                "\(error)".contains("cannot read '\(path)'")
            }
            try Self.write("[1]", to: path)
            #expect {
                try DefinitionsServer(definitions: .file(path), logger: .quiet)
            } throws: { error in
                "\(error)".contains("not a Burgee definitions document")
            }
        }
    }
}

extension Documents {
    /// A document of a format version this server does not read.
    static func document(formatVersionTwo: ()) -> String {
        #"{"formatVersion":2,"flags":{}}"#
    }
}
