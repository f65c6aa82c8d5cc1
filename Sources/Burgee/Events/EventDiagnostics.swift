/// What became of the client's events so far: counts since the client was created.
///
/// Every recorded event is either queued or dropped (`recorded == queued + droppedQueueFull`),
/// and every queued one is pending, delivered, dropped at delivery or kept back by consent.
package struct EventDiagnostics: Sendable, Hashable {
    /// Exposure and custom events offered to the queue.
    package var recorded = 0
    /// Events the queue accepted.
    package var queued = 0
    /// Events dropped because the queue was full.
    package var droppedQueueFull = 0
    /// Events waiting in the queue.
    package var pending = 0
    /// The queue's capacity.
    package var capacity = 0
    /// Queued events the sink accepted.
    package var delivered = 0
    /// Queued events in batches the sink failed to deliver (after its retry).
    package var droppedDelivery = 0
    /// Summaries the sink accepted.
    package var summariesDelivered = 0
    /// Batches the sink failed to deliver.
    package var failedBatches = 0
    /// Events not recorded, or not sent, because the context's consent was denied.
    package var deniedByConsent = 0
    /// Custom events refused (invalid key, context, value or properties).
    package var rejectedCustomEvents = 0
    /// Evaluations of unknown flags not counted in summaries because too many distinct unknown
    /// keys were asked for in one interval.
    package var unknownFlagsNotCounted = 0
    /// The last delivery failure, if any.
    package var lastDeliveryError: String?

    /// Empty counts.
    package init() {}
}
