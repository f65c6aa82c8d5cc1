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

    /// The files `index.json` lists, in order; empty when the specification is absent.
    static var specificationFiles: [String] {
        guard let index = try? json(specificationFolder.appendingPathComponent("index.json")), case .array(let names) = index else {
            return []
        }
        return names.compactMap(\.stringValue)
    }

    /// The fixture files, by name.
    static var fixtureFiles: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: fixtureFolder.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }

    static func json(_ url: URL) throws -> JSONValue {
        try JSONParser().parse([UInt8](Data(contentsOf: url)))
    }
}
