import BurgeeCore

/// Reads an OFREP request body and maps its OpenFeature evaluation context to a ``Context`` as
/// the definitions' format maps it (docs/openfeature.md): for most formats `targetingKey` is the
/// key; `kind`, when given, the context kind (else `user`); `name` and `anonymous` are Burgee's;
/// every other member is an attribute of the same name. Formats whose SDKs map it otherwise
/// (flagd's, whose `targetingKey` is optional; Unleash's, whose standard fields keep their names)
/// say so in their dialect.
enum OFREPContext {
    /// The context of `body`: `{"context": {"targetingKey": …, …}}`.
    /// - Throws: ``OFREPFailure``: `PARSE_ERROR` for a body that is not a JSON object,
    ///   `INVALID_CONTEXT` for a missing or unusable context, `TARGETING_KEY_MISSING` for a
    ///   context without a `targetingKey` (or an empty one) in a format that needs one.
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
        guard case .object(let members) = contextJSON else {
            throw OFREPFailure(code: .invalidContext, details: "'context' is \(contextJSON.typeName), not an object")
        }
        do {
            return try FormatRegistry.tooling(of: format).context(openFeature: members)
        } catch {
            switch error.code {
            case .targetingKeyMissing: throw OFREPFailure(code: .targetingKeyMissing, details: error.details)
            case .invalidContext: throw OFREPFailure(code: .invalidContext, details: error.details)
            }
        }
    }
}
