import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// `GET …/contexts/{context}` and `REPORT …/context` (and the older `users/{context}`, `user`)
    /// under `/msdk/evalx` (mobile SDKs) and `/sdk/evalx/{envId}` (JavaScript SDKs), as the Relay
    /// Proxy answers them: every flag the SDK's kind may see, evaluated for the context
    /// (``LaunchDarklyClientFlags``), with a strong `ETag` and 304 for `If-None-Match`.
    func launchDarklyClientFlagsResponse(_ request: Request, kind: LaunchDarklyClientKind) async throws -> Response {
        let context: BurgeeCore.Context
        switch try await launchDarklyClientContext(request, kind: kind) {
        case .success(let c): context = c
        case .failure(let refusal): return launchDarklyClientAnswer(refusal.response, request, kind: kind)
        }
        guard let snapshot = server.store.compiled.snapshot else {
            return launchDarklyClientAnswer(Self.launchDarklyClientUnavailable(), request, kind: kind)
        }
        let body = LaunchDarklyClientFlags.body(in: snapshot, context: context, for: kind,
                                                withReasons: Self.launchDarklyWithReasons(request))
        return launchDarklyClientAnswer(Self.taggedJSON(body, version: snapshot.version, request), request, kind: kind)
    }

    /// `GET /meval/{context}` and `REPORT /meval` (mobile), `GET /eval/{envId}/{context}` and
    /// `REPORT /eval/{envId}` (JavaScript): Server-Sent Events, a `put` of the flags evaluated for
    /// the context as the stream opens and another each time the served definitions change, which
    /// LaunchDarkly's client-side SDKs take as the whole new set.
    func launchDarklyClientStreamResponse(_ request: Request, kind: LaunchDarklyClientKind) async throws -> Response {
        let context: BurgeeCore.Context
        switch try await launchDarklyClientContext(request, kind: kind) {
        case .success(let c): context = c
        case .failure(let refusal): return launchDarklyClientAnswer(refusal.response, request, kind: kind)
        }
        let store = server.store
        let retry = server.configuration.streamRetry
        let withReasons = Self.launchDarklyWithReasons(request)
        let response = eventStreamResponse(request, bodyRead: request.method != .get) {
            store.subscribe(retry: retry) { snapshot in
                let flags = LaunchDarklyClientFlags.body(in: snapshot, context: context, for: kind, withReasons: withReasons)
                return ServerSentEvent.encode(event: "put", id: nil, jsonLine: ByteBuffer(bytes: flags), retry: retry)
            }
        }
        return launchDarklyClientAnswer(response, request, kind: kind)
    }

    /// Mobile SDKs' event posts (`/mobile/events/bulk`, `/mobile/events`, `/mobile`,
    /// `/mobile/events/diagnostic`) and JavaScript SDKs' (`/events/bulk/{envId}`,
    /// `/events/diagnostic/{envId}`): checked, stored and counted as the server-side SDKs' posts
    /// (``launchDarklyEventsResponse(_:kind:sdk:)``), behind the SDK kind's own credential.
    func launchDarklyClientEventsResponse(_ request: Request, kind: LaunchDarklyClientKind,
                                          events: LaunchDarklyEventPost.Kind) async throws -> Response {
        if let refusal = launchDarklyClientCredentialRefusal(request, kind: kind) {
            return launchDarklyClientAnswer(refusal, request, kind: kind)
        }
        let response = try await launchDarklyEventsResponse(request, kind: events, sdk: kind == .mobile ? .mobile : .javaScript)
        return launchDarklyClientAnswer(response, request, kind: kind)
    }

    /// `OPTIONS` on the JavaScript SDKs' paths: the browser's preflight, answered with the
    /// Relay Proxy's CORS headers.
    func launchDarklyPreflightResponse(_ request: Request) -> Response {
        launchDarklyClientAnswer(Response(status: .ok), request, kind: .javaScript)
    }

    // MARK: Reading the request

    /// `withReasons=true` in the query, as LaunchDarkly's SDKs ask for reasons.
    private static func launchDarklyWithReasons(_ request: Request) -> Bool {
        request.uri.queryParameters.get("withReasons") == "true"
    }

    /// The request's credential, then its context: from the path's last segment for `GET`, from
    /// a JSON body of bounded size for `REPORT`; and, in secure mode, the JavaScript SDK's `h`.
    private func launchDarklyClientContext(_ request: Request, kind: LaunchDarklyClientKind) async throws
        -> Result<BurgeeCore.Context, RequestRefusal>
    {
        if let refusal = launchDarklyClientCredentialRefusal(request, kind: kind) { return .failure(RequestRefusal(refusal)) }
        let limit = server.configuration.maxOFREPBodyBytes
        let limits = JSONLimits(maxDepth: 64, maxBytes: limit)
        var body: [UInt8] = []
        if request.method != .get {
            guard Self.isJSON(request.headers[.contentType]) else {
                return .failure(RequestRefusal(JSONResponses.error(.unsupportedMediaType, "unsupported_media_type",
                                                                   "Content-Type must be application/json.")))
            }
            guard let collected = try await BoundedBody.collect(request, limit: limit) else {
                return .failure(Self.launchDarklyTooLarge(limit))
            }
            body = collected
        }
        let context: BurgeeCore.Context
        do throws(LaunchDarklyClientContext.Unreadable) {
            if request.method == .get {
                let path = request.uri.path
                let segment = path[path.index(after: path.lastIndex(of: "/")!)...]
                // base64 takes four characters for three bytes.
                guard segment.utf8.count <= limit / 3 * 4 + 4 else { return .failure(Self.launchDarklyTooLarge(limit)) }
                context = try LaunchDarklyClientContext.read(base64URL: segment, limits: limits)
            } else {
                context = try LaunchDarklyClientContext.read(json: body, limits: limits)
            }
        } catch {
            return .failure(RequestRefusal(JSONResponses.error(.badRequest, "invalid_context", error.message)))
        }
        if kind == .javaScript, server.configuration.launchDarklySecureMode {
            let hash = request.uri.queryParameters.get("h")
            let expected = server.configuration.sdkKey.map { LaunchDarklySecureMode.hash(of: context, sdkKey: $0) }
            guard let hash, let expected, SDKKeyCheck(key: expected).accepts(hash) else {
                return .failure(RequestRefusal(JSONResponses.error(.badRequest, "secure_mode",
                                                                   "Environment is in secure mode, and context hash does not match.")))
            }
        }
        return .success(context)
    }

    /// `application/json`, whatever its parameters, or no `Content-Type` at all: LaunchDarkly's iOS
    /// SDK sends its `REPORT` bodies without one.
    private static func isJSON(_ contentType: String?) -> Bool {
        guard let contentType else { return true }
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first ?? ""
        return mediaType.filter { $0 != " " && $0 != "\t" }.lowercased() == "application/json"
    }

    /// 401 for a mobile request without one of the mobile keys (raw, `api_key <key>` as LaunchDarkly's
    /// mobile SDKs send it, or `Bearer`); 404 for a JavaScript request naming an environment ID that
    /// is not served, as the Relay Proxy answers both. `nil` when the request may go on; without
    /// keys or IDs configured, every request may.
    private func launchDarklyClientCredentialRefusal(_ request: Request, kind: LaunchDarklyClientKind) -> Response? {
        switch kind {
        case .mobile:
            let keys = server.configuration.mobileKeys
            guard !keys.isEmpty else { return nil }
            var authorization = request.headers[.authorization]
            if let value = authorization, value.utf8.count > 8, value.prefix(8).lowercased() == "api_key " {
                authorization = String(value.dropFirst(8))
            }
            if SDKKeyCheck.accepts(authorization, anyOf: keys) { return nil }
            return JSONResponses.error(.unauthorized, "unauthorized", "the Authorization header must carry a mobile key")
        case .javaScript:
            let ids = server.configuration.environmentIDs
            guard !ids.isEmpty else { return nil }
            let segments = request.uri.path.split(separator: "/")
            // The ID follows /sdk/evalx, /eval, /events/bulk or /events/diagnostic.
            let index = segments.first == "sdk" || segments.first == "events" ? 2 : 1
            if segments.count > index, ids.contains(String(segments[index])) { return nil }
            return JSONResponses.error(.notFound, "not_found", "no environment with this client-side ID is served")
        }
    }

    // MARK: Answers

    /// `response` with the CORS headers of a JavaScript SDK's answer (the request's `Origin`
    /// echoed, or `*`), as the Relay Proxy sends them.
    private func launchDarklyClientAnswer(_ response: Response, _ request: Request, kind: LaunchDarklyClientKind) -> Response {
        guard kind == .javaScript else { return response }
        var response = response
        let origin = request.headers[.origin] ?? "*"
        response.headers[.accessControlAllowOrigin] = origin
        response.headers[.accessControlAllowCredentials] = "false"
        response.headers[.accessControlMaxAge] = "300"
        response.headers[.accessControlAllowHeaders] = Self.launchDarklyAllowedHeaders
        response.headers[.accessControlExposeHeaders] = "Date"
        response.headers[.accessControlAllowMethods] = "GET, REPORT, POST, OPTIONS"
        return response
    }

    /// The headers LaunchDarkly's JavaScript SDKs may send, as the Relay Proxy allows them.
    private static let launchDarklyAllowedHeaders = [
        "Cache-Control", "Content-Type", "Content-Length", "Accept-Encoding", "X-LaunchDarkly-User-Agent",
        "X-LaunchDarkly-Payload-ID", "X-LaunchDarkly-Wrapper", "X-LaunchDarkly-Event-Schema", "X-LaunchDarkly-Tags",
    ].joined(separator: ",")

    private static func launchDarklyTooLarge(_ limit: Int) -> RequestRefusal {
        RequestRefusal(JSONResponses.error(.contentTooLarge, "too_large", "contexts are limited to \(limit) bytes"))
    }

    /// 503: the served definitions could not be compiled, so nothing can be evaluated.
    private static func launchDarklyClientUnavailable() -> Response {
        JSONResponses.error(.serviceUnavailable, "unavailable", "Service not initialized")
    }
}
