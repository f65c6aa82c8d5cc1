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
        // The served bytes go into the envelope as they are, numbers as the file wrote them.
        let bytes = Array(served.body.readableBytesView)
        let enveloped = document.objectValue?["data"] != nil && document.objectValue?["flags"] == nil
            ? bytes
            : Array(#"{"data":{"type":"universal-flag-configuration","id":"1","attributes":"#.utf8) + bytes + Array("}}".utf8)
        return Self.taggedJSON(enveloped, version: served.documentVersion, request)
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
        guard let whole = served.wholeDocument, let document = served.ufcDocument else {
            return JSONResponses.error(.internalServerError, "no_document", "no document is served")
        }
        if document != whole {
            // A file in Datadog's envelope: the document out of it, re-serialized.
            return Self.taggedJSON(Array(document.serialized().utf8), version: served.documentVersion, request)
        }
        // The served bytes as they are, numbers as the file wrote them.
        return Self.taggedJSON(Array(served.body.readableBytesView), version: served.documentVersion, request)
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

    /// `POST /api/v2/exposures` (agentless, `DD-API-KEY` checked as for the configuration, or one
    /// of the client tokens) or `POST /evp_proxy/v2/api/v2/exposures` (through the Agent:
    /// `X-Datadog-EVP-Subdomain` must be `event-platform-intake`, else 400): a body
    /// `{"context":{…},"exposures":[…]}` from a server SDK, or one exposure per line from a client
    /// SDK, kept as `{"exposures":[…]}` (gzip accepted as for `POST /events`), counted by flag; 202.
    func datadogExposuresResponse(_ request: Request, throughAgent: Bool) async throws -> Response {
        if throughAgent {
            guard request.headers[Self.datadogEVPSubdomain] == "event-platform-intake" else {
                return JSONResponses.error(.badRequest, "invalid_subdomain",
                                           "X-Datadog-EVP-Subdomain must be event-platform-intake")
            }
        } else {
            let sent = request.headers[Self.datadogAPIKey]
            let tokenSent = SDKKeyCheck.accepts(sent, anyOf: server.configuration.clientTokens)
            if !tokenSent, !server.keyCheck.accepts(sent) {
                return JSONResponses.error(.forbidden, "forbidden", "the DD-API-KEY header must carry the SDK key or a client token")
            }
        }
        let body = try await readEventBody(request) { (bytes) throws(EventBodyDecoding.Failure) -> JSONValue in
            let limits = JSONLimits(maxBytes: max(bytes.count, 1))
            if let json = try? JSONParser(limits: limits).parse(bytes), json.objectValue?["exposures"]?.arrayValue != nil {
                return json
            }
            // Datadog's client SDKs send one exposure per line, without the server SDKs' envelope.
            var exposures: [JSONValue] = []
            for line in bytes.split(separator: UInt8(ascii: "\n")) where line.contains(where: { $0 > 0x20 }) {
                guard let exposure = try? JSONParser(limits: limits).parse(Array(line)),
                      exposure.objectValue?["flag"]?.objectValue?["key"]?.stringValue != nil else {
                    throw .invalidBatch("the body is neither a JSON object with an 'exposures' array nor lines of exposures")
                }
                exposures.append(exposure)
            }
            guard !exposures.isEmpty else { throw .invalidBatch("the body holds no exposure") }
            return ["exposures": .array(exposures)]
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
