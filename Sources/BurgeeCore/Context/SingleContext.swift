/// One context of one kind: a key and attributes.
public struct SingleContext: Sendable {
    /// The kind (`user` when not given).
    public let kind: String
    /// The key; empty only in an invalid context.
    public let key: String
    /// Every attribute by name, including `key`, and `name` and `anonymous` when given; not `kind`.
    public let attributes: [String: JSONValue]

    @usableFromInline
    init(kind: String, key: String, attributes: [String: JSONValue]) {
        self.kind = kind
        self.key = key
        self.attributes = attributes
    }

    /// The value `reference` names, or `nil` when it is absent or `null`.
    ///
    /// `anonymous` reads as `false` when unset. The kind is answered here too, though clauses on
    /// `kind` look at every kind of a multi-context instead.
    @inlinable
    public func value(of reference: AttributeReference) -> JSONValue? {
        switch reference.storage {
        case .kind:
            return .string(kind)
        case .name(let name):
            if let v = attributes[name], !v.isNull { return v }
            // `anonymous` is false when unset; null counts as unset.
            return name == "anonymous" ? .bool(false) : nil
        case .path(let components):
            guard var current = attributes[components[0]] else { return nil }
            for component in components.dropFirst() {
                guard case .object(let members) = current, let next = members[component] else { return nil }
                current = next
            }
            if case .null = current { return nil }
            return current
        }
    }
}
