import BurgeeCore
import NIOCore

/// The `put`, `patch` and `delete` events of the stream protocol: Burgee's own, or LaunchDarkly's
/// (`GET /all`) when the served format is ``DefinitionsFormat/launchDarkly``.
enum ChangeEvents {
    /// `put`: the whole document, on one line, identified by its version; LaunchDarkly's wraps
    /// the data set as `{"path":"/","data":{…}}` and has no event ID.
    static func put(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        if served.format == .unleash { return unleashState(served, event: "unleash-connected", retry: retry) }
        guard served.format == .launchDarkly else {
            return ServerSentEvent.encode(event: "put", id: String(served.documentVersion), jsonLine: served.body, retry: retry)
        }
        var line = ByteBuffer()
        line.reserveCapacity(served.body.readableBytes + 24)
        line.writeString(#"{"path":"/","data":"#)
        line.writeImmutableBuffer(served.body)
        line.writeString("}")
        return ServerSentEvent.encode(event: "put", id: nil, jsonLine: line, retry: retry)
    }

    /// Unleash's streaming events (`GET /api/client/streaming`, as Unleash Edge streams):
    /// `unleash-connected` when a stream opens, `unleash-updated` when the features change. Both
    /// carry the whole state as a delta `hydration` event, which Unleash's engine (Yggdrasil) applies
    /// as a replacement; a delta document is sent as it stands. The event ID is the document's version.
    static func unleashState(_ served: ServedDefinitions, event: String, retry: Duration?) -> ByteBuffer {
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

    /// `patch` for a changed or new item, `delete` for a removed one.
    static func event(for change: DefinitionsChange, format: DefinitionsFormat) -> ByteBuffer {
        if format == .launchDarkly { return launchDarklyEvent(for: change) }
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("kind")
        writer.string(change.kind.rawValue)
        writer.key("key")
        writer.string(change.key)
        writer.key("version")
        writer.int(Int(change.version))
        writer.key("documentVersion")
        writer.int(Int(change.documentVersion))
        if let object = change.object {
            writer.key("object")
            writer.value(object)
        }
        writer.endObject()
        return ServerSentEvent.encode(
            event: change.isDeletion ? "delete" : "patch", id: String(change.documentVersion),
            jsonLine: ByteBuffer(bytes: writer.bytes)
        )
    }

    /// LaunchDarkly's `{"path":"/flags/KEY","data":{…}}` or `{"path":"/segments/KEY","version":N}`.
    private static func launchDarklyEvent(for change: DefinitionsChange) -> ByteBuffer {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("path")
        writer.string((change.kind == .flag ? "/flags/" : "/segments/") + change.key)
        if let object = change.object {
            writer.key("data")
            writer.value(object)
        } else {
            writer.key("version")
            writer.int(Int(change.version))
        }
        writer.endObject()
        return ServerSentEvent.encode(event: change.isDeletion ? "delete" : "patch", id: nil,
                                      jsonLine: ByteBuffer(bytes: writer.bytes))
    }
}
