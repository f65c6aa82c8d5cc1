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

    /// An exposure event.
    package init(timestamp: Int64, flagKey: String, flagVersion: Int64, variationKey: String?, variationIndex: Int?,
                reason: EvaluationReason, contextKeys: [String: String]) {
        self.timestamp = timestamp
        self.flagKey = flagKey
        self.flagVersion = flagVersion
        self.variationKey = variationKey
        self.variationIndex = variationIndex
        self.reason = reason
        self.contextKeys = contextKeys
    }
}
