import BurgeeCore

/// An event as recorded, before it leaves: it holds the context itself (a retain, not a copy) so
/// that recording allocates nothing; keys are extracted when the event is delivered.
enum PendingEvent: Sendable {
    case exposure(PendingExposure)
    case custom(PendingCustom)
    case notice(PendingNotice)

    var context: Context {
        switch self {
        case .exposure(let e): e.context
        case .custom(let e): e.context
        case .notice(let e): e.context
        }
    }

    /// The event that leaves the process.
    var event: AnalyticsEvent {
        switch self {
        case .exposure(let e):
            .exposure(ExposureEvent(timestamp: e.timestamp, flagKey: e.flagKey, flagVersion: e.flagVersion,
                                    variationKey: e.variationKey, variationIndex: e.variationIndex, reason: e.reason,
                                    contextKeys: Self.keys(of: e.context), countsOnly: e.countsOnly, context: e.context,
                                    value: e.value, defaultValue: e.defaultValue, experiment: e.experiment, reasons: e.reasons,
                                    tracked: e.tracked, debugUntil: e.debugUntil == 0 ? nil : e.debugUntil,
                                    prerequisiteOf: e.prerequisiteOf, samplingRatio: e.samplingRatio))
        case .custom(let e):
            .custom(CustomEvent(timestamp: e.timestamp, key: e.key, contextKeys: Self.keys(of: e.context),
                                value: e.value, properties: e.properties, data: e.data))
        case .notice(let e):
            .contextNotice(ContextNoticeEvent(timestamp: e.timestamp, period: e.period, contextKeys: Self.keys(of: e.context),
                                              context: e.context))
        }
    }

    private static func keys(of context: Context) -> [String: String] {
        var keys: [String: String] = [:]
        for single in context.contexts { keys[single.kind] = single.key }
        return keys
    }
}

struct PendingExposure: Sendable {
    let timestamp: Int64
    let flagKey: String
    let flagVersion: Int64
    let variationIndex: Int?
    let variationKey: String?
    let reason: EvaluationReason
    let context: Context
    let countsOnly: Bool
    /// The value served (`null` when the default was).
    let value: JSONValue
    /// The caller's default (`null` for calls without one).
    let defaultValue: JSONValue
    /// Whether the evaluation is an experiment's (not only a flag with `trackEvents`).
    let experiment: Bool
    /// Whether the caller asked for the reason (a `…Detail` call).
    let reasons: Bool
    /// Whether the flag or the evaluation forced the exposure (``ExposureEvent/tracked``).
    let tracked: Bool
    /// The flag's debugging window's end when it was open (0: it was not).
    let debugUntil: Int64
    /// The flag this evaluation was a prerequisite of.
    let prerequisiteOf: String?
    /// The flag's sampling ratio (``ExposureEvent/samplingRatio``).
    let samplingRatio: Int64?
}

struct PendingNotice: Sendable {
    let timestamp: Int64
    let period: Int
    let context: Context
}

struct PendingCustom: Sendable {
    let timestamp: Int64
    let key: String
    let context: Context
    let value: Double?
    let properties: [String: JSONValue]
    let data: JSONValue?
}
