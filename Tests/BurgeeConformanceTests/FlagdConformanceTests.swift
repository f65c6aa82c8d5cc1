import BurgeeCore
import Foundation
import Testing

/// Runs spec-fixtures/flagd/: flagd documents with cases of a flag, an OpenFeature context, a
/// default and the expected flagd result (see spec-fixtures/flagd/README.md).
@Suite("spec-fixtures/flagd")
struct FlagdConformanceTests {
    static var files: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: FixtureFiles.root.appendingPathComponent("flagd").path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test("the folder holds at least 250 cases in at least 10 files")
    func count() throws {
        var cases = 0
        for file in Self.files {
            cases += try FixtureFiles.json("flagd/" + file).objectValue?["cases"]?.arrayValue?.count ?? 0
        }
        #expect(Self.files.count >= 10)
        #expect(cases >= 250, "\(cases) cases")
    }

    @Test("every case gives its expected flagd result", arguments: files)
    func file(_ name: String) throws {
        let file = try #require(FixtureFiles.json("flagd/" + name).objectValue)
        let documents = try #require(file["documents"]?.arrayValue)
        let rule = try #require(FlagdFractionalRule(rawValue: file["fractionalRule"]?.stringValue ?? "v2"))
        let now = file["now"]?.stringValue.flatMap { Timestamp(rfc3339: $0) }
        let read = try documents.map { try FlagdDocument(json: $0) }
        let snapshot = Snapshot(flagd: read.count == 1 ? read[0] : FlagdDocument.merging(read),
                                options: FlagdLoweringOptions(fractionalRule: rule, now: now))
        let cases = try #require(file["cases"]?.arrayValue)
        #expect(!cases.isEmpty)
        for c in cases {
            let o = try #require(c.objectValue)
            let flag = try #require(o["flag"]?.stringValue)
            let type = o["type"]?.stringValue.flatMap(ValueType.init(rawValue:))
            let detail = snapshot.evaluate(flag, context: Context(flagdJSON: o["context"] ?? [:]), default: o["default"] ?? .null,
                                           as: type)
            let result = snapshot.flagdResult(for: detail, flag: flag)
            #expect(result.json == o["expected"], "\(name): \(o["description"]?.stringValue ?? flag): \(result.json)")
        }
    }

    @Test("a document that is not flagd's shape is refused as a whole", arguments: [
        "[]", #"{"flags":[]}"#, #"{"flags":"x"}"#, #"{"nothing":{}}"#,
    ])
    func refused(_ text: String) throws {
        let json = try JSONValue(parsing: Array(text.utf8))
        #expect(throws: DefinitionsError.self) { try FlagdDocument(json: json) }
    }

    @Test("targeting nested deeper than the limit makes only that flag malformed, with its path")
    func deepTargeting() throws {
        var targeting: JSONValue = ["a"]
        for _ in 0..<100 { targeting = ["!": targeting] }
        let json: JSONValue = ["flags": [
            "deep": ["state": "ENABLED", "variants": ["a": 1], "defaultVariant": "a", "targeting": targeting],
            "fine": ["state": "ENABLED", "variants": ["a": 1], "defaultVariant": "a"],
        ]]
        let snapshot = Snapshot(flagd: try FlagdDocument(json: json))
        #expect(snapshot.isMalformed(flag: "deep"))
        #expect(!snapshot.isMalformed(flag: "fine"))
        #expect(snapshot.problems.first?.path.description.hasPrefix("/flags/deep/targeting") == true)
    }

    @Test("wrong member types are problems of their flag", arguments: [
        #"{"state":"ENABLED","variants":[1],"defaultVariant":"a"}"#,
        #"{"state":true,"variants":{"a":1}}"#,
        #"{"state":"ENABLED","variants":{"a":1},"defaultVariant":7}"#,
        #"{"state":"ENABLED","variants":{"a":1},"metadata":[]}"#,
        #"{"state":"ENABLED","variants":{"a":1},"targeting":"x"}"#,
        #"{"state":"ENABLED","variants":{}}"#,
        #""flag""#,
    ])
    func wrongTypes(_ flag: String) throws {
        let json = try JSONValue(parsing: Array(#"{"flags":{"f":\#(flag)}}"#.utf8))
        let snapshot = Snapshot(flagd: try FlagdDocument(json: json))
        #expect(snapshot.isMalformed(flag: "f"))
        let detail = snapshot.evaluate("f", context: Context(flagdJSON: [:]), default: "d")
        #expect(snapshot.flagdResult(for: detail, flag: "f").errorCode == "PARSE_ERROR")
        #expect(detail.value == "d")
    }

    @Test("a context that is not an object is invalid; any object is valid, with or without a targeting key")
    func contexts() {
        #expect(!Context(flagdJSON: "x").isValid)
        #expect(Context(flagdJSON: [:]).isValid)
        #expect(Context(flagdJSON: ["targetingKey": "k"]).contexts.first?.key == "k")
    }
}
