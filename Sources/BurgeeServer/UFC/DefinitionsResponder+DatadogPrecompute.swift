import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// Datadog's client token header, which its client SDKs send with their requests.
    static let datadogClientToken = HTTPFields.Element.Name("dd-client-token")!

    /// `POST /precompute-assignments`, Datadog's client SDKs' flag request (their
    /// `customFlagsEndpoint`): the subject in the body,
    /// `{"data":{"type":"precompute-assignments-request","attributes":{"env","source","subject":
    /// {"targeting_key","targeting_attributes"}}}}`, answered with the flags assigned to it
    /// (``DatadogPrecomputedAssignments``). 400 for a body that is not such a request or a subject
    /// Datadog's evaluator refuses, 413 above ``DefinitionsServerConfiguration/maxOFREPBodyBytes``,
    /// 401 without one of the client tokens when the server has some, 503 when the definitions
    /// cannot be evaluated.
    func datadogPrecomputeResponse(_ request: Request) async throws -> Response {
        let tokens = server.configuration.clientTokens
        if !tokens.isEmpty, !SDKKeyCheck.accepts(request.headers[Self.datadogClientToken], anyOf: tokens) {
            return JSONResponses.error(.unauthorized, "unauthorized", "the dd-client-token header must carry a client token")
        }
        let limit = server.configuration.maxOFREPBodyBytes
        guard let body = try await BoundedBody.collect(request, limit: limit) else {
            return JSONResponses.error(.contentTooLarge, "too_large", "bodies are limited to \(limit) bytes")
        }
        let subject: (key: String?, attributes: [String: JSONValue], environment: String?)
        switch Self.datadogSubject(body) {
        case .success(let s): subject = s
        case .failure(let refusal): return refusal.response
        }
        let context = BurgeeCore.Context(targetingKey: subject.key, ufcAttributes: subject.attributes)
        if let reason = context.invalidReason {
            return JSONResponses.error(.badRequest, "invalid_subject", reason)
        }
        guard let snapshot = server.store.compiled.snapshot else {
            return JSONResponses.error(.serviceUnavailable, "unavailable", "the served definitions cannot be evaluated by this server")
        }
        let document = server.store.served.ufcDocument
        let environment = document?.objectValue?["environment"]?.objectValue?["name"]?.stringValue
            ?? subject.environment ?? "UNKNOWN"
        let createdAt = Self.unixMilliseconds()
        return JSONResponses.bytes(.ok, DatadogPrecomputedAssignments.body(in: snapshot, context: context, environment: environment,
                                                                          createdAt: createdAt),
                                   contentType: "application/vnd.api+json")
    }

    /// The subject of a precompute request: its targeting key, attributes and environment name.
    private static func datadogSubject(_ body: [UInt8])
        -> Result<(key: String?, attributes: [String: JSONValue], environment: String?), RequestRefusal>
    {
        func refused(_ message: String) -> Result<(key: String?, attributes: [String: JSONValue], environment: String?), RequestRefusal> {
            .failure(RequestRefusal(JSONResponses.error(.badRequest, "invalid_request", message)))
        }
        guard let json = try? JSONParser(limits: JSONLimits(maxDepth: 64, maxBytes: max(body.count, 1))).parse(body) else {
            return refused("the body is not JSON")
        }
        guard let attributes = json.objectValue?["data"]?.objectValue?["attributes"]?.objectValue else {
            return refused("the body must be {\"data\":{\"attributes\":{\"subject\":…}}}")
        }
        guard let subject = attributes["subject"]?.objectValue else { return refused("the request has no 'subject' object") }
        let key: String?
        switch subject["targeting_key"] {
        case nil, .null?: key = nil
        case .string(let k)?: key = k
        case let other?: return refused("'targeting_key' is \(other.typeName), not a string")
        }
        let targeting: [String: JSONValue]
        switch subject["targeting_attributes"] {
        case nil, .null?: targeting = [:]
        case .object(let o)?: targeting = o
        case let other?: return refused("'targeting_attributes' is \(other.typeName), not an object")
        }
        return .success((key, targeting, attributes["env"]?.objectValue?["name"]?.stringValue))
    }
}
