/// Unleash's context as a Burgee ``Context``.
///
/// An Unleash context (`{"userId","sessionId","remoteAddress","environment","appName",
/// "currentTime","properties":{…}}`) becomes **one single context of kind `user`** whose
/// attributes are:
/// - every member of `properties`, under its own name;
/// - then the standard fields `userId`, `sessionId`, `remoteAddress`, `environment`, `appName`,
///   `currentTime`, under their own names, winning over a property of the same name (Unleash
///   reads a `contextName` as the standard field first, then `properties[name]`).
///
/// Values are text, as Unleash's are: numbers become their decimal text, booleans `true`/`false`;
/// `null`, arrays and objects are left out (absent). No `key` attribute is added. The context's
/// key (which no Unleash rule reads) is `userId`, else `sessionId`, else `"anonymous"`, so every
/// Unleash context is valid; only a context that is not a JSON object is invalid.
extension Context {
    /// The kind of the single context an Unleash context becomes.
    package static let unleashKind = "user"

    /// The standard fields of an Unleash context.
    package static let unleashStandardFields = ["userId", "sessionId", "remoteAddress", "environment", "appName", "currentTime"]

    /// Reads an Unleash context from its JSON shape (the client specification's `context`).
    public init(unleashJSON json: JSONValue) {
        guard case .object(let members) = json else {
            self.init(single: SingleContext(kind: Self.unleashKind, key: "anonymous", attributes: [:]),
                      invalidReason: "an Unleash context is an object, not \(json.typeName)")
            return
        }
        var attributes: [String: JSONValue] = [:]
        if case .object(let properties)? = members["properties"] {
            for (name, value) in properties {
                if let text = UnleashText.text(of: value) { attributes[name] = .string(text) }
            }
        }
        for name in Self.unleashStandardFields {
            if let value = members[name], let text = UnleashText.text(of: value) { attributes[name] = .string(text) }
        }
        let key = attributes["userId"]?.stringValue ?? attributes["sessionId"]?.stringValue ?? "anonymous"
        self.init(single: SingleContext(kind: Self.unleashKind, key: key.isEmpty ? "anonymous" : key, attributes: attributes),
                  invalidReason: nil)
    }
}
