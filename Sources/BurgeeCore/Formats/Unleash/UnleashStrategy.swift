/// An activation strategy of a feature: its name, parameters, constraints, segments and variants.
package struct UnleashStrategy: Sendable {
    package var name: String
    /// The parameters as text (numbers written in decimal, as Unleash's servers send them).
    package var parameters: [String: String]
    package var constraints: [UnleashConstraint]
    /// Segment ids whose constraints are ANDed with the strategy's own.
    package var segments: [Int64]
    package var variants: [UnleashVariant]
    /// The strategy's id, when the server sends one (for `explain`).
    package var id: String?
    package var path: JSONPointer

    /// A strategy.
    package init(name: String, parameters: [String: String] = [:], constraints: [UnleashConstraint] = [],
                 segments: [Int64] = [], variants: [UnleashVariant] = [], id: String? = nil, path: JSONPointer = .root) {
        self.name = name
        self.parameters = parameters
        self.constraints = constraints
        self.segments = segments
        self.variants = variants
        self.id = id
        self.path = path
    }

    /// Reads a strategy at `path`, recording problems in `r`.
    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path), let name = r.requiredString(o, "name", at: path) else { return nil }
        var parameters: [String: String] = [:]
        for (key, value) in r.objectMember(o, "parameters", at: path) {
            if let text = UnleashText.text(of: value) { parameters[key] = text } else if !value.isNull {
                r.warning(path.appending("parameters").appending(key), "parameter is \(value.typeName), not a string; it is ignored")
            }
        }
        let constraints = r.elements(o, "constraints", at: path) { value, p, r in UnleashConstraint(json: value, at: p, &r) }
        var segments: [Int64] = []
        for (i, value) in r.array(o, "segments", at: path).enumerated() {
            if case .number(let n) = value, let id = JSONValue.exactInt64(n) { segments.append(id) } else {
                r.error(path.appending("segments").appending(i), "a segment id is an integer, not \(value.typeName)")
            }
        }
        let variants = r.elements(o, "variants", at: path) { value, p, r in UnleashVariant(json: value, at: p, &r) }
        self.init(name: name, parameters: parameters, constraints: constraints, segments: segments, variants: variants,
                  id: o["id"].flatMap(UnleashText.text(of:)), path: path)
    }
}
