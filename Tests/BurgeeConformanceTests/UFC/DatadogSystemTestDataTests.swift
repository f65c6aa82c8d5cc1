import BurgeeCore
import Foundation
import Testing

/// Datadog's shared evaluation suite (`DataDog/ffe-system-test-data`, read from
/// `../shared/ffe-system-test-data/` beside the package, never copied): `ufc-config.json` and
/// every case of `evaluation-cases/`, each case's `value` and `reason`. Skipped, and reported as
/// skipped, when the folder is absent, except in CI (`CI=true`), where its absence is a failure.
@Suite("Datadog's ffe-system-test-data")
struct DatadogSystemTestDataTests {
    /// Beside the package: the package's root is the folder of `spec-fixtures/`.
    static let folder = FixtureFiles.root.deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/ffe-system-test-data")

    static var isPresent: Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent("ufc-config.json").path)
    }

    static var runs: Bool { isPresent || ProcessInfo.processInfo.environment["CI"] == "true" }

    @Test("every evaluation case passes: at least 231 cases in at least 29 files",
          .enabled(if: runs, "Datadog's ffe-system-test-data is not at ../shared/ffe-system-test-data: skipped"))
    func everyCase() throws {
        try #require(Self.isPresent, "CI=true and Datadog's ffe-system-test-data is not at ../shared/ffe-system-test-data")
        let config = try JSONParser().parse(Array(Data(contentsOf: Self.folder.appendingPathComponent("ufc-config.json"))))
        let runner = try UFCCaseRunner(definitions: config, format: .datadog, now: nil)
        let cases = Self.folder.appendingPathComponent("evaluation-cases")
        let files = try FileManager.default.contentsOfDirectory(atPath: cases.path).filter { $0.hasSuffix(".json") }.sorted()
        var run = 0, passed = 0
        for file in files {
            let list = try #require(try JSONParser().parse(Array(Data(contentsOf: cases.appendingPathComponent(file)))).arrayValue)
            for item in list {
                let c = try #require(item.objectValue)
                let flag = try #require(c["flag"]?.stringValue)
                var context: [String: JSONValue] = ["attributes": c["attributes"] ?? .object([:])]
                if let key = c["targetingKey"], !key.isNull { context["targetingKey"] = key }
                let result = runner.evaluate(flag: flag, context: .object(context), type: c["variationType"]?.stringValue,
                                             default: c["defaultValue"] ?? .null)
                let expected = c["result"]?.objectValue ?? [:]
                run += 1
                let ok = result.value == (expected["value"] ?? .null) && result.reason.objectValue?["kind"] == expected["reason"]
                if ok { passed += 1 }
                #expect(ok, "\(file) \(flag) key \((c["targetingKey"] ?? .null).serialized()): \(result.value.serialized()) \(result.reason.serialized()), expected \(expected)")
            }
        }
        print("Datadog ffe-system-test-data: \(passed)/\(run) cases pass in \(files.count) files")
        #expect(run >= 231 && files.count >= 29, "\(run) cases in \(files.count) files")
    }
}
