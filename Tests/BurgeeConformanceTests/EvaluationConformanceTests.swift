import BurgeeCore
import Testing

/// Runs every case file of spec-fixtures/ against the evaluator.
@Suite("spec-fixtures evaluation cases")
struct EvaluationConformanceTests {
    @Test("the suite is as large as promised")
    func suiteSize() throws {
        let files = try FixtureFiles.jsonFiles(in: "")
        var cases = 0
        for file in files {
            cases += try FixtureFiles.json(file).objectValue?["cases"]?.arrayValue?.count ?? 0
        }
        #expect(files.count >= 23, "\(files.count) files")
        #expect(cases >= 793, "\(cases) cases")
    }

    @Test("case file", arguments: FixtureFiles.caseFiles)
    func caseFile(_ name: String) throws {
        let file = try #require(FixtureFiles.json(name).objectValue, "\(name) is not an object")
        let definitions = try #require(file["definitions"], "\(name) has no 'definitions'")
        let snapshot: Snapshot? = definitions.isNull ? nil : try Snapshot(compiling: DefinitionsDocument(json: definitions))
        let cases = try #require(file["cases"]?.arrayValue, "\(name) has no 'cases'")
        #expect(!cases.isEmpty)
        for item in cases {
            let c = try #require(item.objectValue)
            let caseName = c["name"]?.stringValue ?? "?"
            let flag = try #require(c["flag"]?.stringValue, "\(name)/\(caseName): no flag")
            let context = Context(json: c["context"] ?? .null)
            let defaultValue = c["default"] ?? .null
            var type: ValueType?
            if let t = c["type"]?.stringValue {
                guard let known = ValueType(rawValue: t) else {
                    Issue.record("\(name)/\(caseName): unknown type \(t)")
                    continue
                }
                type = known
            }
            let expect = try #require(c["expect"]?.objectValue, "\(name)/\(caseName): no expect")
            // The context as given, and prepared: its attributes read by the program's slots.
            let prepared = snapshot?.prepare(context) ?? context
            for (how, context) in [("", context), (" (prepared)", prepared)] {
                let detail = snapshot?.evaluate(flag, context: context, default: defaultValue, as: type)
                    ?? .error(.clientNotReady, default: defaultValue)
                let expectedVariation = expect["variation"] ?? .null
                let expectedIndex = expect["variationIndex"] ?? .null
                let gotVariation: JSONValue = detail.variationKey.map(JSONValue.string) ?? .null
                let gotIndex: JSONValue = detail.variationIndex.map { .number(Double($0)) } ?? .null
                let where_ = "\(name) / \(caseName)\(how)"
                #expect(detail.value == (expect["value"] ?? .null), "\(where_): value")
                #expect(gotVariation == expectedVariation, "\(where_): variation")
                #expect(gotIndex == expectedIndex, "\(where_): variationIndex")
                #expect(detail.reason.json == (expect["reason"] ?? .null),
                        "\(where_): reason \(detail.reason.json.serialized()) expected \((expect["reason"] ?? .null).serialized())")
            }
        }
    }
}
