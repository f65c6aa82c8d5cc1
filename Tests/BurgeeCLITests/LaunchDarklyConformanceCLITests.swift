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
        for (c, got, line) in try await Self.folder.evaluatedThroughCLI(name, format: "launchdarkly") {
            let expect = try #require(c["expect"])
            let where_ = "\(name) / \(c["name"].map { "\($0)" } ?? "?")"
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
