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

    @Test("the folder holds at least 457 cases in at least 18 files")
    func count() throws {
        let (files, cases) = try Self.folder.counts()
        #expect(files >= 18, "\(files) files")
        #expect(cases >= 457, "\(cases) cases")
    }

    static func json(_ value: Any) throws -> String {
        String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.fragmentsAllowed, .sortedKeys]), as: UTF8.self)
    }

    /// A JSON value, compared as the suite's README says: numbers by value, booleans never equal
    /// to numbers, objects regardless of member order, strings by Unicode scalars.
    indirect enum JSON: Decodable, Equatable {
        case null, bool(Bool), number(Double), string([Unicode.Scalar]), array([JSON]), object([String: JSON])

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if c.decodeNil() { self = .null }
            else if let b = try? c.decode(Bool.self) { self = .bool(b) }
            else if let n = try? c.decode(Double.self) { self = .number(n) }
            else if let s = try? c.decode(String.self) { self = .string(Array(s.unicodeScalars)) }
            else if let a = try? c.decode([JSON].self) { self = .array(a) }
            else { self = .object(try c.decode([String: JSON].self)) }
        }

        static func parse(_ text: String) throws -> JSON { try JSONDecoder().decode(JSON.self, from: Data(text.utf8)) }

        subscript(_ key: String) -> JSON? {
            if case .object(let o) = self { return o[key] }
            return nil
        }
    }

    @Test("case file", arguments: caseFiles)
    func caseFile(_ name: String) async throws {
        let data = try Data(contentsOf: Self.directory.appendingPathComponent(name))
        let file = try #require(try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed]) as? [String: Any])
        let cases = try #require(file["cases"] as? [[String: Any]])
        let files = try TemporaryFiles()
        let definitions = try files.write("definitions.json", try Self.json(file["definitions"] as Any))
        var lines: [String] = []
        for c in cases {
            var request: [String: Any] = ["flag": c["flag"] as Any, "context": c["context"] ?? NSNull()]
            request["default"] = c["default"] ?? NSNull()
            lines.append(try Self.json(request))
        }
        let requests = try files.write("requests.jsonl", lines.joined(separator: "\n") + "\n")
        let result = try await CLIRunner.run(["eval", "--format", "launchdarkly", "--definitions", definitions, "--requests", requests])
        #expect(result.status == 0, "\(name): \(result.stderr)")
        #expect(result.lines.count == cases.count, "\(name): \(result.lines.count) lines for \(cases.count) cases")
        let expected = try JSON.parse(try Self.json(cases))
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
