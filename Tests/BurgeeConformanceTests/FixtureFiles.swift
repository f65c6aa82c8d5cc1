import BurgeeCore
import Foundation

/// Locates and reads `spec-fixtures/` at the repository root.
enum FixtureFiles {
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("spec-fixtures")

    /// The case files (top level of spec-fixtures), by name.
    static var caseFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func json(_ relativePath: String) throws -> JSONValue {
        let data = try Data(contentsOf: root.appendingPathComponent(relativePath))
        return try JSONValue(parsing: [UInt8](data))
    }
}
