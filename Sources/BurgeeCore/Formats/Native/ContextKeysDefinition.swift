/// Keys of contexts of one kind, as a segment's `includedContexts` and `excludedContexts` list them.
public struct ContextKeysDefinition: Sendable, Hashable {
    /// The kind of context.
    public var contextKind: String
    /// The keys.
    public var values: [String]

    /// A list of keys of one kind.
    public init(contextKind: String = "user", values: [String]) {
        self.contextKind = contextKind
        self.values = values
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> ContextKeysDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let kind = r.optionalString(o, "contextKind", at: path) ?? "user"
        return ContextKeysDefinition(contextKind: kind, values: r.stringArray(o, "values", at: path))
    }

    /// The JSON form.
    public var json: JSONValue {
        ["contextKind": .string(contextKind), "values": .array(values.map(JSONValue.string))]
    }
}
