extension Snapshot {
    /// The OpenFeature reason a flag's fallthrough gives when its format fixes one (flagd:
    /// `STATIC`, `DEFAULT` or, for the last branch of an `if` chain, `TARGETING_MATCH`); `nil`
    /// for other formats and unknown flags.
    package func openFeatureFallthroughReason(ofFlag key: String) -> String? {
        program.flagIndex(of: key).flatMap { program.flagInfo[$0].openFeatureFallthroughReason }
    }

    /// The OpenFeature reason of rule `index` of a flag when its format fixes one (a UFC
    /// allocation's `STATIC`, `SPLIT` or `TARGETING_MATCH`); `nil` for other formats, unknown
    /// flags and rules.
    package func openFeatureRuleReason(ofFlag key: String, rule index: Int?) -> String? {
        guard let index, let flag = program.flagIndex(of: key) else { return nil }
        let reasons = program.flagInfo[flag].openFeatureRuleReasons
        return reasons.indices.contains(index) ? reasons[index] : nil
    }
}
