/// Events delivered together: one request of the HTTP sink.
package struct EventBatch: Sendable, Hashable {
    /// The events in the order they were recorded (a summary last).
    package var events: [AnalyticsEvent]

    /// A batch.
    package init(events: [AnalyticsEvent]) {
        self.events = events
    }

    /// How many events.
    package var count: Int { events.count }
}
