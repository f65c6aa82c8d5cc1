import BurgeeCore
import NIOCore

/// Unleash's streaming events (`GET /api/client/streaming`, as Unleash Edge streams):
/// `unleash-connected` when a stream opens, `unleash-updated` when the features change.
enum UnleashStreamEvents {
    /// Both events carry the whole state as a delta `hydration` event, which Unleash's engine
    /// (Yggdrasil) applies as a replacement; a delta document is sent as it stands. The event ID
    /// is the document's version.
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
}
