import BurgeeCore

/// What a LaunchDarkly call hands to the event processor: an evaluation or a custom event, as
/// go-server-sdk's `ldevents` receives them.
enum LaunchDarklyEventInput: Sendable {
    case evaluation(LaunchDarklyEvaluationRecord)
    case custom(LaunchDarklyCustomRecord)

    /// The context the event is about.
    var context: Context {
        switch self {
        case .evaluation(let e): e.context
        case .custom(let e): e.context
        }
    }

    /// When it happened, in milliseconds since the Unix epoch.
    var creationDate: Int64 {
        switch self {
        case .evaluation(let e): e.creationDate
        case .custom(let e): e.creationDate
        }
    }
}

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
    /// Whether a full feature event is sent: the flag's `trackEvents`, or an experiment (a rule's
    /// `trackEvents`, `trackEventsFallthrough`, `inExperiment`).
    var requireFullEvent: Bool
    /// Until when (milliseconds since the Unix epoch) a debug event accompanies each evaluation.
    var debugEventsUntilDate: Int64?
    /// The evaluated context.
    var context: Context
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
