/// A variant of a feature or a strategy: a name, a weight, an optional payload and overrides.
package struct UnleashVariant: Sendable {
    package var name: String
    /// The weight among its siblings; 0 is never picked.
    package var weight: UInt64
    /// The stickiness field; Unleash reads the first variant's for the whole list.
    package var stickiness: String?
    /// `{"type","value"}` as given.
    package var payload: JSONValue?
    package var overrides: [UnleashOverride]
    package var path: JSONPointer

    /// A variant.
    package init(name: String, weight: UInt64, stickiness: String? = nil, payload: JSONValue? = nil,
                 overrides: [UnleashOverride] = [], path: JSONPointer = .root) {
        self.name = name
        self.weight = weight
        self.stickiness = stickiness
        self.payload = payload
        self.overrides = overrides
        self.path = path
    }

    /// Reads a variant at `path`, recording problems in `r`. Weights must be integers from 0 to
    /// 2^53; a missing weight is 0.
    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path), let name = r.requiredString(o, "name", at: path) else { return nil }
        var weight: UInt64 = 0
        if let w = r.optionalInt(o, "weight", at: path) {
            if w < 0 || w > 1 << 53 { r.error(path.appending("weight"), "weight \(w) is outside 0…2^53") } else { weight = UInt64(w) }
        }
        let overrides = r.elements(o, "overrides", at: path) { value, p, r -> UnleashOverride? in
            guard let oo = r.object(value, at: p), let contextName = r.requiredString(oo, "contextName", at: p) else { return nil }
            return UnleashOverride(contextName: contextName, values: r.stringArray(oo, "values", at: p))
        }
        var payload: JSONValue?
        if let p = o["payload"], !p.isNull {
            if case .object = p { payload = p } else { r.error(path.appending("payload"), "a payload is an object, not \(p.typeName)") }
        }
        self.init(name: name, weight: weight, stickiness: r.optionalString(o, "stickiness", at: path), payload: payload,
                  overrides: overrides, path: path)
    }
}

/// A variant override: the variant is picked when the context field is one of the values.
package struct UnleashOverride: Sendable {
    package var contextName: String
    package var values: [String]

    /// An override.
    package init(contextName: String, values: [String]) {
        self.contextName = contextName
        self.values = values
    }
}
