import BurgeeCore
import Testing

/// Runs every case file of spec-fixtures/split/ (Split's semantics, in its own data format)
/// against the evaluator, with Split's answer (`treatment`, `config`, `label`, `changeNumber`)
/// read from the snapshot. `SplitConformanceCLITests` runs the same cases through
/// `burgee eval --format split --requests`.
@Suite("spec-fixtures/split cases")
struct SplitConformanceTests {
    static let directory = "split"

    /// The case files, by name.
    static var caseFiles: [String] { FixtureFiles.arguments(in: directory) }

    @Test("the suite is as large as promised: at least 300 cases in at least 18 files")
    func suiteSize() throws {
        try FixtureFiles.expectSize(of: Self.directory, files: 18, cases: 300)
    }

    @Test("case file", arguments: caseFiles)
    func caseFile(_ name: String) throws {
        let file = try FixtureFiles.caseFile(name, in: Self.directory)
        let definitions = try #require(file["definitions"], "\(name) has no 'definitions'")
        let snapshot = try Snapshot(compiling: Definitions(json: definitions, format: .split))
        let dialect = FormatRegistry.dialect(of: .split)
        let cases = try #require(file["cases"]?.arrayValue, "\(name) has no 'cases'")
        #expect(!cases.isEmpty)
        var names: Set<String> = []
        for item in cases {
            let c = try #require(item.objectValue)
            let caseName = c["name"]?.stringValue ?? "?"
            #expect(names.insert(caseName).inserted, "\(name): case \(caseName) twice")
            let requested = try #require(c["flag"]?.stringValue, "\(name)/\(caseName): no flag")
            let flag = dialect.flagKey(requested: requested) ?? requested
            let detail = dialect.flagKey(requested: requested) == nil
                ? .error(.invalidContext, default: c["default"] ?? .null)
                : snapshot.evaluate(flag, context: Context(splitJSON: c["context"] ?? .null), default: c["default"] ?? .null)
            let expect = try #require(c["expect"]?.objectValue, "\(name)/\(caseName): no expect")
            let where_ = "\(name) / \(caseName)"
            #expect(detail.value == (expect["value"] ?? .null), "\(where_): value \(detail.value)")
            #expect((detail.variationKey.map(JSONValue.string) ?? .null) == (expect["variation"] ?? .null),
                    "\(where_): variation \(detail.variationKey ?? "null")")
            #expect(detail.reason.json == (expect["reason"] ?? .null),
                    "\(where_): reason \(detail.reason.json.serialized()) expected \((expect["reason"] ?? .null).serialized())")
            let split = snapshot.splitResult(for: detail, flag: flag).json
            #expect(split == (expect["split"] ?? .null),
                    "\(where_): split \(split.serialized()) expected \((expect["split"] ?? .null).serialized())")
        }
    }
}
