import BurgeeCore
import Foundation

extension Scenarios {
    /// Unleash's client specification, beside the project (`../shared/unleash-client-specification`).
    static let unleashSpecification = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("shared/unleash-client-specification/specifications")

    /// The Unleash cases of the `ClientEvaluation` benchmarks, evaluated on the snapshot (`value`
    /// is `isEnabled`); empty when the specification is not beside the project.
    public static let unleash: [SingleFlagScenario] = {
        guard FileManager.default.fileExists(atPath: unleashSpecification.path) else { return [] }
        func snapshot(_ file: String) -> @Sendable () -> Snapshot {
            { try! Snapshot(jsonBytes: Array(unleashState(file).utf8), format: .unleash) }
        }
        func context(_ text: String) -> @Sendable () -> Context { { Context(unleashJSON: try! JSONValue(parsing: text)) } }
        return [
            .init("UnleashDefaultStrategy", flag: "Feature.A", snapshot("01-simple-examples"), context: context("{}")),
            .init("UnleashDefaultStrategyFullContext", flag: "Feature.A", snapshot("01-simple-examples"),
                  context: context(#"{"userId":"123","sessionId":"asd123","remoteAddress":"127.0.0.1","properties":{"customName":"customValue","anotherName":"anotherValue"}}"#)),
            .init("UnleashUnknownFlag", flag: "No.Such.Feature", snapshot("01-simple-examples"), context: context("{}")),
            .init("UnleashFlexibleRollout", flag: "Feature.flexibleRollout.10", snapshot("10-flexible-rollout-strategy"),
                  context: context(#"{"userId":"174"}"#)),
            .init("UnleashStartsWith", flag: "F1.startsWith", snapshot("13-constraint-operators"),
                  context: context(#"{"properties":{"customField":"some-string-is-cool"}}"#)),
            .init("UnleashSegmentAndSemver", flag: "F9.globalSegmentAndConstraint", snapshot("15-global-constraints"),
                  context: context(#"{"properties":{"version":"1.2.2"}}"#)),
            .init("UnleashDependentFeature", flag: "parent.enabled.child.enabled", snapshot("17-dependent-features"),
                  context: context("{}")),
            .init("UnleashVariantC", flag: "Feature.Variants.C", snapshot("08-variants"), context: context(#"{"userId":"232"}"#)),
        ]
    }()

    /// The specification file of each Unleash scenario, by scenario name.
    public static let unleashFiles: [String: String] = [
        "UnleashDefaultStrategy": "01-simple-examples", "UnleashDefaultStrategyFullContext": "01-simple-examples",
        "UnleashUnknownFlag": "01-simple-examples", "UnleashFlexibleRollout": "10-flexible-rollout-strategy",
        "UnleashStartsWith": "13-constraint-operators", "UnleashSegmentAndSemver": "15-global-constraints",
        "UnleashDependentFeature": "17-dependent-features", "UnleashVariantC": "08-variants",
    ]

    /// The toggles document (`state`) of a specification file, as JSON text.
    public static func unleashState(_ file: String) -> String {
        let data = FileManager.default.contents(atPath: unleashSpecification.appendingPathComponent(file + ".json").path)!
        return try! JSONValue(parsing: [UInt8](data)).objectValue!["state"]!.serialized()
    }
}
