import Foundation
import Testing

/// Every case of spec-fixtures/launchdarkly/ through `burgee eval --format launchdarkly
/// --requests`: each case becomes a request line, each result line is compared with the case's
/// `expect` (value, variationIndex, reason) and named variation (the index as text).
@Suite("spec-fixtures/launchdarkly through burgee eval --requests")
struct LaunchDarklyConformanceCLITests {
    static let folder = SpecFixtureFolder("launchdarkly")
    static var directory: URL { folder.url }
    static var caseFiles: [String] { folder.arguments }
    typealias JSON = FixtureJSON

    @Test("the folder holds at least 457 cases in at least 18 files")
    func count() throws {
        let (files, cases) = try Self.folder.counts()
        #expect(files >= 18, "\(files) files")
        #expect(cases >= 457, "\(cases) cases")
    }

    @Test("case file", arguments: caseFiles)
    func caseFile(_ name: String) async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let file = try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
        let cases = try #require(file["cases"] as? [[String: Any]])
        let files = try TemporaryFiles()
        let definitions = try files.write("definitions.json", try FixtureJSON.text(file["definitions"] as Any))
        var lines: [String] = []
        for c in cases {
            var request: [String: Any] = ["flag": c["flag"] as Any, "context": c["context"] ?? NSNull()]
            request["default"] = c["default"] ?? NSNull()
            lines.append(try FixtureJSON.text(request))
        }
        let requests = try files.write("requests.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--definitions", definitions, "--requests", requests])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.lines.count == cases.count, "\(name): \(result.lines.count) lines for \(cases.count) cases")
        let expected = try JSON.parse(try FixtureJSON.text(cases))
        guard case .array(let expectedCases) = expected else { return }
        for (c, line) in zip(expectedCases, result.lines) {
            let caseName = c["name"].map { "\($0)" } ?? "?"
            let got = try JSON.parse(line)
            let expect = try #require(c["expect"])
            let where_ = "\(name) / \(caseName)"
            #expect(got["flag"] == c["flag"], "\(where_): flag")
            #expect(got["value"] == (expect["value"] ?? .null), "\(where_): value in \(line)")
            #expect(got["variationIndex"] == (expect["variationIndex"] ?? .null), "\(where_): index in \(line)")
            #expect(got["reason"] == expect["reason"], "\(where_): reason in \(line)")
            var variation = JSON.null
            if case .number(let index)? = expect["variationIndex"] { variation = .string(Array(String(Int(index)).unicodeScalars)) }
            #expect(got["variation"] == variation, "\(where_): variation in \(line)")
        }
    }
}
