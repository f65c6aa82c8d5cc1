import BurgeeCore
import Testing

/// Runs every case file of spec-fixtures/datadog/ and spec-fixtures/eppo/ (UFC documents read as
/// Datadog's and Eppo's SDKs read them) against the evaluator, with the vendor's own result.
/// `UFCConformanceCLITests` runs the same cases through `burgee eval --requests`.
@Suite("spec-fixtures/datadog and spec-fixtures/eppo cases")
struct UFCConformanceTests {
    static var datadogFiles: [String] { FixtureFiles.arguments(in: "datadog") }
    static var eppoFiles: [String] { FixtureFiles.arguments(in: "eppo") }

    @Test("the suites are as large as promised: at least 250 cases together")
    func suiteSize() throws {
        let datadog = try FixtureFiles.caseCounts(in: "datadog")
        let eppo = try FixtureFiles.caseCounts(in: "eppo")
        #expect(datadog.misnamed.isEmpty && eppo.misnamed.isEmpty, "\(datadog.misnamed + eppo.misnamed)")
        #expect(datadog.cases >= 100 && eppo.cases >= 80, "datadog \(datadog.cases), eppo \(eppo.cases)")
        #expect(datadog.cases + eppo.cases >= 250)
    }

    @Test("datadog case file", arguments: datadogFiles)
    func datadog(_ name: String) throws {
        try Self.run(name, in: "datadog", format: .datadog)
    }

    @Test("eppo case file", arguments: eppoFiles)
    func eppo(_ name: String) throws {
        try Self.run(name, in: "eppo", format: .eppo)
    }

    static func run(_ name: String, in folder: String, format: DefinitionsFormat) throws {
        let file = try FixtureFiles.caseFile(name, in: folder)
        let definitions = try #require(file["definitions"], "\(name) has no 'definitions'")
        let now = file["now"]?.stringValue.flatMap { Timestamp(rfc3339: $0) }
        let runner = try UFCCaseRunner(definitions: definitions, format: format, now: now)
        let cases = try #require(file["cases"]?.arrayValue, "\(name) has no 'cases'")
        #expect(!cases.isEmpty)
        var names: Set<String> = []
        for item in cases {
            let c = try #require(item.objectValue)
            let caseName = c["name"]?.stringValue ?? "?"
            #expect(names.insert(caseName).inserted, "\(name): case \(caseName) twice")
            try runner.run(c, in: name)
        }
    }
}
