/// One flag or segment that changed when the served definitions changed: what a stream's
/// `patch` or `delete` event announces.
public struct DefinitionsChange: Sendable, Hashable {
    /// Which collection of the document the item belongs to.
    public enum Kind: String, Sendable, Hashable {
        /// A member of `flags`.
        case flag
        /// A member of `segments`.
        case segment
    }

    /// The item's collection.
    public var kind: Kind
    /// The item's key.
    public var key: String
    /// The item's served version after the change; for a removal, the version of the tombstone.
    public var version: Int64
    /// The document's served version after the change.
    public var documentVersion: Int64
    /// The item as served, with `version` set, or `nil` when the item was removed.
    public var object: JSONValue?

    /// Whether the item was removed.
    public var isDeletion: Bool { object == nil }

    /// A change.
    public init(kind: Kind, key: String, version: Int64, documentVersion: Int64, object: JSONValue?) {
        self.kind = kind
        self.key = key
        self.version = version
        self.documentVersion = documentVersion
        self.object = object
    }
}
