import BurgeeCore
import Foundation
import Testing

/// Locates and reads `spec-fixtures/` at the repository root.
enum FixtureFiles {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec-fixtures")

    /// The case files (top level of spec-fixtures), by name.
    static var caseFiles: [String] { arguments(in: "") }

    /// The `.json` files of `folder` (relative to spec-fixtures, "" for the top level), sorted.
    /// Throws when the folder cannot be read.
    static func jsonFiles(in folder: String) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)
            .filter { $0.hasSuffix(".json") }.sorted()
    }

    /// ``jsonFiles(in:)`` for a parameterized test's arguments, which cannot throw: empty when the
    /// folder cannot be read, which each suite's count test then reports as a failure.
    static func arguments(in folder: String) -> [String] {
        (try? jsonFiles(in: folder)) ?? []
    }

    /// The number of case files in `folder` and of cases in them, and the files whose `name` is
    /// not their file name without `.json`.
    static func caseCounts(in folder: String) throws -> (files: Int, cases: Int, misnamed: [String]) {
        let files = try jsonFiles(in: folder)
        var cases = 0
        var misnamed: [String] = []
        for name in files {
            let file = try json(folder.isEmpty ? name : "\(folder)/\(name)").objectValue
            if file?["name"]?.stringValue.map({ $0 + ".json" }) != name { misnamed.append(name) }
            cases += file?["cases"]?.arrayValue?.count ?? 0
        }
        return (files.count, cases, misnamed)
    }

    /// Expects `folder` to hold at least `files` case files and `cases` cases, each file named as its `name`.
    static func expectSize(of folder: String, files minimumFiles: Int, cases minimumCases: Int,
                           sourceLocation: SourceLocation = #_sourceLocation) throws {
        let (files, cases, misnamed) = try caseCounts(in: folder)
        #expect(misnamed.isEmpty, "files whose name is not theirs: \(misnamed)", sourceLocation: sourceLocation)
        #expect(files >= minimumFiles, "\(files) files", sourceLocation: sourceLocation)
        #expect(cases >= minimumCases, "\(cases) cases", sourceLocation: sourceLocation)
    }

    /// The case file `name` of `folder`, as an object.
    static func caseFile(_ name: String, in folder: String) throws -> [String: JSONValue] {
        try #require(json("\(folder)/\(name)").objectValue, "\(name) is not an object")
    }

    static func json(_ relativePath: String) throws -> JSONValue {
        let data = try Data(contentsOf: root.appendingPathComponent(relativePath))
        return try JSONValue(parsing: [UInt8](data))
    }
}
