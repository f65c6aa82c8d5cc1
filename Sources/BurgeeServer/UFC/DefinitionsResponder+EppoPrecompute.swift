import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// `POST /assignments?apiKey=…`, Eppo's precomputed clients' request (their base URL followed
    /// by `/assignments`): `{"subject_key","subject_attributes":{"numericAttributes","categoricalAttributes"}}`
    /// (or flat attributes), answered with the flags assigned to the subject, obfuscated with a
    /// fresh salt (``EppoPrecomputedConfiguration``). With an SDK key, `apiKey` must be it (401, as
    /// for the configuration); 400 for a body that is not such a request or a subject without a
    /// key, as Eppo's service answers; 413 above ``DefinitionsServerConfiguration/maxOFREPBodyBytes``;
    /// 503 when the definitions cannot be evaluated. `bandit_actions` are read past: no bandit is computed.
    func eppoPrecomputeResponse(_ request: Request) async throws -> Response {
        guard server.keyCheck.accepts(request.uri.queryParameters.getAll("apiKey").first.map { String($0) }) else {
            return JSONResponses.error(.unauthorized, "unauthorized", "Invalid SDK key.")
        }
        let limit = server.configuration.maxOFREPBodyBytes
        guard let body = try await BoundedBody.collect(request, limit: limit) else {
            return JSONResponses.error(.contentTooLarge, "too_large", "bodies are limited to \(limit) bytes")
        }
        let subject: (key: String, attributes: [String: JSONValue])
        switch Self.eppoSubject(body) {
        case .success(let s): subject = s
        case .failure(let refusal): return refusal.response
        }
        let context = BurgeeCore.Context(targetingKey: subject.key, ufcAttributes: subject.attributes, requiresKey: true)
        if let reason = context.invalidReason { return JSONResponses.error(.badRequest, "invalid_subject", reason) }
        guard let snapshot = server.store.compiled.snapshot else {
            return JSONResponses.error(.serviceUnavailable, "unavailable", "the served definitions cannot be evaluated by this server")
        }
        let document = server.store.served.ufcDocument
        let environment = document?.objectValue?["environment"]?.objectValue?["name"]?.stringValue ?? "UNKNOWN"
        var generator = SystemRandomNumberGenerator()
        let salt = Base64.encode((0..<16).map { _ in UInt8.random(in: .min ... .max, using: &generator) }, padded: false)
        return JSONResponses.bytes(.ok, EppoPrecomputedConfiguration.body(
            in: snapshot, context: context, document: document, salt: salt, createdAt: Self.unixMilliseconds(),
            environment: environment))
    }

    /// The subject of a precomputed request: its key and its attributes, numeric and categorical together.
    private static func eppoSubject(_ body: [UInt8]) -> Result<(key: String, attributes: [String: JSONValue]), RequestRefusal> {
        func refused(_ message: String) -> Result<(key: String, attributes: [String: JSONValue]), RequestRefusal> {
            .failure(RequestRefusal(JSONResponses.error(.badRequest, "invalid_request", message)))
        }
        guard let json = try? JSONParser(limits: JSONLimits(maxDepth: 64, maxBytes: max(body.count, 1))).parse(body),
              let members = json.objectValue else {
            return refused("the body is not a JSON object")
        }
        guard case .string(let key)? = members["subject_key"], !key.isEmpty else {
            return refused("subject_key must be a non-empty string")
        }
        var attributes: [String: JSONValue] = [:]
        switch members["subject_attributes"] {
        case nil, .null?: break
        case .object(let given)?:
            let grouped = given.keys.allSatisfy { $0 == "numericAttributes" || $0 == "categoricalAttributes" } && !given.isEmpty
            if grouped {
                for group in ["categoricalAttributes", "numericAttributes"] {
                    switch given[group] {
                    case nil, .null?: break
                    case .object(let values)?: attributes.merge(values) { _, new in new }
                    case let other?: return refused("'\(group)' is \(other.typeName), not an object")
                    }
                }
            } else {
                attributes = given
            }
        case let other?: return refused("'subject_attributes' is \(other.typeName), not an object")
        }
        return .success((key, attributes))
    }
}
