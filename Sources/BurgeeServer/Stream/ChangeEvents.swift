import BurgeeCore
import NIOCore

/// The `put`, `patch` and `delete` events of the stream protocol: Burgee's own, or LaunchDarkly's
/// (`GET /all`) when the served format is ``DefinitionsFormat/launchDarkly``.
enum ChangeEvents {
    /// `put`: the whole document, on one line, identified by its version; LaunchDarkly's wraps
    /// the data set as `{"path":"/","data":{…}}` and has no event ID.
    static func put(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
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
