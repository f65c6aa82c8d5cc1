import BurgeeCore
import Foundation

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

    static func json(_ relativePath: String) throws -> JSONValue {
        let data = try Data(contentsOf: root.appendingPathComponent(relativePath))
        return try JSONValue(parsing: [UInt8](data))
    }
}
