/// Where the client's events go: the HTTP sink of an event service, a log, memory, or your own.
///
/// The client calls ``send(_:)`` from one task at a time, in order, and never from an evaluation.
package protocol EventSink: Sendable {
    /// Delivers one batch, retrying as the sink sees fit.
    /// - Throws: when the batch was not delivered; the client then counts its events as dropped.
    func send(_ batch: EventBatch) async throws

    /// Releases the sink's resources; called once when the client closes, after the last batch.
    func shutdown() async

    /// Called once, when the client that delivers through the sink is made, for a sink that
    /// reads the client's own state when it sends (a vendor's visitors). Keeping the client
    /// itself would keep it alive: keep what is read of it.
    func attach(to client: BurgeeClient)
}

extension EventSink {
    /// Nothing to release.
    package func shutdown() async {}

    /// Reads nothing of the client.
    package func attach(to client: BurgeeClient) {}
}
