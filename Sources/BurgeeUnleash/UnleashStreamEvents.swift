import Burgee
import BurgeeCore

/// The events of Unleash's stream (`GET <url>/client/streaming`), applied to the client:
/// `unleash-connected` and a `hydration` hand it the whole state; `feature-updated`,
/// `feature-removed`, `segment-updated` and `segment-removed` change one feature or segment,
/// and the client lowers again only that item and the features reading it. Messages arrive with
/// increasing `eventId`s: an event whose id an earlier message applied is ignored.
struct UnleashStreamEvents: StreamEventHandler {
    /// The last event ID applied on this connection; `nil` before its first whole state, when
    /// changes are ignored.
    private var lastEventId: Int64?

    mutating func handle(_ event: ServerSentEvent, sink: DataSourceSink) async -> StreamEventOutcome {
        guard event.name == "unleash-connected" || event.name == "unleash-updated" else {
            sink.logger.debug("ignored a stream event", metadata: ["event": "\(event.name)"])
            return .handled
        }
        let events: [JSONValue]
        do {
            events = try Self.events(of: event, limits: sink.limits)
        } catch {
            return .invalid(error)
        }
        if event.name == "unleash-connected" || events.contains(where: { $0.objectValue?["type"] == "hydration" }) {
            guard await sink.apply(.json(event.data, format: .unleash)) else { return .rejected }
            lastEventId = events.compactMap { $0.objectValue?["eventId"]?.int64Value }.max() ?? 0
            return .replaced
        }
        guard let previous = lastEventId else {
            sink.logger.debug("ignored changes before the whole state", metadata: ["event": "\(event.name)"])
            return .handled
        }
        // The events of one message are applied in order, several may share an `eventId` (one
        // change of several features); an event is old when an earlier message applied its id.
        var last = previous
        for (i, json) in events.enumerated() {
            let eventId = json.objectValue?["eventId"]?.int64Value ?? last + 1
            guard eventId > previous else {
                sink.logger.debug("ignored a delta event not newer than the last one", metadata: ["eventId": "\(eventId)"])
                continue
            }
            let patch: DefinitionsPatch?
            do {
                patch = try Self.patch(of: json, version: max(eventId, last), at: i)
            } catch {
                return .invalid(error)
            }
            last = max(eventId, last)
            lastEventId = last
            guard let patch else { continue }
            if case .ignoredNoDefinitions = await sink.apply(patch) { return .rejected }
        }
        return .handled
    }

    func pollingPayload(_ body: [UInt8]) -> DefinitionsPayload {
        .json(body, format: .unleash)
    }

    /// The delta events of an event's data, `{"events":[…]}`.
    private static func events(of event: ServerSentEvent, limits: JSONLimits) throws(DataSourceError) -> [JSONValue] {
        let json: JSONValue
        do { json = try JSONParser(limits: limits).parse(event.data) } catch {
            throw DataSourceError(kind: .invalidData, message: "stream '\(event.name)' event: \(error)")
        }
        guard case .array(let events)? = json.objectValue?["events"] else {
            throw DataSourceError(kind: .invalidData, message: "stream '\(event.name)' event: the data has no \"events\" array")
        }
        return events
    }

    /// The change one delta event makes; `nil` for an event of another type, which is ignored.
    private static func patch(of event: JSONValue, version: Int64, at index: Int) throws(DataSourceError) -> DefinitionsPatch? {
        func invalid(_ why: String) -> DataSourceError {
            DataSourceError(kind: .invalidData, message: "stream 'unleash-updated' event \(index): \(why)")
        }
        guard case .object(let o) = event, let type = o["type"]?.stringValue else { throw invalid("an event needs a string 'type'") }
        switch type {
        case "feature-updated":
            guard let feature = o["feature"], let name = feature.objectValue?["name"]?.stringValue else {
                throw invalid("'feature' must be an object with a string 'name'")
            }
            return DefinitionsPatch(kind: .flag, key: name, version: version, operation: .upsert(feature))
        case "feature-removed":
            guard let name = o["featureName"]?.stringValue else { throw invalid("'featureName' must be a string") }
            return DefinitionsPatch(kind: .flag, key: name, version: version, operation: .delete)
        case "segment-updated":
            guard let segment = o["segment"], case .number(let n)? = segment.objectValue?["id"], let id = JSONValue.exactInt64(n) else {
                throw invalid("'segment' must be an object with an integer 'id'")
            }
            return DefinitionsPatch(kind: .segment, key: String(id), version: version, operation: .upsert(segment))
        case "segment-removed":
            guard case .number(let n)? = o["segmentId"], let id = JSONValue.exactInt64(n) else {
                throw invalid("'segmentId' must be an integer")
            }
            return DefinitionsPatch(kind: .segment, key: String(id), version: version, operation: .delete)
        default:
            return nil
        }
    }
}
