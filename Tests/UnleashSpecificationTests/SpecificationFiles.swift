import BurgeeCore
import Foundation

/// Locates the Unleash client specification (`../shared/unleash-client-specification/`, beside
/// the package) and Burgee's own Unleash fixtures (`spec-fixtures/unleash/`).
enum SpecificationFiles {
    static let packageRoot: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The specification's folder of case files.
    static let specificationFolder = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared/unleash-client-specification/specifications")

    /// Burgee's Unleash fixtures.
    static let fixtureFolder = packageRoot.appendingPathComponent("spec-fixtures/unleash")

    /// Whether the specification is there to run.
    static var specificationIsPresent: Bool {
        FileManager.default.fileExists(atPath: specificationFolder.appendingPathComponent("index.json").path)
    }

    /// Whether the tests run in CI (`CI=true`), where the specification's absence is a failure.
    static var isCI: Bool { ProcessInfo.processInfo.environment["CI"] == "true" }

    /// Whether the specification's tests run: when it is present, and always in CI.
    static var specificationRuns: Bool { specificationIsPresent || isCI }

    /// The files `index.json` lists, in order; empty when the specification is absent.
    static var specificationFiles: [String] {
        guard let index = try? json(specificationFolder.appendingPathComponent("index.json")), case .array(let names) = index else {
            return []
        }
        return names.compactMap(\.stringValue)
    }

    /// The fixture files, by name; throws when the folder cannot be read.
    static func listFixtureFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: fixtureFolder.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// ``listFixtureFiles()`` for a parameterized test's arguments, which cannot throw: empty when
    /// the folder cannot be read, which the fixtures' count test then reports as a failure.
    static var fixtureFiles: [String] { (try? listFixtureFiles()) ?? [] }

    static func json(_ url: URL) throws -> JSONValue {
        try JSONParser().parse([UInt8](Data(contentsOf: url)))
    }
}
