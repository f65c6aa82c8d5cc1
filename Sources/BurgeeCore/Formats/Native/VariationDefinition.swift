/// One value a flag can serve, with optional variables.
package struct VariationDefinition: Sendable, Hashable {
    /// The key by which targets, rules and rollouts name this variation.
    package var key: String
    /// The value served.
    package var value: JSONValue
    /// Named values that travel with the variation (variables, configs, payloads).
    package var variables: [String: JSONValue]
    /// An optional display name.
    package var name: String?

    /// A variation.
    package init(key: String, value: JSONValue, variables: [String: JSONValue] = [:], name: String? = nil) {
        self.key = key
        self.value = value
        self.variables = variables
        self.name = name
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> VariationDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let key = r.requiredString(o, "key", at: path)
        guard let value = o["value"] else {
            r.error(path.appending("value"), "required member 'value' is missing")
            return nil
        }
        let variables = r.objectMember(o, "variables", at: path)
        let name = r.optionalString(o, "name", at: path)
        guard let key else { return nil }
        return VariationDefinition(key: key, value: value, variables: variables, name: name)
    }

    /// The JSON form of the variation.
    package var json: JSONValue {
        var o: [String: JSONValue] = ["key": .string(key), "value": value]
        if !variables.isEmpty { o["variables"] = .object(variables) }
        o.set("name", name.map(JSONValue.string))
        return .object(o)
    }
}
