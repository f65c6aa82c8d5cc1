import Testing
@testable import Burgee
import BurgeeCore

@Suite struct DefinitionsPatchTests {
    private func decode(_ event: String, _ data: String) throws(DataSourceError) -> DefinitionsPatch {
        try DefinitionsPatch(event: event, data: Array(data.utf8), limits: .default)
    }

    @Test func patchAndDeleteMessages() throws {
        let patch = try decode("patch", #"{"kind":"flag","key":"a","version":3,"documentVersion":9,"object":{"enabled":true}}"#)
        #expect(patch == DefinitionsPatch(kind: .flag, key: "a", version: 3, documentVersion: 9,
                                          operation: .upsert(.object(["enabled": true]))))
        let delete = try decode("delete", #"{"kind":"segment","key":"s","version":4}"#)
        #expect(delete == DefinitionsPatch(kind: .segment, key: "s", version: 4, operation: .delete))
    }

    @Test(arguments: [
        ("patch", "{"), ("patch", "[]"), ("patch", #"{"key":"a","version":1,"object":{}}"#),
        ("patch", #"{"kind":"rule","key":"a","version":1,"object":{}}"#),
        ("patch", #"{"kind":"flag","key":"","version":1,"object":{}}"#),
        ("patch", #"{"kind":"flag","key":"a","version":"1","object":{}}"#),
        ("patch", #"{"kind":"flag","key":"a","version":1.5,"object":{}}"#),
        ("patch", #"{"kind":"flag","key":"a","version":1}"#),
        ("patch", #"{"kind":"flag","key":"a","version":1,"object":[]}"#),
        ("patch", #"{"kind":"flag","key":"a","version":1,"documentVersion":"x","object":{}}"#),
        ("delete", #"{"kind":"flag","key":"a"}"#),
    ])
    func malformedMessagesAreInvalidData(_ event: String, _ data: String) {
        #expect(throws: DataSourceError.self) { try decode(event, data) }
        do { _ = try decode(event, data) } catch { #expect(error.kind == .invalidData) }
    }

    @Test func versionsDecideWhatApplies() throws {
        var held = try CurrentDefinitions(json: JSONValue(parsing: TestFiles.definitions(version: 10, flags: [
            TestFiles.flag("a", serves: "on", version: 5),
        ])), format: nil)
        let flagB = try JSONValue(parsing: "{" + TestFiles.flag("b", serves: "on") + "}")
        guard case .object(let members) = flagB, let objectB = members["b"] else { Issue.record(); return }
        func applying(_ patch: DefinitionsPatch) -> Bool { held.apply(patch) }

        // Older or equal versions are ignored; newer ones apply.
        #expect(!applying(DefinitionsPatch(kind: .flag, key: "a", version: 5, operation: .delete)))
        #expect(!applying(DefinitionsPatch(kind: .flag, key: "a", version: 4, operation: .upsert(objectB))))
        #expect(applying(DefinitionsPatch(kind: .flag, key: "b", version: 1, documentVersion: 11, operation: .upsert(objectB))))
        #expect(held.definitions.document?.flags["b"]?.version == 1)
        #expect(held.definitions.document?.version == 11)

        // A delete leaves a tombstone: an older patch does not bring the flag back.
        #expect(applying(DefinitionsPatch(kind: .flag, key: "a", version: 6, operation: .delete)))
        #expect(held.definitions.document?.flags["a"] == nil)
        #expect(!applying(DefinitionsPatch(kind: .flag, key: "a", version: 6, operation: .upsert(objectB))))
        #expect(applying(DefinitionsPatch(kind: .flag, key: "a", version: 7, operation: .upsert(objectB))))
        #expect(held.definitions.document?.flags["a"]?.version == 7, "the patch's version wins over the object's")

        // A lower document version does not lower the document's.
        #expect(applying(DefinitionsPatch(kind: .segment, key: "s", version: 1, documentVersion: 3, operation: .upsert(.object([:])))))
        #expect(held.definitions.document?.version == 11)
        #expect(held.definitions.document?.segments["s"] != nil)
    }

    @Test func malformedItemsAreKeptAsSentForTheCache() throws {
        var held = try CurrentDefinitions(json: JSONValue(parsing: TestFiles.definitions(version: 1, flags: [])), format: .native)
        func applying(_ patch: DefinitionsPatch) -> Bool { held.apply(patch) }
        let odd: JSONValue = .object(["enabled": "yes", "custom": [1, 2]])
        #expect(applying(DefinitionsPatch(kind: .flag, key: "odd", version: 2, operation: .upsert(odd))))
        #expect(held.definitions.document?.flags["odd"]?.isMalformed == true)
        guard case .object(let doc) = held.json, case .object(let flags)? = doc["flags"] else { Issue.record(); return }
        #expect(flags["odd"] == .object(["enabled": "yes", "custom": [1, 2], "version": 2]))
    }
}
