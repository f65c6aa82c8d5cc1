/// The events of Burgee's own stream (`…/stream`): `put` with a whole native document, `patch`
/// and `delete` with one item (see `DefinitionsPatch`).
struct BurgeeStreamEvents: StreamEventHandler {
    func handle(_ event: ServerSentEvent, sink: DataSourceSink) async -> StreamEventOutcome {
        switch event.name {
        case "put":
            return await sink.apply(.json(event.data)) ? .replaced : .rejected
        case "patch", "delete":
            do {
                _ = await sink.apply(try DefinitionsPatch(event: event.name, data: event.data, limits: sink.limits))
                return .handled
            } catch {
                return .invalid(error)
            }
        default:
            sink.logger.debug("ignored a stream event", metadata: ["event": "\(event.name)"])
            return .handled
        }
    }

    func pollingPayload(_ body: [UInt8]) -> DefinitionsPayload {
        .json(body)
    }
}
