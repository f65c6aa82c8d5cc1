import BurgeeCore

/// One evaluation of one flag (a prerequisite's included), as its events describe it.
struct LaunchDarklyEvaluationRecord: Sendable {
    /// When it was evaluated, in milliseconds since the Unix epoch.
    var creationDate: Int64
    /// The flag's key.
    var key: String
    /// The flag's version; `nil` for a flag that does not exist (or before any definitions).
    var version: Int64?
    /// The served variation's index; `nil` when the default was served.
    var variation: Int?
    /// The value served.
    var value: JSONValue
    /// The caller's default; `null` for a prerequisite.
    var defaultValue: JSONValue
    /// The reason, when the event carries one: a detail call's, or an experiment's.
    var reason: EvaluationReason?
    /// The flag this one was a prerequisite of, when it was evaluated as one.
    var prereqOf: String?
    /// The evaluated context.
    var context: Context
    /// The flag's `samplingRatio`, written when it is not 1.
    var samplingRatio: Int64? = nil
}

/// A custom event from `track`.
struct LaunchDarklyCustomRecord: Sendable {
    /// When it was tracked, in milliseconds since the Unix epoch.
    var creationDate: Int64
    /// The event's key.
    var key: String
    /// Its data; `null` when none was given.
    var data: JSONValue
    /// Its metric value, when one was given.
    var metricValue: Double?
    /// The context it is about.
    var context: Context
}
