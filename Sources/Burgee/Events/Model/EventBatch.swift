/// Events delivered together: one request of the HTTP sink.
package struct EventBatch: Sendable, Hashable {
    /// The events in the order they were recorded (a summary last).
    package var events: [AnalyticsEvent]
    /// How many events the client's queue had dropped for want of room, in all, when the batch
    /// was made: for a destination that reports drops (LaunchDarkly's diagnostic `droppedEvents`).
    package var droppedQueueFull: Int

    /// A batch.
    package init(events: [AnalyticsEvent], droppedQueueFull: Int = 0) {
        self.events = events
        self.droppedQueueFull = droppedQueueFull
    }

    /// How many events.
    package var count: Int { events.count }
}
