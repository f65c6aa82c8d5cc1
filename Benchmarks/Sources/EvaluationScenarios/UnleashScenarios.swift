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
            {
                let data = FileManager.default.contents(atPath: unleashSpecification.appendingPathComponent(file + ".json").path)!
                let state = try! JSONValue(parsing: [UInt8](data)).objectValue!["state"]!
                return try! Snapshot(jsonBytes: Array(state.serialized().utf8), format: .unleash)
            }
        }
        func context(_ text: String) -> @Sendable () -> Context { { Context(unleashJSON: try! JSONValue(parsing: text)) } }
        return [
            .init("UnleashDefaultStrategy", flag: "Feature.A", snapshot("01-simple-examples"), context: context("{}")),
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
}
