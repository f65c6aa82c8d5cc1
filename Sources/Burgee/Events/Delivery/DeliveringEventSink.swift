/// The sink of ``EventDestination/custom(_:)``: each batch as its JSON body, to the user's closure.
struct DeliveringEventSink: EventSink {
    let deliver: @Sendable (_ batchJSON: [UInt8]) async throws -> Void

    func send(_ batch: EventBatch) async throws {
        try await deliver(batch.jsonBytes)
    }
}
