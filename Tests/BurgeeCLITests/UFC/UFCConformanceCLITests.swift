import Foundation
import Testing

/// Every case of spec-fixtures/datadog/ and spec-fixtures/eppo/ through `burgee eval --format
/// datadog|eppo --requests`: each case becomes a request line (with its `type`, and the file's
/// `now` as `--now`), each result line is compared with the case's `expect` (value, variation,
/// the vendor's reason, and the members of the vendor's result the case names).
@Suite("spec-fixtures/datadog and spec-fixtures/eppo through burgee eval --requests")
struct UFCConformanceCLITests {
    static let datadog = SpecFixtureFolder("datadog")
    static let eppo = SpecFixtureFolder("eppo")

    @Test("datadog case file", arguments: datadog.arguments)
    func datadogFile(_ name: String) async throws {
        try await Self.run(name, in: Self.datadog, format: "datadog")
    }

    @Test("eppo case file", arguments: eppo.arguments)
    func eppoFile(_ name: String) async throws {
        try await Self.run(name, in: Self.eppo, format: "eppo")
    }

    static func run(_ name: String, in folder: SpecFixtureFolder, format: String) async throws {
        for (c, got, line) in try await folder.evaluatedThroughCLI(name, format: format, passesType: true) {
            let expect = try #require(c["expect"])
            let where_ = "\(name) / \(c["name"].map { "\($0)" } ?? "?")"
            #expect(got["value"] == (expect["value"] ?? .null), "\(where_): value in \(line)")
            #expect(got["variation"] == (expect["variation"] ?? .null), "\(where_): variation in \(line)")
            #expect(got["reason"] == expect["reason"], "\(where_): reason in \(line)")
            guard case .object(let members)? = expect[format] else { continue }
            for (member, value) in members {
                #expect(got[format]?[member] == value, "\(where_): \(format).\(member) in \(line)")
            }
        }
    }
}
