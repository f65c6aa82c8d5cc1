import BurgeeCore

/// The document a client holds after an update, as its cache would keep it: the bytes a source
/// delivered, or (after a patch) the JSON the patch left, serialized only when read.
package enum HeldDocument: Sendable {
    /// Bytes as delivered (or as a merged or parsed document was serialized).
    case bytes([UInt8])
    /// The patched document, not yet serialized.
    case json(JSONValue)

    /// The document's bytes; serializes a patched document.
    package var bytes: [UInt8] {
        switch self {
        case .bytes(let bytes): bytes
        case .json(let json): Array(json.serialized().utf8)
        }
    }
}
