/// One event that leaves the process.
package enum AnalyticsEvent: Sendable, Hashable {
    /// A flag evaluation.
    case exposure(ExposureEvent)
    /// An application event.
    case custom(CustomEvent)
    /// Evaluation counts for a flush interval.
    case summary(SummaryEvent)
    /// A context noticed for the first time in its period, for a destination that announces
    /// contexts (``EventDestination/contextNotices``); Burgee's own batches leave it out.
    case contextNotice(ContextNoticeEvent)

    /// The event's `kind` in JSON: `exposure`, `custom`, `summary` or `contextNotice`.
    package var kind: String {
        switch self {
        case .exposure: "exposure"
        case .custom: "custom"
        case .summary: "summary"
        case .contextNotice: "contextNotice"
        }
    }

    /// The context keys the event carries (none for a summary).
    package var contextKeys: [String: String] {
        switch self {
        case .exposure(let e): e.contextKeys
        case .custom(let e): e.contextKeys
        case .contextNotice(let e): e.contextKeys
        case .summary: [:]
        }
    }
}
