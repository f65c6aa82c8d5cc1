import BurgeeServer
import Logging
import Testing

@Suite("Versions assigned on change")
struct VersioningTests {
    static func server(_ document: String) throws -> DefinitionsServer {
        try DefinitionsServer(definitions: .json(Documents.bytes(document)), logger: .quiet)
    }

    static func servedFlags(_ server: DefinitionsServer) throws -> [String: JSONValue] {
        try #require(try Documents.json(server.currentDocument).objectValue?["flags"]?.objectValue)
    }

    @Test("a changed item gets the previous version + 1 even when the file keeps its version")
    func changedWithoutBump() throws {
        let server = try Self.server(Documents.document(version: 10, flags: ["a": Documents.flag(on: true, version: 5), "b": Documents.flag(on: true)]))
        let changes = try server.update(definitions: Documents.bytes(Documents.document(
            version: 10, flags: ["a": Documents.flag(on: false, version: 5), "b": Documents.flag(on: true)])))
        #expect(changes.count == 1)
        let change = try #require(changes.first)
        #expect(change.kind == .flag && change.key == "a" && change.version == 6 && change.documentVersion == 11)
        #expect(change.object?.objectValue?["version"] == 6)
        #expect(server.currentDocumentVersion == 11)
        let flags = try Self.servedFlags(server)
        #expect(flags["a"]?.objectValue?["version"] == 6)
        #expect(flags["b"]?.objectValue?["version"] == 1)
    }

    @Test("a file version above the served one wins, for items and for the document")
    func fileVersionWins() throws {
        let server = try Self.server(Documents.document(version: 10, flags: ["a": Documents.flag(on: true, version: 5)]))
        let changes = try server.update(definitions: Documents.bytes(Documents.document(
            version: 40, flags: ["a": Documents.flag(on: false, version: 30)])))
        #expect(changes.map(\.version) == [30])
        #expect(changes.map(\.documentVersion) == [40])
        #expect(server.currentDocumentVersion == 40)
    }

    @Test("nothing changed: no changes, same version and ETag, whatever the version members say")
    func unchanged() throws {
        let server = try Self.server(Documents.document(version: 10, flags: ["a": Documents.flag(on: true, version: 5)]))
        let tag = server.currentETag
        let changes = try server.update(definitions: Documents.bytes(Documents.document(
            version: 99, flags: ["a": Documents.flag(on: true, version: 77)])))
        #expect(changes.isEmpty)
        #expect(server.currentDocumentVersion == 10)
        #expect(server.currentETag == tag)
        // Same content with members in another order and numbers written differently.
        let reordered = #"{"segments":{},"flags":{"a":{"fallthrough":{"variation":"on"},"type":"boolean","enabled":true,"variations":[{"value":false,"key":"off"},{"key":"on","value":true}]}},"formatVersion":1.0}"#
        #expect(try server.update(definitions: Documents.bytes(reordered)).isEmpty)
        #expect(server.currentETag == tag)
    }

    @Test("new items start at their file version, at least 1; removed ones get delete at previous + 1")
    func addAndRemove() throws {
        let server = try Self.server(Documents.document(flags: ["a": Documents.flag(on: true, version: 4)],
                                                        segments: ["s": Documents.segment(included: ["x"])]))
        let changes = try server.update(definitions: Documents.bytes(Documents.document(
            flags: ["n0": Documents.flag(on: true), "n9": Documents.flag(on: true, version: 9)])))
        #expect(changes == [
            DefinitionsChange(kind: .segment, key: "s", version: 2, documentVersion: 1, object: nil),
            DefinitionsChange(kind: .flag, key: "n0", version: 1, documentVersion: 1,
                              object: try Documents.json(Documents.flag(on: true, version: 1))),
            DefinitionsChange(kind: .flag, key: "n9", version: 9, documentVersion: 1,
                              object: try Documents.json(Documents.flag(on: true, version: 9))),
            DefinitionsChange(kind: .flag, key: "a", version: 5, documentVersion: 1, object: nil),
        ])
        #expect(changes.filter(\.isDeletion).map(\.key) == ["s", "a"])
    }

    @Test("an item added again after removal is served above its tombstone")
    func reAddAfterTombstone() throws {
        let server = try Self.server(Documents.document(flags: ["a": Documents.flag(on: true, version: 7)]))
        let removal = try server.update(definitions: Documents.bytes(Documents.document()))
        #expect(removal.map(\.version) == [8])
        let added = try server.update(definitions: Documents.bytes(Documents.document(flags: ["a": Documents.flag(on: true, version: 2)])))
        #expect(added.map(\.version) == [9])
        #expect(added.first?.isDeletion == false)
        #expect(server.currentDocumentVersion == 2)
    }

    @Test("unusable documents are rejected whole and the served definitions stay",
          arguments: ["{", "[]", #"{"formatVersion":2,"flags":{}}"#, #"{"flags":{}}"#, #"{"formatVersion":1,"flags":[]}"#, ""])
    func rejected(document: String) throws {
        let server = try Self.server(TestServer.defaultDocument)
        let before = (server.currentDocument, server.currentETag, server.currentDocumentVersion)
        #expect(throws: DefinitionsError.self) { try server.update(definitions: Documents.bytes(document)) }
        #expect(server.currentDocument == before.0)
        #expect(server.currentETag == before.1)
        #expect(server.currentDocumentVersion == before.2)
    }

    @Test("an unusable first document is refused at start")
    func refusedAtStart() {
        #expect(throws: DefinitionsServerError.self) { try Self.server(#"{"formatVersion":1,"flags":3}"#) }
        #expect(throws: DefinitionsServerError.self) {
            try DefinitionsServer(definitions: .file("/nonexistent/burgee/defs.json"), logger: .quiet)
        }
    }
}
