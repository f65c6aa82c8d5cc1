/// One context of one kind: a key and attributes.
public struct SingleContext: Sendable {
    /// The kind (`user` when not given).
    public let kind: String
    /// The key; empty only in an invalid context.
    public let key: String
    /// The attributes, in an object the evaluator reads without reference counting.
    @usableFromInline let table: AttributeTable
    @usableFromInline let tableReference: Unmanaged<AttributeTable>

    @usableFromInline
    init(kind: String, key: String, attributes: [String: JSONValue]) {
        self.kind = kind
        self.key = key
        table = AttributeTable(attributes)
        tableReference = .passUnretained(table)
    }

    /// Every attribute by name, including `key`, and `name` and `anonymous` when given; not `kind`.
    public var attributes: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: zip(table.names, table.values))
    }

    /// The value `reference` names, or `nil` when it is absent or `null`.
    ///
    /// `anonymous` reads as `false` when unset. The kind is answered here too, though clauses on
    /// `kind` look at every kind of a multi-context instead.
    @inlinable
    public func value(of reference: AttributeReference) -> JSONValue? {
        if reference.isKind { return .string(kind) }
        return tableReference._withUnsafeGuaranteedRef { $0.value(of: reference) }
    }
}

/// A context's attributes: names sorted, with their ``ByteHash``es and values in the same order,
/// so that a lookup compares 64-bit hashes in a short array instead of hashing the name with
/// SipHash. Immutable; `SingleContext` keeps it alive and the evaluator reads it unretained.
@usableFromInline
final class AttributeTable: Sendable {
    @usableFromInline let names: [String]
    @usableFromInline let nameHashes: [UInt64]
    @usableFromInline let values: [JSONValue]

    init(_ attributes: [String: JSONValue]) {
        let sorted = attributes.sorted { $0.key < $1.key }
        names = sorted.map(\.key)
        nameHashes = sorted.map { ByteHash.hash($0.key) }
        values = sorted.map(\.value)
    }

    /// The value of the top-level attribute `name` whose ``ByteHash`` is `hash`.
    @inlinable
    func attribute(_ name: String, hash: UInt64) -> JSONValue? {
        for i in nameHashes.indices where nameHashes[i] == hash && ExactString.bytesEqual(names[i], name) {
            return values[i]
        }
        return nil
    }

    /// The value `reference` names (not `kind`), or `nil` when it is absent or `null`.
    @inlinable
    func value(of reference: AttributeReference) -> JSONValue? {
        switch reference.storage {
        case .kind:
            return nil
        case .name(let name):
            if let v = attribute(name, hash: reference.nameHash), !v.isNull { return v }
            // `anonymous` is false when unset; null counts as unset.
            return name == "anonymous" ? .bool(false) : nil
        case .path(let components):
            guard var current = attribute(components[0], hash: reference.nameHash) else { return nil }
            for component in components.dropFirst() {
                guard case .object(let members) = current, let next = members[component] else { return nil }
                current = next
            }
            if case .null = current { return nil }
            return current
        }
    }
}
