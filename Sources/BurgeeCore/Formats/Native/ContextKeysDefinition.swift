/// Keys of contexts of one kind, as a segment's `includedContexts` and `excludedContexts` list them.
package struct ContextKeysDefinition: Sendable, Hashable {
    /// The kind of context.
    package var contextKind: String
    /// The keys.
    package var values: [String]

    /// A list of keys of one kind.
    package init(contextKind: String = "user", values: [String]) {
        self.contextKind = contextKind
        self.values = values
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> ContextKeysDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let kind = r.optionalString(o, "contextKind", at: path) ?? "user"
        return ContextKeysDefinition(contextKind: kind, values: r.stringArray(o, "values", at: path))
    }

    /// The JSON form.
    package var json: JSONValue {
        ["contextKind": .string(contextKind), "values": .array(values.map(JSONValue.string))]
    }
}
