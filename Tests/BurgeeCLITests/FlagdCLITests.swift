import Foundation
import Testing

/// spec-fixtures/flagd/ through `burgee eval --format flagd --requests`: every case becomes a
/// request line, and the result line's `flagd` member must be the case's expected result.
@Suite("burgee eval --format flagd")
struct FlagdCLITests {
    static let fixtures = SpecFixtureFolder("flagd")
    static var folder: URL { fixtures.url }
    static var files: [String] { fixtures.arguments }

    @Test("spec-fixtures/flagd holds at least 469 cases in at least 10 files")
    func count() throws {
        let (files, cases) = try Self.fixtures.counts()
        #expect(files >= 10, "\(files) files")
        #expect(cases >= 469, "\(cases) cases")
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
    }

    static func text(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
    }

    @Test("every case of spec-fixtures/flagd gives its expected flagd member", arguments: files)
    func fixture(_ name: String) async throws {
        let file = try Self.object(Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let documents = try #require(file["documents"] as? [[String: Any]])
        // Several documents are merged by the command as by the SDK: --definitions once per document.
        let files = try TemporaryFiles()
        var definitions: [String] = []
        for (index, document) in documents.enumerated() {
            definitions += ["--definitions", try files.write("flags-\(index).json", try Self.text(document))]
        }
        var lines: [String] = []
        var expected: [(String, String)] = []
        for c in try #require(file["cases"] as? [[String: Any]]) {
            var request: [String: Any] = ["flag": c["flag"]!, "context": c["context"]!, "default": c["default"] ?? NSNull()]
            if let type = c["type"] { request["type"] = type }
            lines.append(try Self.text(request))
            expected.append((c["description"] as? String ?? "", try Self.text(c["expected"]!)))
        }
        var arguments = ["eval"] + definitions + ["--format", "flagd", "--requests", "-",
                         "--flagd-fractional", file["fractionalRule"] as? String ?? "v2"]
        if let now = file["now"] as? String { arguments += ["--now", now] }
        let result = try await CLIRunner.run(arguments, stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == expected.count)
        for (line, (description, want)) in zip(result.lines, expected) {
            let flagd = try #require(try Self.object(Data(line.utf8))["flagd"])
            #expect(try Self.text(flagd) == want, "\(name): \(description)")
        }
    }

    @Test("several --definitions: flagd documents only; another format, or a bad file, ends the command with 1")
    func severalDefinitions() async throws {
        let files = try TemporaryFiles()
        let flagd = try files.write("a.json", FormatOptionTests.flagd)
        let native = try files.write("b.json", #"{"formatVersion":1,"version":1,"flags":{},"segments":{}}"#)
        let broken = try files.write("c.json", #"{"flags": "#)
        for (arguments, words) in [
            (["--definitions", flagd, "--definitions", flagd, "--format", "native"], "only flagd documents can be merged"),
            (["--definitions", flagd, "--definitions", native], "document 2 has the shape of native Burgee definitions"),
            (["--definitions", flagd, "--definitions", broken], "c.json: definitions are not valid JSON"),
        ] {
            let result = try await CLIRunner.run(["eval"] + arguments + ["--flag", "f", "--context", "{}"])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stderr.contains(words), "\(result.stderr)")
        }
        #expect(try await CLIRunner.run(["eval", "--flag", "f"]).status == 64)
    }

    @Test("an unknown --flagd-fractional is a usage error")
    func badRule() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("flags.json", FormatOptionTests.flagd)
        let result = try await CLIRunner.run(["eval", "--definitions", path, "--flag", "f", "--context", "{}", "--flagd-fractional", "v9"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("v9"))
    }

    @Test("eval --json writes the flagd member, value absent when the default applies")
    func single() async throws {
        let files = try TemporaryFiles()
        let path = try files.write("flags.json", #"{"flags":{"f":{"state":"DISABLED","variants":{"on":true},"defaultVariant":"on"}}}"#)
        let result = try await CLIRunner.run(["eval", "--definitions", path, "--flag", "f", "--context", "{}", "--default", "false", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""flagd":{"errorCode":null,"flagMetadata":{},"reason":"DISABLED","variant":null}"#), "\(result.stdout)")
        #expect(result.stdout.contains(#""value":false"#))
    }
}
