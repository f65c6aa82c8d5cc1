import BurgeeCore
import NIOCore

/// Unleash's streaming events (`GET /api/client/streaming`, as Unleash streams):
/// `unleash-connected` when a stream opens, with the whole state; `unleash-updated` when the
/// features change, with the delta API's events of what changed. The event ID is the document's
/// version, and so is every delta event's `eventId`.
enum UnleashStreamEvents {
    /// The whole state as a delta `hydration` event, which Unleash's engine (Yggdrasil) applies as
    /// a replacement; a delta document is sent as it stands.
    static func state(_ served: ServedDefinitions, event: String, retry: Duration?) -> ByteBuffer {
        let document = served.wholeDocument?.objectValue ?? [:]
        let data: JSONValue
        if document["features"] == nil, document["events"]?.arrayValue != nil {
            data = .object(document)
        } else {
            let hydration: JSONValue = [
                "type": "hydration", "eventId": .number(Double(served.documentVersion)),
                "features": document["features"] ?? [], "segments": document["segments"] ?? [],
            ]
            data = ["events": [hydration]]
        }
        return ServerSentEvent.encode(event: event, id: String(served.documentVersion),
                                      jsonLine: ByteBuffer(string: data.serialized()), retry: retry)
    }

    /// What changed between the document served before and the one served now: segments updated
    /// first (a feature never arrives before a segment it names), then features updated and
    /// removed, then segments removed, each in key order. When either document is a delta
    /// document, or a list cannot be read by name and id, the whole state as ``state(_:event:retry:)``.
    static func update(_ served: ServedDefinitions) -> ByteBuffer {
        guard let before = served.previousWholeDocument.flatMap(Items.init), let after = served.wholeDocument.flatMap(Items.init)
        else { return state(served, event: "unleash-updated", retry: nil) }
        let eventId = JSONValue.number(Double(served.documentVersion))
        var events: [JSONValue] = []
        for (id, segment) in after.segments.sorted(by: { $0.key < $1.key }) where before.segments[id] != segment {
            events.append(["eventId": eventId, "type": "segment-updated", "segment": segment])
        }
        for name in after.features.keys.sortedInByteOrder() where before.features[name] != after.features[name] {
            events.append(["eventId": eventId, "type": "feature-updated", "feature": after.features[name]!])
        }
        for name in before.features.keys.sortedInByteOrder() where after.features[name] == nil {
            let project = before.features[name]?.objectValue?["project"] ?? "default"
            events.append(["eventId": eventId, "type": "feature-removed", "featureName": .string(name), "project": project])
        }
        for id in before.segments.keys.sorted() where after.segments[id] == nil {
            events.append(["eventId": eventId, "type": "segment-removed", "segmentId": .number(Double(id))])
        }
        return ServerSentEvent.encode(event: "unleash-updated", id: String(served.documentVersion),
                                      jsonLine: ByteBuffer(string: JSONValue.object(["events": .array(events)]).serialized()),
                                      retry: nil)
    }

    /// A features document's features by name and segments by id; `nil` for another shape, or
    /// names or ids missing or repeated.
    private struct Items {
        var features: [String: JSONValue] = [:]
        var segments: [Int64: JSONValue] = [:]

        init?(_ document: JSONValue) {
            guard case .object(let members) = document, case .array(let features)? = members["features"] else { return nil }
            for feature in features {
                guard let name = feature.objectValue?["name"]?.stringValue, self.features[name] == nil else { return nil }
                self.features[name] = feature
            }
            for segment in members["segments"]?.arrayValue ?? [] {
                guard case .number(let n)? = segment.objectValue?["id"], let id = JSONValue.exactInt64(n),
                      self.segments[id] == nil else { return nil }
                self.segments[id] = segment
            }
        }
    }
}
