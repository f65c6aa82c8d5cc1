/// LaunchDarkly's contexts as Burgee ``Context``s.
///
/// LaunchDarkly's context JSON (`kind`, `key`, multi-contexts, `_meta`) is the shape
/// ``Context/init(json:)`` reads. A JSON object **without `kind`** is a user object of
/// LaunchDarkly's SDKs before 2022, read as LaunchDarkly's SDKs read it, as one context of kind
/// `user`:
///
/// - `key` is required and must be a string; unlike a context's, it may be empty;
/// - `name` (a string) and `anonymous` (a boolean) are the built-in attributes of those names;
/// - `firstName`, `lastName`, `email`, `country`, `avatar` and `ip` (strings) are attributes of
///   those names;
/// - every member of `custom` is an attribute of its name, except `kind`, `key`, `name`,
///   `anonymous` and `_meta`; a built-in member wins over a `custom` one of the same name;
/// - `secondary` is checked but affects no evaluation; `privateAttributeNames` are the context's
///   private attributes (kept out of events); other members are ignored;
/// - `null` stands for absent; any other value of the wrong type makes the context invalid
///   (`ERROR/INVALID_CONTEXT`), as it makes LaunchDarkly's SDKs refuse it.
extension Context {
    /// The built-in string attributes of a pre-2022 user object.
    package static let launchDarklyUserStrings = ["firstName", "lastName", "email", "country", "avatar", "ip"]

    /// Reads LaunchDarkly's context JSON, or a pre-2022 user object (one without `kind`).
    public init(launchDarklyJSON json: JSONValue) {
        guard case .object(let o) = json, o["kind"] == nil else {
            self.init(json: json)
            return
        }
        var attributes: [String: JSONValue] = [:]
        var problem: String?
        func invalid(_ message: String) { if problem == nil { problem = message } }

        var key = ""
        switch o["key"] {
        case .string(let k)?: key = k
        case nil: invalid("a user object has no 'key'")
        case let other?: invalid("'key' of a user object is \(other.typeName), not a string")
        }
        switch o["custom"] {
        case nil, .null?: break
        case .object(let custom)?:
            for (name, value) in custom where !["kind", "key", "name", "anonymous", "_meta"].contains(name) && !value.isNull {
                attributes[name] = value
            }
        case let other?: invalid("'custom' of a user object is \(other.typeName), not an object")
        }
        for name in Self.launchDarklyUserStrings + ["name", "secondary"] {
            switch o[name] {
            case nil, .null?: break
            case .string(let s)?: if name != "secondary" { attributes[name] = .string(s) }
            case let other?: invalid("'\(name)' of a user object is \(other.typeName), not a string")
            }
        }
        switch o["anonymous"] {
        case nil, .null?: break
        case .bool(let b)?: attributes["anonymous"] = .bool(b)
        case let other?: invalid("'anonymous' of a user object is \(other.typeName), not a boolean")
        }
        var privateAttributes: [String] = []
        switch o["privateAttributeNames"] {
        case nil, .null?: break
        case .array(let names)? where names.allSatisfy({ $0.stringValue != nil }):
            // Plain names, not references: a name that starts with `/` is escaped into one.
            privateAttributes = names.compactMap(\.stringValue).map { name in
                guard name.hasPrefix("/") else { return name }
                return "/" + AttributeReference.escaped(name)
            }
        case let other?: invalid("'privateAttributeNames' of a user object is \(other.typeName), not an array of strings")
        }
        attributes["key"] = .string(key)
        self.init(single: SingleContext(kind: "user", key: key, attributes: attributes, privateAttributes: privateAttributes),
                  invalidReason: problem)
    }
}
