import BurgeeCore

/// A flag evaluation reported to the event service: which variation a context was shown and why.
package struct ExposureEvent: Sendable, Hashable {
    /// When the flag was evaluated, in milliseconds since the Unix epoch.
    package var timestamp: Int64
    /// The flag's key.
    package var flagKey: String
    /// The flag's version in the definitions that were evaluated.
    package var flagVersion: Int64
    /// The served variation's key; `nil` when no variation was served.
    package var variationKey: String?
    /// The served variation's index; `nil` when no variation was served.
    package var variationIndex: Int?
    /// Why it was served (kind, rule id and index, `inExperiment`…).
    package var reason: EvaluationReason
    /// The evaluated context's keys by kind (`["user": "u-1", "org": "acme"]`); never its attributes.
    package var contextKeys: [String: String]
    /// Whether the flag asks for its evaluations to be counted only (``FlagInfo/countsOnly``,
    /// Split's `impressionsDisabled`).
    package var countsOnly: Bool
    /// The evaluated context itself, for a destination that sends more than its keys (Split's
    /// bucketing key, an impression listener's attributes).
    ///
    /// Neither this nor ``countsOnly`` is part of the batch JSON, and neither is compared: an
    /// event read back from JSON equals the one recorded.
    package var context: Context?
    /// The value served, the caller's default, and whether the evaluation is an experiment's (a
    /// rule's or the fallthrough's `trackEvents`, `inExperiment`): for a destination that sends
    /// them (LaunchDarkly's feature events). Not part of the batch JSON, and not compared.
    package var value: JSONValue?
    package var defaultValue: JSONValue?
    package var experiment: Bool
    /// Whether the caller asked for the reason (a `…Detail` call); not in the batch JSON, not compared.
    package var reasons: Bool
    /// Whether the flag or the evaluation forced the exposure (`trackEvents`, an experiment), as
    /// opposed to one recorded only because the flag's debugging window is open. Not in the
    /// batch JSON, not compared.
    package var tracked: Bool
    /// The end of the flag's debugging window (LaunchDarkly's `debugEventsUntilDate`, Unix
    /// milliseconds) when it was open at the evaluation; not in the batch JSON, not compared.
    package var debugUntil: Int64?
    /// The flag this evaluation was a prerequisite of, for a destination that reports
    /// prerequisites (``EventDestination/recordsPrerequisites``); not in the batch JSON, not compared.
    package var prerequisiteOf: String?
    /// 1 in how many of the flag's forced and debug exposures are to leave (LaunchDarkly's
    /// `samplingRatio`; `nil`: every one), for a destination that samples; not in the batch JSON,
    /// not compared.
    package var samplingRatio: Int64?

    /// An exposure event.
    package init(timestamp: Int64, flagKey: String, flagVersion: Int64, variationKey: String?, variationIndex: Int?,
                reason: EvaluationReason, contextKeys: [String: String], countsOnly: Bool = false, context: Context? = nil,
                value: JSONValue? = nil, defaultValue: JSONValue? = nil, experiment: Bool = false, reasons: Bool = false,
                tracked: Bool = true, debugUntil: Int64? = nil, prerequisiteOf: String? = nil, samplingRatio: Int64? = nil) {
        self.timestamp = timestamp
        self.flagKey = flagKey
        self.flagVersion = flagVersion
        self.variationKey = variationKey
        self.variationIndex = variationIndex
        self.reason = reason
        self.contextKeys = contextKeys
        self.countsOnly = countsOnly
        self.context = context
        self.value = value
        self.defaultValue = defaultValue
        self.experiment = experiment
        self.reasons = reasons
        self.tracked = tracked
        self.debugUntil = debugUntil
        self.prerequisiteOf = prerequisiteOf
        self.samplingRatio = samplingRatio
    }

    package static func == (a: ExposureEvent, b: ExposureEvent) -> Bool {
        a.timestamp == b.timestamp && a.flagKey == b.flagKey && a.flagVersion == b.flagVersion
            && a.variationKey == b.variationKey && a.variationIndex == b.variationIndex && a.reason == b.reason
            && a.contextKeys == b.contextKeys
    }

    package func hash(into hasher: inout Hasher) {
        hasher.combine(timestamp)
        hasher.combine(flagKey)
        hasher.combine(flagVersion)
        hasher.combine(variationKey)
        hasher.combine(variationIndex)
        hasher.combine(reason)
        hasher.combine(contextKeys)
    }
}
