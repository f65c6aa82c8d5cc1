import Burgee
import BurgeeCore

/// The events of LaunchDarkly's stream (`GET /all`), applied to the client: a `put` hands it the
/// whole document (tombstones included, for their versions); a `patch` or `delete` changes the
/// one item, over a lower version only (so that events arriving out of order, or an old patch
/// after a delete, cannot bring back an older item), and the client lowers only that item again.
struct LaunchDarklyStreamEvents: StreamEventHandler {
    /// How a LaunchDarkly document (a stream's or `latest-all`'s) is delivered to the client.
    let payload: @Sendable ([UInt8]) -> DefinitionsPayload
    /// Whether a `put` was delivered on this connection: changes before it are ignored.
    private var receivedPut = false

    init(payload: @escaping @Sendable ([UInt8]) -> DefinitionsPayload) {
        self.payload = payload
    }

    mutating func handle(_ event: ServerSentEvent, sink: DataSourceSink) async -> StreamEventOutcome {
        guard ["put", "patch", "delete"].contains(event.name) else {
            sink.logger.debug("ignored a stream event", metadata: ["event": "\(event.name)"])
            return .handled
        }
        let message: LaunchDarklyStreamMessage
        do {
            message = try LaunchDarklyStreamMessage(event: event.name, data: event.data, limits: sink.limits)
        } catch {
            return .invalid(error)
        }
        let patch: DefinitionsPatch
        switch message {
        case .put(let all):
            guard await sink.apply(payload(Array(all.document.serialized().utf8))) else { return .rejected }
            receivedPut = true
            return .replaced
        case .ignored(let path):
            sink.logger.debug("ignored a change to an unknown kind of item", metadata: ["path": "\(path)"])
            return .handled
        case .patch(let kind, let key, let item):
            patch = DefinitionsPatch(kind: kind.itemKind, key: key, version: LaunchDarklyDataSet.version(of: item),
                                     operation: .upsert(item))
        case .delete(let kind, let key, let version):
            patch = DefinitionsPatch(kind: kind.itemKind, key: key, version: version, operation: .delete)
        }
        guard receivedPut else {
            sink.logger.debug("ignored a change before the first put", metadata: ["key": "\(patch.key)"])
            return .handled
        }
        switch await sink.apply(patch) {
        case .applied, .ignoredStale:
            return .handled
        case .ignoredNoDefinitions:
            // The client holds no LaunchDarkly definitions to patch: the next connection starts with a put.
            return .rejected
        }
    }

    func pollingPayload(_ body: [UInt8]) -> DefinitionsPayload {
        payload(body)
    }
}
