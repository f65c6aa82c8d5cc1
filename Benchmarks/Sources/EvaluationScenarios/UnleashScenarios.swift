import BurgeeCore
import Foundation

extension Scenarios {
    /// Unleash's client specification, beside the project (`../shared/unleash-client-specification`).
    static let unleashSpecification = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/unleash-client-specification/specifications")

    /// The Unleash cases: scenario name, specification file, toggle and context (Unleash's JSON).
    static let unleashCases: [(name: String, file: String, flag: String, context: String)] = [
        ("UnleashDefaultStrategy", "01-simple-examples", "Feature.A", "{}"),
        ("UnleashDefaultStrategyFullContext", "01-simple-examples", "Feature.A",
         #"{"userId":"123","sessionId":"asd123","remoteAddress":"127.0.0.1","properties":{"customName":"customValue","anotherName":"anotherValue"}}"#),
        ("UnleashUnknownFlag", "01-simple-examples", "No.Such.Feature", "{}"),
        ("UnleashFlexibleRollout", "10-flexible-rollout-strategy", "Feature.flexibleRollout.10", #"{"userId":"174"}"#),
        ("UnleashStartsWith", "13-constraint-operators", "F1.startsWith", #"{"properties":{"customField":"some-string-is-cool"}}"#),
        ("UnleashSegmentAndSemver", "15-global-constraints", "F9.globalSegmentAndConstraint", #"{"properties":{"version":"1.2.2"}}"#),
        ("UnleashDependentFeature", "17-dependent-features", "parent.enabled.child.enabled", "{}"),
        ("UnleashVariantC", "08-variants", "Feature.Variants.C", #"{"userId":"232"}"#),
    ]

    /// The Unleash cases of the `ClientEvaluation` benchmarks, evaluated on the snapshot (`value`
    /// is `isEnabled`); empty when the specification is not beside the project.
    public static let unleash: [SingleFlagScenario] = {
        guard FileManager.default.fileExists(atPath: unleashSpecification.path) else { return [] }
        return unleashCases.map { c in
            SingleFlagScenario(c.name, flag: c.flag, { try! Snapshot(jsonBytes: Array(unleashState(c.file).utf8), format: .unleash) },
                               context: { Context(unleashJSON: try! JSONValue(parsing: c.context)) })
        }
    }()

    /// The specification file of each Unleash scenario, by scenario name.
    public static let unleashFiles: [String: String] = Dictionary(uniqueKeysWithValues: unleashCases.map { ($0.name, $0.file) })

    /// The toggles document (`state`) of a specification file, as JSON text.
    public static func unleashState(_ file: String) -> String {
        let data = FileManager.default.contents(atPath: unleashSpecification.appendingPathComponent(file + ".json").path)!
        return try! JSONValue(parsing: [UInt8](data)).objectValue!["state"]!.serialized()
    }
}
