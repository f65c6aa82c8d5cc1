import Foundation

/// A folder of spec-fixtures case files (`{"cases": [...]}` objects) read by the CLI suites.
struct SpecFixtureFolder {
    /// The folder, from the repository's spec-fixtures (`"flagd"`, `"launchdarkly"`).
    let url: URL

    init(_ name: String) {
        url = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("spec-fixtures").appendingPathComponent(name)
    }

    /// The `.json` files, sorted; throws when the folder cannot be read.
    func files() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: url.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    /// ``files()`` for a parameterized test's arguments, which cannot throw: empty when the folder
    /// cannot be read, which the suite's count test (``counts()``) then reports as a failure.
    var arguments: [String] { (try? files()) ?? [] }

    /// The number of files and of cases in them; throws when the folder or a file cannot be read.
    func counts() throws -> (files: Int, cases: Int) {
        let names = try files()
        var cases = 0
        for name in names {
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent(name))) as? [String: Any]
            cases += (object?["cases"] as? [Any])?.count ?? 0
        }
        return (names.count, cases)
    }
}
