import BurgeeCore
import NIOCore

/// The `put`, `patch` and `delete` events of Burgee's stream protocol; a served format may send
/// its own (``ServedFormat/openingEvent(_:retry:)``, ``ServedFormat/streamEvents(for:in:documentChanged:)``).
enum ChangeEvents {
    /// `put`: the whole document, on one line, identified by its version.
    static func put(_ served: ServedDefinitions, retry: Duration?) -> ByteBuffer {
        ServerSentEvent.encode(event: "put", id: String(served.documentVersion), jsonLine: served.body, retry: retry)
    }

    /// `patch` for a changed or new item, `delete` for a removed one.
    static func event(for change: DefinitionsChange) -> ByteBuffer {
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
}
