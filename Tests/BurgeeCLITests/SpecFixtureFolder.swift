import Foundation
import Testing

/// A folder of spec-fixtures case files (`{"cases": [...]}` objects) read by the CLI suites.
struct SpecFixtureFolder {
    /// The folder, from the repository's spec-fixtures (`"flagd"`, `"launchdarkly"`).
    let url: URL

    init(_ name: String) {
        url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec-fixtures").appendingPathComponent(name)
    }

    /// The `.json` files, sorted; throws when the folder cannot be read.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// ``files()`` for a parameterized test's arguments, which cannot throw: empty when the folder
    /// cannot be read, which the suite's count test (``counts()``) then reports as a failure.
    var arguments: [String] { (try? files()) ?? [] }

    /// The number of files and of cases in them; throws when the folder or a file cannot be read.
    func counts() throws -> (files: Int, cases: Int) {
        let names = try files()
        var cases = 0
        for name in names {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent(name))) as? [String: Any]
            cases += (object?["cases"] as? [Any])?.count ?? 0
        }
        return (names.count, cases)
    }

    /// Every case of file `name` through `burgee eval --format <format> --requests`, one request
    /// line per case (`{"flag", "context", "default"}`): each case with its result line, parsed,
    /// and the line's text, with `extra` arguments after the others (`--now`). Records a failure when
    /// the command fails or answers another number of lines.
    func evaluatedThroughCLI(_ name: String, format: String, arguments extra: [String] = [], passesType: Bool = false) async throws
        -> [(case: FixtureJSON, result: FixtureJSON, line: String)] {
        let data = try Data(contentsOf: url.appendingPathComponent(name))
        let file = try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
        let cases = try #require(file["cases"] as? [[String: Any]])
        let files = try TemporaryFiles()
        // As written: a round trip through JSONSerialization would write `3.0` as `3`.
        let definitionsText = try FixtureJSON.memberText("definitions", in: data) ?? FixtureJSON.text(file["definitions"] as Any)
        let definitions = try files.write("definitions.json", definitionsText)
        // Contexts and defaults as written too: an attribute `42.0` is not the integer 42 to every format.
        let caseTexts = FixtureJSON.elementTexts(of: "cases", in: data) ?? []
        #expect(caseTexts.count == cases.count, "\(name): \(caseTexts.count) case texts for \(cases.count) cases")
        var lines: [String] = []
        for (c, caseText) in zip(cases, caseTexts) {
            let caseData = Data(caseText.utf8)
            var members = ["\"flag\":" + (try FixtureJSON.text(c["flag"] as Any)),
                           "\"context\":" + (FixtureJSON.memberText("context", in: caseData) ?? "null"),
                           "\"default\":" + (FixtureJSON.memberText("default", in: caseData) ?? "null")]
            if passesType, let type = c["type"] { members.append("\"type\":" + (try FixtureJSON.text(type))) }
            // One line each: a raw line feed can only be white space between tokens in JSON.
            lines.append("{" + members.joined(separator: ",").replacingOccurrences(of: "\n", with: " ") + "}")
        }
        let requests = try files.write("requests.jsonl", lines.joined(separator: "\n") + "\n")
        // A file's `now` fixes the evaluation clock.
        let now = extra.contains("--now") ? [] : (file["now"] as? String).map { ["--now", $0] } ?? []
        let result = try await CLIRunner.run(["eval", "--format", format, "--definitions", definitions, "--requests", requests] + now + extra)
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.lines.count == cases.count, "\(name): \(result.lines.count) lines for \(cases.count) cases")
        guard case .array(let expected) = try FixtureJSON.parse(try FixtureJSON.text(cases)) else { return [] }
        return try zip(expected, result.lines).map { ($0, try FixtureJSON.parse($1), $1) }
    }
}
