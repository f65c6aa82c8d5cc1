/// One condition of a rule: an attribute, an operator and the values it is compared with.
package struct ClauseDefinition: Sendable, Hashable {
    /// The kind of context whose attribute is read.
    package var contextKind: String
    /// The attribute reference: a name or a `/`-path; absent for `segmentMatch`.
    package var attribute: String?
    /// The operator's name, kept as written so that an unknown one can be reported.
    package var op: String
    /// The values, ORed.
    package var values: [JSONValue]
    /// Inverts a match (never applied when the attribute or context kind is absent).
    package var negate: Bool
    /// Lowercases both sides of string operators.
    package var caseInsensitive: Bool

    /// A clause.
    package init(contextKind: String = "user", attribute: String?, op: String, values: [JSONValue],
                negate: Bool = false, caseInsensitive: Bool = false) {
        self.contextKind = contextKind
        self.attribute = attribute
        self.op = op
        self.values = values
        self.negate = negate
        self.caseInsensitive = caseInsensitive
    }

    static func read(_ json: JSONValue, at path: JSONPointer, _ r: inout ModelReader) -> ClauseDefinition? {
        guard let o = r.object(json, at: path) else { return nil }
        let kind = r.optionalString(o, "contextKind", at: path) ?? "user"
        let attribute = r.optionalString(o, "attribute", at: path)
        let op = r.requiredString(o, "op", at: path)
        let values = r.array(o, "values", at: path)
        let negate = r.bool(o, "negate", default: false, at: path)
        let caseInsensitive = r.bool(o, "caseInsensitive", default: false, at: path)
        guard let op else { return nil }
        return ClauseDefinition(contextKind: kind, attribute: attribute, op: op, values: values,
                                negate: negate, caseInsensitive: caseInsensitive)
    }

    /// The JSON form.
    package var json: JSONValue {
        var o: [String: JSONValue] = ["contextKind": .string(contextKind), "op": .string(op), "values": .array(values)]
        o.set("attribute", attribute.map(JSONValue.string))
        if negate { o["negate"] = true }
        if caseInsensitive { o["caseInsensitive"] = true }
        return .object(o)
    }
}
