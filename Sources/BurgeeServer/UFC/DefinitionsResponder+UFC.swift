import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// Datadog's API key header.
    static let datadogAPIKey = HTTPFields.Element.Name("DD-API-KEY")!
    /// The Agent's EVP proxy names the intake it forwards to in this header.
    static let datadogEVPSubdomain = HTTPFields.Element.Name("X-Datadog-EVP-Subdomain")!

    /// `GET /api/v2/feature-flagging/config/rules-based/server`: the document in the JSON:API
    /// envelope Datadog's CDN serves (`{"data":{"type":"universal-flag-configuration","id",
    /// "attributes":UFC}}`; a file already in the envelope is served as it is), with a strong
    /// `ETag` and 304 for `If-None-Match`. Open, as a custom agentless base URL is to Datadog's
    /// SDKs, which send their key only to Datadog's own CDN; with an SDK key, a `DD-API-KEY` that
    /// is sent must be it (403 otherwise, which stops Datadog's SDKs).
    func datadogConfigurationResponse(_ request: Request) -> Response {
        if let sent = request.headers[Self.datadogAPIKey], !server.keyCheck.accepts(sent) {
            return JSONResponses.error(.forbidden, "forbidden", "the DD-API-KEY header must carry the SDK key")
        }
        let served = server.store.served
        guard let document = served.wholeDocument else {
            return JSONResponses.error(.internalServerError, "no_document", "no document is served")
        }
        let enveloped: JSONValue = document.objectValue?["data"] != nil && document.objectValue?["flags"] == nil
            ? document
            : ["data": ["type": "universal-flag-configuration", "id": "1", "attributes": document]]
        return Self.taggedJSON(Array(enveloped.serialized().utf8), version: served.documentVersion, request)
    }

    /// `GET /api/flag-config/v1/config?apiKey=…`: the UFC document as Eppo's CDN serves it (a file
    /// in Datadog's envelope is served without it), with a strong `ETag` and 304 for
    /// `If-None-Match`. With an SDK key, `apiKey` must be it (401 otherwise, which stops Eppo's
    /// poller).
    func eppoConfigurationResponse(_ request: Request) -> Response {
        guard server.keyCheck.accepts(request.uri.queryParameters.getAll("apiKey").first.map { String($0) }) else {
            return JSONResponses.error(.unauthorized, "unauthorized", "the apiKey parameter must be the SDK key")
        }
        let served = server.store.served
        guard var document = served.wholeDocument else {
            return JSONResponses.error(.internalServerError, "no_document", "no document is served")
        }
        if document.objectValue?["flags"] == nil, let attributes = document.objectValue?["data"]?.objectValue?["attributes"] {
            document = attributes
        }
        return Self.taggedJSON(Array(document.serialized().utf8), version: served.documentVersion, request)
    }

    /// `GET /info`: what the Datadog Agent tells tracers it offers, reduced to what Datadog's
    /// SDKs read before they send exposures through it: the EVP proxy (`/evp_proxy/v2/`) and the
    /// headers it lets through. Open, as the Agent's is.
    func datadogAgentInfoResponse(_ request: Request) -> Response {
        JSONResponses.json(.ok, ["version": .string("burgee-" + SDKVersion.version),
                                 "endpoints": ["/evp_proxy/v2/", "/evp_proxy/v2/api/v2/exposures"],
                                 "evp_proxy_allowed_headers": ["Content-Type", "Accept-Encoding", "Content-Encoding",
                                                               "User-Agent", "DD-EVP-ORIGIN", "DD-EVP-ORIGIN-VERSION"],
                                 "client_drop_p0s": false])
    }

    /// `POST /api/v2/exposures` (agentless, `DD-API-KEY` checked as for the configuration) or
    /// `POST /evp_proxy/v2/api/v2/exposures` (through the Agent: `X-Datadog-EVP-Subdomain` must be
    /// `event-platform-intake`, else 400): a body `{"context":{…},"exposures":[…]}` (gzip accepted
    /// as for `POST /events`), kept and counted by flag; 202.
    func datadogExposuresResponse(_ request: Request, throughAgent: Bool) async throws -> Response {
        if throughAgent {
            guard request.headers[Self.datadogEVPSubdomain] == "event-platform-intake" else {
                return JSONResponses.error(.badRequest, "invalid_subdomain",
                                           "X-Datadog-EVP-Subdomain must be event-platform-intake")
            }
        } else if !server.keyCheck.accepts(request.headers[Self.datadogAPIKey]) {
            return JSONResponses.error(.forbidden, "forbidden", "the DD-API-KEY header must carry the SDK key")
        }
        let body = try await readEventBody(request) { (bytes) throws(EventBodyDecoding.Failure) -> JSONValue in
            let json: JSONValue
            do {
                json = try JSONParser(limits: .init(maxBytes: max(bytes.count, 1))).parse(bytes)
            } catch {
                throw .invalidBatch("the body is not JSON: \(error)")
            }
            guard json.objectValue?["exposures"]?.arrayValue != nil else {
                throw .invalidBatch("the body is not a JSON object with an 'exposures' array")
            }
            return json
        }
        switch body {
        case .refused(let response):
            return response
        case .accepted(let json, let receivedBytes):
            server.records.of(UFCExposureInbox.self).store(
                UFCExposurePost(path: request.uri.path, body: json, receivedBytes: receivedBytes))
            return Response(status: .accepted, headers: eventAnswerHeaders)
        }
    }
}
