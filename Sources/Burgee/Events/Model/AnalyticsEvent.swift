/// One event that leaves the process.
package enum AnalyticsEvent: Sendable, Hashable {
    /// A flag evaluation.
    case exposure(ExposureEvent)
    /// An application event.
    case custom(CustomEvent)
    /// Evaluation counts for a flush interval.
    case summary(SummaryEvent)

    /// The event's `kind` in JSON: `exposure`, `custom` or `summary`.
    package var kind: String {
        switch self {
        case .exposure: "exposure"
        case .custom: "custom"
        case .summary: "summary"
        }
    }

    /// The context keys the event carries (none for a summary).
    package var contextKeys: [String: String] {
        switch self {
        case .exposure(let e): e.contextKeys
        case .custom(let e): e.contextKeys
        case .summary: [:]
        }
    }
}
