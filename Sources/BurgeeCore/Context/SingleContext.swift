/// One context of one kind: a key and attributes.
@usableFromInline package struct SingleContext: Sendable {
    /// The kind (`user` when not given).
    @usableFromInline package let kind: String
    /// The key; empty only in an invalid context.
    @usableFromInline package let key: String
    /// The attributes, in an object the evaluator reads without reference counting.
    @usableFromInline let table: AttributeTable
    @usableFromInline let tableReference: Unmanaged<AttributeTable>

    @usableFromInline
    init(kind: String, key: String, attributes: [String: JSONValue]) {
        self.kind = kind
        self.key = key
        table = AttributeTable(kind: kind, attributes)
        tableReference = .passUnretained(table)
    }

    /// Every attribute by name, including `key`, and `name` and `anonymous` when given; not `kind`.
    @usableFromInline package var attributes: [String: JSONValue] {
        Dictionary(uniqueKeysWithValues: zip(table.names, table.values))
    }

    /// The value `reference` names, or `nil` when it is absent or `null`.
    ///
    /// `anonymous` reads as `false` when unset. The kind is answered here too, though clauses on
    /// `kind` look at every kind of a multi-context instead.
    @inlinable
    package func value(of reference: AttributeReference) -> JSONValue? {
        if reference.isKind { return .string(kind) }
        return tableReference._withUnsafeGuaranteedRef { $0.value(of: reference) }
    }
}

/// A context's attributes: names sorted, with their ``ByteHash``es and values in the same order,
/// so that a lookup compares 64-bit hashes in a short array instead of hashing the name with
/// SipHash. Immutable; `SingleContext` keeps it alive and the evaluator reads it unretained.
@usableFromInline
final class AttributeTable: Sendable {
    /// Where one name's UTF-8 bytes sit in ``arena``, with its hash.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline let hash: UInt64
        @usableFromInline let start: Int
        @usableFromInline let count: Int
    }

    @usableFromInline let names: [String]
    @usableFromInline let values: [JSONValue]
    @usableFromInline let entries: [Entry]
    /// The names' UTF-8 bytes, then the kind's.
    @usableFromInline let arena: [UInt8]
    @usableFromInline let kind: Entry

    init(kind: String, _ attributes: [String: JSONValue]) {
        let sorted = attributes.sorted { $0.key < $1.key }
        names = sorted.map(\.key)
        values = sorted.map(\.value)
        var arena: [UInt8] = []
        var entries: [Entry] = []
        for name in names {
            entries.append(Entry(hash: ByteHash.hash(name), start: arena.count, count: name.utf8.count))
            arena += name.utf8
        }
        self.kind = Entry(hash: ByteHash.hash(kind), start: arena.count, count: kind.utf8.count)
        arena += kind.utf8
        self.entries = entries
        self.arena = arena
    }

    /// Whether the context's kind has these UTF-8 bytes and hash.
    @inlinable
    func isKind(_ utf8: [UInt8], hash: UInt64) -> Bool {
        kind.hash == hash && equal(kind, utf8)
    }

    @inlinable
    func equal(_ entry: Entry, _ utf8: [UInt8]) -> Bool {
        guard entry.count == utf8.count else { return false }
        return arena.withUnsafeBytes { a in
            utf8.withUnsafeBytes { b in
                ExactString.equal(UnsafeRawBufferPointer(rebasing: a[entry.start..<(entry.start + entry.count)]), b)
            }
        }
    }

    /// The value of the top-level attribute with these UTF-8 bytes and ``ByteHash``.
    @inlinable
    func attribute(_ utf8: [UInt8], hash: UInt64) -> JSONValue? {
        for i in entries.indices where entries[i].hash == hash && equal(entries[i], utf8) {
            return values[i]
        }
        return nil
    }

    /// The value `reference` names (not `kind`), or `nil` when it is absent or `null`.
    @inlinable
    func value(of reference: AttributeReference) -> JSONValue? {
        value(of: reference, top: attribute(reference.nameUTF8, hash: reference.nameHash))
    }

    /// The value `reference` names (not `kind`), its top-level attribute found at `position` of
    /// the table (a prepared context's slot), -1 when the context has none.
    @inlinable
    func value(of reference: AttributeReference, at position: Int32) -> JSONValue? {
        value(of: reference, top: position < 0 ? nil : values[Int(position)])
    }

    /// The value `reference` names when its top-level attribute is `top`.
    @inlinable
    func value(of reference: AttributeReference, top: JSONValue?) -> JSONValue? {
        switch reference.storage {
        case .kind:
            return nil
        case .name(let name):
            if let v = top, !v.isNull { return v }
            // `anonymous` is false when unset; null counts as unset.
            return name == "anonymous" ? .bool(false) : nil
        case .path(let components):
            guard var current = top else { return nil }
            for component in components.dropFirst() {
                guard case .object(let members) = current, let next = members[component] else { return nil }
                current = next
            }
            if case .null = current { return nil }
            return current
        }
    }
}
