/// What became of the client's events so far: counts since the client was created.
///
/// Every recorded event is either queued or dropped (`recorded == queued + droppedQueueFull`),
/// and every queued one is pending, delivered, dropped at delivery or kept back by consent.
public struct EventDiagnostics: Sendable, Hashable {
    /// Exposure and custom events offered to the queue.
    public var recorded = 0
    /// Events the queue accepted.
    public var queued = 0
    /// Events dropped because the queue was full.
    public var droppedQueueFull = 0
    /// Events waiting in the queue.
    public var pending = 0
    /// The queue's capacity.
    public var capacity = 0
    /// Queued events the sink accepted.
    public var delivered = 0
    /// Queued events in batches the sink failed to deliver (after its retry).
    public var droppedDelivery = 0
    /// Summaries the sink accepted.
    public var summariesDelivered = 0
    /// Batches the sink failed to deliver.
    public var failedBatches = 0
    /// Events not recorded, or not sent, because the context's consent was denied.
    public var deniedByConsent = 0
    /// Custom events refused (invalid key, context, value or properties).
    public var rejectedCustomEvents = 0
    /// Evaluations of unknown flags not counted in summaries because too many distinct unknown
    /// keys were asked for in one interval.
    public var unknownFlagsNotCounted = 0
    /// The last delivery failure, if any.
    public var lastDeliveryError: String?

    /// Empty counts.
    public init() {}
}
