/// What lowering a Kameleoon condition needs from the document and the rule around it.
package struct KameleoonConditionScope {
    /// The experiment of the rule being lowered (`EXCLUSIVE_EXPERIMENT` compares assignments
    /// with it); `nil` where there is none, which makes that condition false.
    package var experimentId: Int64?
    /// The document's flags, for `TARGET_FEATURE_FLAG`.
    package var flags: KameleoonFlagIndex
    /// The name `SDK_LANGUAGE` conditions compare with the evaluating SDK's.
    package var sdkName: String
    /// The version `SDK_LANGUAGE` conditions compare with.
    package var sdkVersion: String
    /// The condition of the segment with an id, inlined (`SEGMENT`); `nil` for a segment the
    /// document does not have, which makes the condition false.
    package var segment: (Int64) -> Condition?

    /// A scope.
    package init(experimentId: Int64?, flags: KameleoonFlagIndex, sdkName: String = "BURGEE", sdkVersion: String,
                 segment: @escaping (Int64) -> Condition?) {
        self.experimentId = experimentId
        self.flags = flags
        self.sdkName = sdkName
        self.sdkVersion = sdkVersion
        self.segment = segment
    }
}
