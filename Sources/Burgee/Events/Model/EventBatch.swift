/// Events delivered together: one request of the HTTP sink.
public struct EventBatch: Sendable, Hashable {
    /// The events in the order they were recorded (a summary last).
    public var events: [AnalyticsEvent]

    /// A batch.
    public init(events: [AnalyticsEvent]) {
        self.events = events
    }

    /// How many events.
    public var count: Int { events.count }
}
