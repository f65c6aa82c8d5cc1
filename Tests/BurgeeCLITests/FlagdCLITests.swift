import Foundation
import Testing

/// spec-fixtures/flagd/ through `burgee eval --format flagd --requests`: every case becomes a
/// request line, and the result line's `flagd` member must be the case's expected result.
@Suite("burgee eval --format flagd")
struct FlagdCLITests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("spec-fixtures/flagd")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasSuffix(".json") }.sorted()
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
    }

    static func text(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
    }

    @Test("every case of spec-fixtures/flagd gives its expected flagd member", arguments: files)
    func fixture(_ name: String) throws {
        let file = try Self.object(Data(contentsOf: Self.folder.appendingPathComponent(name)))
        let documents = try #require(file["documents"] as? [[String: Any]])
        // The command reads one document: cases about flags that a later document replaces or
        // adds are left to the Swift conformance tests, which merge documents.
        var later = Set<String>()
        for document in documents.dropFirst() { later.formUnion(((document["flags"] as? [String: Any]) ?? [:]).keys) }
        let files = try TemporaryFiles()
        let path = try files.write("flags.json", try Self.text(documents[0]))
        var lines: [String] = []
        var expected: [(String, String)] = []
        for c in try #require(file["cases"] as? [[String: Any]]) where !later.contains(c["flag"] as? String ?? "") {
            var request: [String: Any] = ["flag": c["flag"]!, "context": c["context"]!, "default": c["default"] ?? NSNull()]
            if let type = c["type"] { request["type"] = type }
            lines.append(try Self.text(request))
            expected.append((c["description"] as? String ?? "", try Self.text(c["expected"]!)))
        }
        var arguments = ["eval", "--definitions", path, "--format", "flagd", "--requests", "-",
                         "--flagd-fractional", file["fractionalRule"] as? String ?? "v2"]
        if let now = file["now"] as? String { arguments += ["--now", now] }
        let result = try CLIRunner.run(arguments, stdin: lines.joined(separator: "\n") + "\n")
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.lines.count == expected.count)
        for (line, (description, want)) in zip(result.lines, expected) {
            let flagd = try #require(try Self.object(Data(line.utf8))["flagd"])
            #expect(try Self.text(flagd) == want, "\(name): \(description)")
        }
    }

    @Test("an unknown --flagd-fractional is a usage error")
    func badRule() throws {
        let files = try TemporaryFiles()
        let path = try files.write("flags.json", FormatOptionTests.flagd)
        let result = try CLIRunner.run(["eval", "--definitions", path, "--flag", "f", "--context", "{}", "--flagd-fractional", "v9"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("v9"))
    }

    @Test("eval --json writes the flagd member, value absent when the default applies")
    func single() throws {
        let files = try TemporaryFiles()
        let path = try files.write("flags.json", #"{"flags":{"f":{"state":"DISABLED","variants":{"on":true},"defaultVariant":"on"}}}"#)
        let result = try CLIRunner.run(["eval", "--definitions", path, "--flag", "f", "--context", "{}", "--default", "false", "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains(#""flagd":{"errorCode":null,"flagMetadata":{},"reason":"DISABLED","variant":null}"#), "\(result.stdout)")
        #expect(result.stdout.contains(#""value":false"#))
    }
}
