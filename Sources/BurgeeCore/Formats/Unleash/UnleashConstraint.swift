/// A constraint: an operator applied to one context field (`contextName`).
package struct UnleashConstraint: Sendable {
    package var contextName: String
    /// The operator as written; an unknown one never passes.
    package var operatorName: String
    /// `values`, for the list operators (`IN`, `NOT_IN`, `STR_*`, `IN_CIDR`).
    package var values: [String]
    /// `value`, for the single-value operators (`NUM_*`, `DATE_*`, `SEMVER_*`, `REGEX`).
    package var value: String?
    package var inverted: Bool
    package var caseInsensitive: Bool
    package var path: JSONPointer

    /// A constraint.
    package init(contextName: String, operatorName: String, values: [String] = [], value: String? = nil,
                 inverted: Bool = false, caseInsensitive: Bool = false, path: JSONPointer = .root) {
        self.contextName = contextName
        self.operatorName = operatorName
        self.values = values
        self.value = value
        self.inverted = inverted
        self.caseInsensitive = caseInsensitive
        self.path = path
    }

    /// Reads a constraint at `path`, recording problems in `r`.
    init?(json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) {
        guard let o = r.object(json, at: path),
              let contextName = r.requiredString(o, "contextName", at: path),
              let op = r.requiredString(o, "operator", at: path) else { return nil }
        var values: [String] = []
        for (i, element) in r.array(o, "values", at: path).enumerated() {
            if let text = UnleashText.text(of: element) { values.append(text) } else {
                r.warning(path.appending("values").appending(i), "\(element.typeName) is not a string; it never matches")
            }
        }
        var value: String?
        if let v = o["value"], !v.isNull {
            value = UnleashText.text(of: v)
            if value == nil { r.warning(path.appending("value"), "\(v.typeName) is not a string; it never matches") }
        }
        self.init(contextName: contextName, operatorName: op, values: values, value: value,
                  inverted: r.bool(o, "inverted", default: false, at: path),
                  caseInsensitive: r.bool(o, "caseInsensitive", default: false, at: path), path: path)
    }
}
