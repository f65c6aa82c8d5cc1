/// Context keys of one kind that are served one variation directly.
package struct TargetDefinition: Sendable, Hashable {
    /// The kind of context whose key is looked up.
    package var contextKind: String
    /// The keys.
    package var values: [String]
    /// The key of the variation served.
    package var variation: String

    /// A target.
    package init(contextKind: String = "user", values: [String], variation: String) {
        self.contextKind = contextKind
        self.values = values
        self.variation = variation
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> TargetDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let kind = r.optionalString(o, "contextKind", at: path) ?? "user"
        let values = r.stringArray(o, "values", at: path)
        guard let variation = r.requiredString(o, "variation", at: path) else { return nil }
        return TargetDefinition(contextKind: kind, values: values, variation: variation)
    }

    /// The JSON form.
    package var json: JSONValue {
        ["contextKind": .string(contextKind), "values": .array(values.map(JSONValue.string)), "variation": .string(variation)]
    }
}
