import Burgee
import BurgeeCore
import BurgeeTesting
import Foundation
import Testing
@testable import BurgeeDatadog

/// The neutral getters on Datadog and Eppo flags: a plain `Context(key:attributes:)` of any kind
/// is the subject (its key the targeting key, its attributes the subject's), and every typed getter
/// answers what `client.datadog` answers for that subject.
@Suite("Datadog flags through the neutral getters")
struct DatadogNeutralGetterTests {
    /// Datadog's shared suite beside the package (`../shared/ffe-system-test-data`), never copied.
    static let suite = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/ffe-system-test-data")

    static var suiteIsPresent: Bool {
        FileManager.default.fileExists(atPath: suite.appendingPathComponent("ufc-config.json").path)
    }

    static var runs: Bool { suiteIsPresent || ProcessInfo.processInfo.environment["CI"] == "true" }

    private func client(_ json: String, format: DefinitionsFormat = .datadog) async throws -> BurgeeClient {
        var configuration = BurgeeClient.Configuration(source: .bootstrap(.json(json, format: format)), logger: TestClients.quietLogger)
        configuration.events = nil
        return try await TestClients.started(configuration)
    }

    /// Every case of the suite with a targeting key, through the typed getter of its type and its
    /// detail, against `client.datadog`'s value and Datadog's reason mapped to Burgee's.
    @Test("every case of Datadog's suite with a targeting key answers as client.datadog",
          .enabled(if: runs, "Datadog's ffe-system-test-data is not at ../shared/ffe-system-test-data: skipped"))
    func suiteCases() async throws {
        try #require(Self.suiteIsPresent, "CI=true and Datadog's ffe-system-test-data is not at ../shared/ffe-system-test-data")
        let config = try String(contentsOf: Self.suite.appendingPathComponent("ufc-config.json"), encoding: .utf8)
        let client = try await client(config)
        defer { Task { await client.close() } }
        let folder = Self.suite.appendingPathComponent("evaluation-cases")
        var compared = 0
        for file in try FileManager.default.contentsOfDirectory(atPath: folder.path).filter({ $0.hasSuffix(".json") }).sorted() {
            let cases = try JSONValue(parsing: String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            for item in cases.arrayValue ?? [] {
                let c = try #require(item.objectValue)
                guard let key = c["targetingKey"]?.stringValue, !key.isEmpty,
                      let flag = c["flag"]?.stringValue, let type = c["variationType"]?.stringValue else { continue }
                let attributes = c["attributes"]?.objectValue ?? [:]
                let subject = DatadogEvaluationContext(targetingKey: key, attributes: attributes)
                let context = Context(key: key, attributes: attributes)
                let defaultValue = c["defaultValue"] ?? .null
                let label = "\(file) \(flag) \(key)"
                let neutral: JSONValue, vendor: JSONValue
                switch type {
                case "BOOLEAN":
                    let d = defaultValue.boolValue ?? false
                    neutral = .bool(client.boolVariation(flag, context: context, default: d))
                    vendor = .bool(client.datadog.booleanValue(key: flag, defaultValue: d, context: subject))
                case "STRING":
                    let d = defaultValue.stringValue ?? ""
                    neutral = .string(client.stringVariation(flag, context: context, default: d))
                    vendor = .string(client.datadog.stringValue(key: flag, defaultValue: d, context: subject))
                case "INTEGER":
                    let d = defaultValue.intValue ?? 0
                    neutral = .number(client.intVariation(flag, context: context, default: d))
                    vendor = .number(client.datadog.integerValue(key: flag, defaultValue: d, context: subject))
                case "NUMERIC":
                    let d = defaultValue.numberValue ?? 0
                    neutral = .number(client.doubleVariation(flag, context: context, default: d))
                    vendor = .number(client.datadog.doubleValue(key: flag, defaultValue: d, context: subject))
                default:
                    neutral = client.jsonVariation(flag, context: context, default: defaultValue)
                    vendor = client.datadog.objectValue(key: flag, defaultValue: defaultValue, context: subject)
                }
                #expect(neutral == vendor, "\(label): \(neutral.serialized()), client.datadog \(vendor.serialized())")
                // And the suite's own expectation.
                let expected = c["result"]?.objectValue?["value"] ?? .null
                #expect(neutral == expected, "\(label): \(neutral.serialized()), expected \(expected.serialized())")
                compared += 1
            }
        }
        #expect(compared >= 150, "\(compared) cases compared")
    }

    /// The kind does not matter; in a multi-context the `subject` kind is the subject, else the
    /// first kind; attribute rules read the context's attributes.
    @Test func anyKindIsTheSubject() async throws {
        let client = try await client(DatadogDocuments.standard())
        defer { Task { await client.close() } }
        let pro: [String: JSONValue] = ["plan": "pro"]
        #expect(client.stringVariation("checkout", context: Context(key: "user-1", attributes: pro), default: "x") == "new")
        #expect(client.stringVariation("checkout", context: Context(kind: "subject", key: "user-1", attributes: pro), default: "x") == "new")
        #expect(client.stringVariation("checkout", context: Context(kind: "org", key: "user-1"), default: "x") == "old")
        let detail = client.stringVariationDetail("checkout", context: Context(key: "user-1", attributes: pro), default: "x")
        #expect(detail.reason.kind == .ruleMatch)
        #expect(detail.reason.ruleId == "pro")
        #expect(detail.variationKey == "new")
        // A split hashes the context's key as the targeting key, as client.datadog does.
        for key in ["user-1", "user-2", "user-3", "user-4"] {
            #expect(client.boolVariation("rollout", context: Context(key: key), default: false)
                == client.datadog.booleanValue(key: "rollout", defaultValue: false, context: DatadogEvaluationContext(targetingKey: key)))
        }
        let subjectFirst = Context.multi([Context(kind: "org", key: "acme"), Context(kind: "subject", key: "user-1", attributes: pro)])
        #expect(client.stringVariation("checkout", context: subjectFirst, default: "x") == "new")
        let firstKind = Context.multi([Context(kind: "org", key: "acme", attributes: pro), Context(kind: "device", key: "d")])
        #expect(client.stringVariation("checkout", context: firstKind, default: "x") == "new")
        // A list attribute is refused as Datadog's SDK refuses it.
        let refused = client.stringVariationDetail("checkout", context: Context(key: "u", attributes: ["plan": ["pro"]]), default: "x")
        #expect(refused.reason.errorKind == .invalidContext)
        #expect(client.intVariation("limit", context: Context(key: "u"), default: 0) == 42)
        // A neutral context is always read as the subject it stands for, even one that looks like
        // a subject already: an attribute named `attributes` is an object attribute, refused.
        let lookalike = Context(kind: "subject", key: "u", attributes: ["attributes": ["plan": "pro"]])
        #expect(client.stringVariationDetail("checkout", context: lookalike, default: "x").reason.errorKind == .invalidContext)
        // A prepared context is the subject too (the shape is applied once, when preparing), and a
        // subject built as Datadog's calls build it is evaluated as it is.
        let prepared = client.prepare(Context(key: "user-1", attributes: pro))
        #expect(client.stringVariationDetail("checkout", context: prepared, default: "x").reason.ruleId == "pro")
        let subject = Context(targetingKey: "user-1", ufcAttributes: pro)
        #expect(client.stringVariationDetail("checkout", context: subject, default: "x").reason.ruleId == "pro")
        #expect(client.stringVariation("checkout", context: client.prepare(subject), default: "x") == "new")
    }

    /// Eppo's flags likewise, its key required as Eppo's SDKs require it.
    @Test func eppoFlagsToo() async throws {
        let client = try await client(DatadogDocuments.standard(jsonValues: false), format: .eppo)
        defer { Task { await client.close() } }
        #expect(client.stringVariation("checkout", context: Context(key: "user-1", attributes: ["plan": "pro"]), default: "x") == "new")
        #expect(client.jsonVariation("config", context: Context(key: "user-1"), default: .null) == ["theme": "dark", "size": 3])
    }
}
