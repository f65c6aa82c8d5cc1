/// How one stream protocol's events change the definitions: Burgee's own (``BurgeeStreamEvents``)
/// or a vendor's. A value lives as long as the source runs, across reconnections, so it may keep
/// what later events build on (the items a `put` brought).
package protocol StreamEventHandler: Sendable {
    /// Applies one event.
    mutating func handle(_ event: ServerSentEvent, sink: DataSourceSink) async -> StreamEventOutcome

    /// How the body of the definitions URL polled while the stream is down is delivered.
    func pollingPayload(_ body: [UInt8]) -> DefinitionsPayload
}

/// What one stream event did.
package enum StreamEventOutcome {
    /// A whole document was applied: the stream is healthy again.
    case replaced
    /// A whole document was refused; the status already says why. The connection is dropped.
    case rejected
    /// A change was applied or ignored (stale, unknown kind), or the event was not one of the protocol's.
    case handled
    /// The event could not be read: out of step with the server now, the connection is dropped so
    /// that a new one starts with a whole document.
    case invalid(DataSourceError)
}
