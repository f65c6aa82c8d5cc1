import BurgeeCore

/// A change to one flag or segment, as a streaming source delivers it, applied to definitions
/// whose format changes item by item (its dialect is an `ItemwiseDialect`).
package struct DefinitionsPatch: Sendable, Hashable {
    /// What kind of item changes.
    package typealias Kind = DefinitionItemKind

    /// What happens to the item.
    package enum Operation: Sendable, Hashable {
        /// The item is added or replaced by this JSON object (read like an item of a document).
        case upsert(JSONValue)
        /// The item is removed; its version is kept as a tombstone.
        case delete
    }

    /// The item's kind.
    package var kind: Kind
    /// The item's key.
    package var key: String
    /// The item's new version; the patch applies only when it is greater than the version held
    /// (or the version at which the item was deleted).
    package var version: Int64
    /// The document's version after the change, when the source knows it.
    package var documentVersion: Int64?
    /// The change.
    package var operation: Operation

    /// A patch.
    package init(kind: Kind, key: String, version: Int64, documentVersion: Int64? = nil, operation: Operation) {
        self.kind = kind
        self.key = key
        self.version = version
        self.documentVersion = documentVersion
        self.operation = operation
    }
}

/// What became of a patch.
package enum PatchResult: Sendable, Hashable {
    /// The patch was applied and the new definitions swapped in.
    case applied
    /// The item's version held (`current`) is not older than the patch's: nothing changed.
    case ignoredStale(current: Int64)
    /// No definitions are held yet to patch (a patch before the first whole document), or
    /// definitions of a format that changes only whole.
    case ignoredNoDefinitions
}
