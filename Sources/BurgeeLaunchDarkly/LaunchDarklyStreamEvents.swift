import Burgee
import BurgeeCore

/// The events of LaunchDarkly's stream (`GET /all`), applied to the items held: every applied
/// event hands the whole document (tombstones left out) to the client, which reads it as
/// LaunchDarkly definitions and reports exactly the flags that changed.
struct LaunchDarklyStreamEvents: StreamEventHandler {
    /// How a LaunchDarkly document (a stream's or `latest-all`'s) is delivered to the client.
    let payload: @Sendable ([UInt8]) -> DefinitionsPayload
    /// What the last `put` and the changes since brought; `nil` before the first `put`.
    private var items: LaunchDarklyItems?

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
        var changed: LaunchDarklyItems
        switch message {
        case .put(let all):
            guard await deliver(all, sink) else { return .rejected }
            items = all
            return .replaced
        case .ignored(let path):
            sink.logger.debug("ignored a change to an unknown kind of item", metadata: ["path": "\(path)"])
            return .handled
        case .patch(let kind, let key, let item):
            guard let held = items else { return ignoredBeforePut(key, sink) }
            changed = held
            guard changed.upsert(kind, key, item) else {
                return ignoredStale(kind, key, LaunchDarklyDataSet.version(of: item), held, sink)
            }
        case .delete(let kind, let key, let version):
            guard let held = items else { return ignoredBeforePut(key, sink) }
            changed = held
            guard changed.delete(kind, key, version: version) else { return ignoredStale(kind, key, version, held, sink) }
        }
        // A document the client refuses leaves the connection out of step: the next one starts with a put.
        guard await deliver(changed, sink) else { return .rejected }
        items = changed
        return .handled
    }

    func pollingPayload(_ body: [UInt8]) -> DefinitionsPayload {
        payload(body)
    }

    private func deliver(_ items: LaunchDarklyItems, _ sink: DataSourceSink) async -> Bool {
        await sink.apply(payload(Array(items.document.serialized().utf8)))
    }

    private func ignoredBeforePut(_ key: String, _ sink: DataSourceSink) -> StreamEventOutcome {
        sink.logger.debug("ignored a change before the first put", metadata: ["key": "\(key)"])
        return .handled
    }

    private func ignoredStale(_ kind: LaunchDarklyItemKind, _ key: String, _ version: Int64,
                              _ held: LaunchDarklyItems, _ sink: DataSourceSink) -> StreamEventOutcome {
        sink.logger.debug("ignored a change not newer than the item held", metadata: [
            "kind": "\(kind.rawValue)", "key": "\(key)", "version": "\(version)",
            "held": "\(held.version(of: kind, key) ?? 0)",
        ])
        return .handled
    }
}
