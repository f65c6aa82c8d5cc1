/// flagd's evaluation context (OpenFeature's) as a Burgee ``Context``.
///
/// A JSON object becomes **one single context of kind `user`** whose attributes are the object's
/// members, as they are (`targetingKey` included). Its key is `targetingKey` when that is a
/// string, else empty: unlike native contexts, a flagd context needs no key, and it is valid
/// whatever its members. Only a context that is not a JSON object is invalid.
extension Context {
    /// The kind of the single context a flagd context becomes.
    package static let flagdKind = "user"

    /// Reads an OpenFeature evaluation context (`{"targetingKey"?, …}`).
    public init(flagdJSON json: JSONValue) {
        guard case .object(let members) = json else {
            self.init(single: SingleContext(kind: Self.flagdKind, key: "", attributes: [:]),
                      invalidReason: "a flagd evaluation context is an object, not \(json.typeName)")
            return
        }
        let key = members["targetingKey"]?.stringValue ?? ""
        self.init(single: SingleContext(kind: Self.flagdKind, key: key, attributes: members), invalidReason: nil)
    }
}
