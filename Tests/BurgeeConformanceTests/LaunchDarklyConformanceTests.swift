import BurgeeCore
import Foundation
import Testing

/// Runs every case file of spec-fixtures/launchdarkly/ (LaunchDarkly's semantics, in its own data
/// format) against the evaluator. `LaunchDarklyConformanceCLITests` runs the same cases through
/// `burgee eval --format launchdarkly --requests`.
@Suite("spec-fixtures/launchdarkly cases")
struct LaunchDarklyConformanceTests {
    static let directory = "launchdarkly"

    /// The case files, by name.
    static var caseFiles: [String] { FixtureFiles.arguments(in: directory) }

    @Test("the suite is as large as promised: at least 457 cases in at least 18 files")
    func suiteSize() throws {
        try FixtureFiles.expectSize(of: Self.directory, files: 18, cases: 457)
    }

    @Test("case file", arguments: caseFiles)
    func caseFile(_ name: String) throws {
        let file = try FixtureFiles.caseFile(name, in: Self.directory)
        let definitions = try #require(file["definitions"], "\(name) has no 'definitions'")
        let snapshot = try Snapshot(compiling: Definitions(json: definitions, format: .launchDarkly))
        for problem in file["problems"]?.arrayValue ?? [] {
            let severity = problem.objectValue?["severity"]?.stringValue
            let path = problem.objectValue?["path"]?.stringValue
            #expect(snapshot.problems.contains { $0.severity.rawValue == severity && "\($0.path)" == path },
                    "\(name): no \(severity ?? "?") at \(path ?? "?") in \(snapshot.problems)")
        }
        let cases = try #require(file["cases"]?.arrayValue, "\(name) has no 'cases'")
        #expect(!cases.isEmpty)
        var names: Set<String> = []
        for item in cases {
            let c = try #require(item.objectValue)
            let caseName = c["name"]?.stringValue ?? "?"
            #expect(names.insert(caseName).inserted, "\(name): case \(caseName) twice")
            let flag = try #require(c["flag"]?.stringValue, "\(name)/\(caseName): no flag")
            let context = Context(launchDarklyJSON: c["context"] ?? .null)
            let expect = try #require(c["expect"]?.objectValue, "\(name)/\(caseName): no expect")
            // The context as given, and prepared: its attributes read by the program's slots.
            for (how, context) in [("", context), (" (prepared)", snapshot.prepare(context))] {
                let detail = snapshot.evaluate(flag, context: context, default: c["default"] ?? .null)
                let gotIndex: JSONValue = detail.variationIndex.map { .number(Double($0)) } ?? .null
                let where_ = "\(name) / \(caseName)\(how)"
                #expect(detail.value == (expect["value"] ?? .null), "\(where_): value \(detail.value)")
                #expect(gotIndex == (expect["variationIndex"] ?? .null), "\(where_): variationIndex \(gotIndex)")
                #expect(detail.reason.json == (expect["reason"] ?? .null),
                        "\(where_): reason \(detail.reason.json.serialized()) expected \((expect["reason"] ?? .null).serialized())")
            }
        }
    }
}
