import BurgeeCore

/// Reads an OFREP request body and maps its OpenFeature evaluation context to a ``Context``.
///
/// The mapping (docs/openfeature.md): `targetingKey` is the key; `kind`, when given, the context
/// kind (else `user`); `name` and `anonymous` are Burgee's; every other member is an attribute of
/// the same name, with its JSON value. A member named `key` is ignored: `targetingKey` is the key.
///
/// For flagd definitions the context is read as flagd reads it (``Context/init(flagdJSON:)``):
/// `targetingKey` is optional.
///
/// For Unleash definitions the context becomes an Unleash context instead, as Unleash's
/// OpenFeature providers map it: `targetingKey` is the `userId` (unless `userId` is given), the
/// standard fields (`sessionId`, `remoteAddress`, `environment`, `appName`, `currentTime`) keep
/// their names, and every other member is a property.
enum OFREPContext {
    /// The context of `body`: `{"context": {"targetingKey": …, …}}`.
    /// - Throws: ``OFREPFailure``: `PARSE_ERROR` for a body that is not a JSON object,
    ///   `INVALID_CONTEXT` for a missing or unusable context, `TARGETING_KEY_MISSING` for a
    ///   context without a `targetingKey` (or an empty one).
    static func read(_ body: [UInt8], format: DefinitionsFormat = .native) throws(OFREPFailure) -> Context {
        let json: JSONValue
        do {
            json = try JSONParser().parse(body)
        } catch {
            throw OFREPFailure(code: .parseError, details: "the body is not JSON: \(error)")
        }
        guard case .object(let request) = json else {
            throw OFREPFailure(code: .parseError, details: "the body is \(json.typeName), not an object")
        }
        guard let contextJSON = request["context"] else {
            throw OFREPFailure(code: .invalidContext, details: "the request has no 'context'")
        }
        guard case .object(var members) = contextJSON else {
            throw OFREPFailure(code: .invalidContext, details: "'context' is \(contextJSON.typeName), not an object")
        }
        // flagd evaluates OpenFeature's context as it is, with or without a targeting key.
        if format == .flagd {
            switch members["targetingKey"] {
            case nil, .null?, .string?: return Context(flagdJSON: contextJSON)
            case let other?:
                throw OFREPFailure(code: .invalidContext, details: "'targetingKey' is \(other.typeName), not a string")
            }
        }
        let targetingKey: String
        switch members.removeValue(forKey: "targetingKey") {
        case .string(let key)? where !key.isEmpty: targetingKey = key
        case nil, .null?, .string?:
            throw OFREPFailure(code: .targetingKeyMissing, details: "the context has no 'targetingKey'")
        case let other?:
            throw OFREPFailure(code: .invalidContext, details: "'targetingKey' is \(other.typeName), not a string")
        }
        if format == .unleash { return unleashContext(members, targetingKey: targetingKey) }
        let kind = members.removeValue(forKey: "kind") ?? "user"
        guard case .string = kind, kind != "multi" else {
            throw OFREPFailure(code: .invalidContext, details: "'kind' must be a context kind, not \(kind.serialized())")
        }
        members["kind"] = kind
        members["key"] = .string(targetingKey)
        let context = Context(json: .object(members))
        if let reason = context.invalidReason {
            throw OFREPFailure(code: .invalidContext, details: reason)
        }
        return context
    }

    /// The Unleash context of an OpenFeature context's members (`targetingKey` removed).
    private static func unleashContext(_ members: [String: JSONValue], targetingKey: String) -> Context {
        var unleash: [String: JSONValue] = [:]
        var properties = members["properties"]?.objectValue ?? [:]
        for (name, value) in members where name != "properties" {
            if Context.unleashStandardFields.contains(name) { unleash[name] = value } else { properties[name] = value }
        }
        if unleash["userId"] == nil { unleash["userId"] = .string(targetingKey) }
        unleash["properties"] = .object(properties)
        return Context(unleashJSON: .object(unleash))
    }
}
