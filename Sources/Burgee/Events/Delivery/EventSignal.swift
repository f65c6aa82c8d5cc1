/// What wakes the delivery loop.
enum EventSignal: Sendable {
    /// The flush interval passed: deliver with a summary.
    case interval
    /// A batch is full: deliver it now.
    case batchFull
}
