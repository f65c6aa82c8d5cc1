import Foundation
import Testing

/// Every case of spec-fixtures/kameleoon/ through `burgee eval --format kameleoon --requests`,
/// with the file's `--now`: each case becomes a request line, each result line is compared with
/// the case's `expect` (value, variation, reason and the `kameleoon` member). A document
/// Kameleoon's SDKs refuse makes `eval` and `validate` exit 3, naming the path.
@Suite("spec-fixtures/kameleoon through burgee eval --requests")
struct KameleoonConformanceCLITests {
    static let folder = SpecFixtureFolder("kameleoon")

    @Test("the folder holds at least 300 cases in at least 30 files")
    func count() throws {
        let (files, cases) = try Self.folder.counts()
        #expect(files >= 30, "\(files) files")
        #expect(cases >= 300, "\(cases) cases")
    }

    @Test("case file", arguments: folder.arguments)
    func caseFile(_ name: String) async throws {
        let data = try Data(contentsOf: Self.folder.url.appendingPathComponent(name))
        let file = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        if file["documentError"] as? Bool == true {
            let files = try TemporaryFiles()
            let definitions = try files.write("definitions.json", try FixtureJSON.text(file["definitions"] as Any))
            let requests = try files.write("requests.jsonl", #"{"flag":"f","context":{"visitorCode":"v"}}"# + "\n")
            let paths = (file["problems"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
            #expect(!paths.isEmpty)
            for command in [["validate", definitions], ["eval", "--definitions", definitions, "--requests", requests]] {
                let result = try await CLIRunner.run(command + ["--format", "kameleoon"])
                #expect(result.status == 3, "\(name): \(command[0]) exits \(result.status)")
                for path in paths {
                    #expect((result.stderr + result.stdout).contains(path), "\(name): \(command[0]) does not name \(path): \(result.stderr)")
                }
            }
            return
        }
        let now = file["now"] as? String ?? "2026-03-01T12:00:00Z"
        for (c, got, line) in try await Self.folder.evaluatedThroughCLI(name, format: "kameleoon", arguments: ["--now", now]) {
            let expect = try #require(c["expect"])
            let where_ = "\(name) / \(c["name"].map { "\($0)" } ?? "?")"
            #expect(got["flag"] == c["flag"], "\(where_): flag")
            #expect(got["value"] == (expect["value"] ?? .null), "\(where_): value in \(line)")
            #expect(got["variation"] == (expect["variation"] ?? .null), "\(where_): variation in \(line)")
            #expect(got["reason"] == expect["reason"], "\(where_): reason in \(line)")
            #expect(got["kameleoon"] == expect["kameleoon"], "\(where_): kameleoon in \(line)")
        }
    }
}
