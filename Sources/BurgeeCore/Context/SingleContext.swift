import Synchronization

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

    /// A context that keeps `privateAttributes` out of events.
    init(kind: String, key: String, attributes: [String: JSONValue], privateAttributes: [String]) {
        self.kind = kind
        self.key = key
        table = AttributeTable(kind: kind, attributes, privateAttributes: privateAttributes.isEmpty ? nil : privateAttributes)
        tableReference = .passUnretained(table)
    }

    /// This part's share of ``Context/identityHash``: its kind's and key's hashes, mixed; computed
    /// once, then read from the table.
    @inlinable
    package var identityPart: UInt64 {
        let cached = tableReference._withUnsafeGuaranteedRef { $0.identityPart.load(ordering: .relaxed) }
        if _fastPath(cached != 0) { return cached }
        return computeIdentityPart()
    }

    @usableFromInline
    func computeIdentityPart() -> UInt64 {
        let part = Context.mixHash(table.kind.hash &+ 0x5851_F42D_4C95_7F2D &* ByteHash.hash(key)) | 1
        table.identityPart.store(part, ordering: .relaxed)
        return part
    }

    /// The attributes this context asks to keep out of events (a name, or a `/`-separated path
    /// into an object), as given; evaluations ignore them.
    package var privateAttributes: [String] { table.privateAttributes ?? [] }

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
