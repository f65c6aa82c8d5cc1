import BurgeeCore
import Testing

/// Runs every case file of spec-fixtures/kameleoon/ (Kameleoon's semantics, in its own format)
/// against the evaluator: each request's visitor is replayed as the command line replays it, and
/// Kameleoon's answer (the `kameleoon` member) is compared with the case's. Documents Kameleoon's
/// SDKs refuse must be refused, naming the path. `KameleoonConformanceCLITests` runs the same
/// cases through `burgee eval --format kameleoon --requests`.
@Suite("spec-fixtures/kameleoon cases")
struct KameleoonConformanceTests {
    static let directory = "kameleoon"
    static let defaultNow = "2026-03-01T12:00:00Z"

    static var caseFiles: [String] { FixtureFiles.arguments(in: directory) }

    @Test("the suite is as large as promised: at least 300 cases in at least 30 files")
    func suiteSize() throws {
        try FixtureFiles.expectSize(of: Self.directory, files: 30, cases: 300)
    }

    @Test("case file", arguments: caseFiles)
    func caseFile(_ name: String) throws {
        let file = try FixtureFiles.caseFile(name, in: Self.directory)
        let definitions = try #require(file["definitions"], "\(name) has no 'definitions'")
        if file["documentError"] == .bool(true) {
            let problems = try #require(file["problems"]?.arrayValue, "\(name): a refused document names its problems")
            do {
                _ = try Definitions(json: definitions, format: .kameleoon)
                Issue.record("\(name): the document was read; Kameleoon's SDKs refuse it")
            } catch {
                for problem in problems {
                    let path = try #require(problem.objectValue?["path"]?.stringValue)
                    #expect("\(error)".contains("'\(path)'"), "\(name): '\(error)' does not name \(path)")
                }
            }
            return
        }
        let now = try #require(Timestamp(rfc3339: file["now"]?.stringValue ?? Self.defaultNow))
        let snapshot = Snapshot(compiling: try Definitions(json: definitions, format: .kameleoon), flagSets: nil,
                                options: CompileOptions(now: now))
        let dialect = FormatRegistry.dialect(of: .kameleoon)
        let cases = try #require(file["cases"]?.arrayValue, "\(name) has no 'cases'")
        #expect(!cases.isEmpty)
        var names: Set<String> = []
        for item in cases {
            let c = try #require(item.objectValue)
            let caseName = c["name"]?.stringValue ?? "?"
            #expect(names.insert(caseName).inserted, "\(name): case \(caseName) twice")
            let flag = try #require(c["flag"]?.stringValue, "\(name)/\(caseName): no flag")
            let context = dialect.prepared(dialect.context(json: c["context"] ?? .null), flag: flag, in: snapshot)
            let detail = snapshot.evaluate(flag, context: context, default: .null)
            let vendor = try #require(dialect.vendorResult(of: detail, flag: flag, context: context, in: snapshot))
            let expect = try #require(c["expect"]?.objectValue, "\(name)/\(caseName): no expect")
            let where_ = "\(name) / \(caseName)"
            #expect(detail.value == (expect["value"] ?? .null), "\(where_): value \(detail.value.serialized())")
            #expect((detail.variationKey.map(JSONValue.string) ?? .null) == (expect["variation"] ?? .null),
                    "\(where_): variation \(detail.variationKey ?? "null")")
            let reason = (vendor.reason ?? detail.reason).json
            #expect(reason == (expect["reason"] ?? .null),
                    "\(where_): reason \(reason.serialized()) (\(detail.reason.json.serialized())) expected \((expect["reason"] ?? .null).serialized())")
            #expect(vendor.json == (expect["kameleoon"] ?? .null),
                    "\(where_): kameleoon \(vendor.json.serialized()) expected \((expect["kameleoon"] ?? .null).serialized())")
        }
    }
}
