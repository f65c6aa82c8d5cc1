import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// The largest token request body read; a form with a grant type and credentials is far smaller.
    private static let maxTokenBodyBytes = 64 << 10

    /// `POST /oauth/token` with `Content-Type: application/x-www-form-urlencoded` and the body
    /// `grant_type=client_credentials`: 200 `{"access_token": <opaque>, "expires_in": 3600,
    /// "token_type": "Bearer"}` (`Cache-Control: no-store`), as an OAuth server answers (RFC 6749
    /// §4.4, §5). The client authenticates with Basic credentials (or `client_id` and
    /// `client_secret` in the body); when the server has an SDK key, the secret must be it. Errors
    /// are OAuth's `{"error", "error_description"}`: `invalid_client` (401, with
    /// `WWW-Authenticate: Basic`) without credentials or with a wrong secret, checked first;
    /// `invalid_request` (400) for another content type or no `grant_type`;
    /// `unsupported_grant_type` (400) for another grant.
    func kameleoonTokenResponse(_ request: Request) async throws -> Response {
        let isForm = request.headers[.contentType].map {
            $0.split(separator: ";").first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } == "application/x-www-form-urlencoded"
        } ?? false
        let body = try await Self.collect(request.body, limit: Self.maxTokenBodyBytes)
        let form = body.map { KameleoonQueryString.lenientParameters(Substring(decoding: $0.readableBytesView, as: UTF8.self)) } ?? [:]
        let credentials = request.headers[.authorization].flatMap(KameleoonClientCredentials.init(authorization:))
            ?? form["client_id"].flatMap { id in form["client_secret"].map { KameleoonClientCredentials(clientID: id, secret: $0) } }
        guard let credentials else {
            return Self.oauthError(.unauthorized, "invalid_client", "authenticate the client: Authorization: Basic base64(clientId:clientSecret)")
        }
        if let key = server.configuration.sdkKey, !credentials.hasSecret(key) {
            return Self.oauthError(.unauthorized, "invalid_client", "the client secret is not the one this server accepts")
        }
        guard body != nil else {
            return Self.oauthError(.contentTooLarge, "invalid_request", "token requests are limited to \(Self.maxTokenBodyBytes) bytes")
        }
        guard isForm else {
            return Self.oauthError(.badRequest, "invalid_request", "send the body as application/x-www-form-urlencoded")
        }
        guard let grant = form["grant_type"], !grant.isEmpty else {
            return Self.oauthError(.badRequest, "invalid_request", "grant_type is missing: send grant_type=client_credentials")
        }
        guard grant == "client_credentials" else {
            return Self.oauthError(.badRequest, "unsupported_grant_type", "only grant_type=client_credentials is supported, not '\(grant)'")
        }
        let token = server.records.of(KameleoonTokens.self).issue(now: Self.unixSeconds())
        var response = JSONResponses.json(.ok, ["access_token": .string(token), "expires_in": .number(Double(KameleoonTokens.lifetimeSeconds)),
                                                "token_type": "Bearer"])
        response.headers[.cacheControl] = "no-store"
        return response
    }

    /// A 401 when the server has an SDK key and the request carries no `Authorization: Bearer`
    /// token that `POST /oauth/token` issued and that is still valid; `nil` when it may go on
    /// (always, without a key).
    func kameleoonBearerRefusal(_ request: Request) -> Response? {
        guard server.configuration.sdkKey != nil else { return nil }
        let scheme = "bearer "
        if let authorization = request.headers[.authorization], authorization.utf8.count > scheme.utf8.count,
           authorization.prefix(scheme.count).lowercased() == scheme,
           server.records.of(KameleoonTokens.self).isValid(authorization.dropFirst(scheme.count), now: Self.unixSeconds()) {
            return nil
        }
        return JSONResponses.error(.unauthorized, "unauthorized", "send Authorization: Bearer <a token from POST /oauth/token>",
                                   headers: [.wwwAuthenticate: "Bearer"])
    }

    /// OAuth's error answer (RFC 6749 §5.2), with `WWW-Authenticate` on a 401.
    private static func oauthError(_ status: HTTPResponse.Status, _ code: String, _ description: String) -> Response {
        var response = JSONResponses.json(status, ["error": .string(code), "error_description": .string(description)],
                                          headers: status == .unauthorized ? [.wwwAuthenticate: #"Basic realm="burgee""#] : [:])
        response.headers[.cacheControl] = "no-store"
        return response
    }
}
