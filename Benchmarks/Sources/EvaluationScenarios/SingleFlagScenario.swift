import BurgeeCore

/// One flag evaluated for one context, as `snapshot.evaluate(flag, context:, default: false, as: .boolean)`:
/// the unit measured by the `CoreEvaluation` benchmarks and by `EvaluationLoop` under callgrind.
public struct SingleFlagScenario: Sendable {
    /// The benchmark name (no `/` or spaces: `thresholds check` reads files named after it).
    public let name: String
    /// The flag evaluated.
    public let flag: String
    /// The compiled definitions; built on first use.
    public let snapshot: @Sendable () -> Snapshot
    /// The context, made once.
    public let context: @Sendable () -> Context

    public init(_ name: String, flag: String, _ snapshot: @escaping @Sendable () -> Snapshot,
                context: @escaping @Sendable () -> Context = { Scenarios.user }) {
        self.name = name
        self.flag = flag
        self.snapshot = snapshot
        self.context = context
    }
}

extension Scenarios {
    /// The single-flag scenarios also measured through the client's `boolVariation` (named
    /// `Client` + the scenario's name): all but `SimpleFlag`, which `ClientBoolSimpleFlag` measures.
    public static var clientGetter: [SingleFlagScenario] { singleFlag.filter { $0.name != "SimpleFlag" } }

    /// Every single-flag scenario, in the order the benchmarks are declared.
    public static let singleFlag: [SingleFlagScenario] = [
        .init("SimpleFlag", flag: "simple", { simple }),
        .init("TargetAmong1000", flag: "targeted", { targets }),
        .init("TenRulesLastMatches", flag: "ten-rules", { tenRules }),
        .init("SegmentMatch", flag: "segment-flag", { segment }),
        .init("Rollout5050", flag: "rollout", { rollout }),
        .init("PrerequisiteChain3", flag: "level-0", { prerequisites }),
        .init("CaseInsensitiveIn", flag: "ci-in", { caseInsensitiveIn }, context: { mixedCaseUser }),
        .init("CaseInsensitiveStartsWith", flag: "ci-starts-with", { caseInsensitiveStartsWith }, context: { mixedCaseUser }),
        .init("CaseInsensitiveEndsWith", flag: "ci-ends-with", { caseInsensitiveEndsWith }, context: { mixedCaseUser }),
        .init("InArrayAttribute10", flag: "in-array", { inArrayAttribute }, context: { mixedCaseUser }),
        .init("LaunchDarklySimpleFlag", flag: "ld-simple", { launchDarklySimple }),
        .init("LaunchDarklyRollout5050", flag: "ld-rollout", { launchDarklyRollout }),
        .init("LaunchDarklySegmentRule", flag: "ld-segment", { launchDarklySegment }),
    ]
}
