import Foundation
import Testing

/// Every case of spec-fixtures/split/ through `burgee eval --format split --requests`: each case
/// becomes a request line, each result line is compared with the case's `expect` (value,
/// variation, reason and the `split` member).
@Suite("spec-fixtures/split through burgee eval --requests")
struct SplitConformanceCLITests {
    static let folder = SpecFixtureFolder("split")

    @Test("the folder holds at least 300 cases in at least 18 files")
    func count() throws {
        let (files, cases) = try Self.folder.counts()
        #expect(files >= 18, "\(files) files")
        #expect(cases >= 300, "\(cases) cases")
    }

    @Test("case file", arguments: folder.arguments)
    func caseFile(_ name: String) async throws {
        for (c, got, line) in try await Self.folder.evaluatedThroughCLI(name, format: "split") {
            let expect = try #require(c["expect"])
            let where_ = "\(name) / \(c["name"].map { "\($0)" } ?? "?")"
            #expect(got["flag"] == c["flag"], "\(where_): flag")
            #expect(got["value"] == (expect["value"] ?? .null), "\(where_): value in \(line)")
            #expect(got["variation"] == (expect["variation"] ?? .null), "\(where_): variation in \(line)")
            #expect(got["reason"] == expect["reason"], "\(where_): reason in \(line)")
            #expect(got["split"] == expect["split"], "\(where_): split in \(line)")
        }
    }
}
