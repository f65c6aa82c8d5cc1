import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// The paths Unleash's frontend SDKs are given, Unleash's own and the Unleash Proxy's before
    /// it; each answers the same routes below it.
    static let unleashFrontendPrefixes = ["/api/frontend", "/api/proxy", "/proxy"]

    /// `GET` (context in the query) and `POST` (context in the body) `/api/frontend`: the
    /// enabled toggles (``UnleashFrontendToggles``), with a strong `ETag` of the body and 304 for
    /// `If-None-Match`; 400 for a context that cannot be read, 413 for a body above
    /// ``DefinitionsServerConfiguration/maxOFREPBodyBytes``, 503 when the definitions cannot be evaluated.
    func unleashFrontendResponse(_ request: Request) async throws -> Response {
        if let refusal = unleashFrontendKeyRefusal(request) { return refusal }
        let context: BurgeeCore.Context
        switch try await unleashFrontendContext(request) {
        case .success(let c): context = c
        case .failure(let refusal): return refusal.response
        }
        guard let snapshot = server.store.compiled.snapshot else { return Self.unleashFrontendUnavailable() }
        let body = UnleashFrontendToggles.body(UnleashFrontendToggles.enabled(in: snapshot, context: context))
        return Self.taggedJSON(body, version: snapshot.version, request)
    }

    /// `GET` and `POST` `/api/frontend/features/{name}`: the one toggle, 404 when it is disabled
    /// or unknown (as Unleash answers); otherwise as ``unleashFrontendResponse(_:)``.
    func unleashFrontendFeatureResponse(_ request: Request) async throws -> Response {
        if let refusal = unleashFrontendKeyRefusal(request) { return refusal }
        let path = request.uri.path
        // The route also matches the collection's own path, which names no feature.
        guard let slash = path.lastIndex(of: "/"), path[..<slash].hasSuffix("/features") else {
            return JSONResponses.error(.notFound, "not_found", "no endpoint at \(path)")
        }
        let rawName = path[path.index(after: slash)...]
        guard let name = PercentDecoding.decode(rawName), !name.isEmpty else {
            return JSONResponses.error(.badRequest, "invalid_name", "the feature name is not validly percent-encoded")
        }
        let context: BurgeeCore.Context
        switch try await unleashFrontendContext(request) {
        case .success(let c): context = c
        case .failure(let refusal): return refusal.response
        }
        guard let snapshot = server.store.compiled.snapshot else { return Self.unleashFrontendUnavailable() }
        guard let toggle = UnleashFrontendToggles.toggle(name, in: snapshot, context: context) else {
            return JSONResponses.error(.notFound, "not_found", "no enabled toggle named '\(name)' for this context")
        }
        return Self.taggedJSON(Array(toggle.serialized().utf8), version: snapshot.version, request)
    }

    /// `POST /api/frontend/client/metrics` and `/client/register`: stored and counted with the
    /// server-side SDKs' reports (``unleashReportResponse(_:kind:)``), behind the frontend keys.
    func unleashFrontendReportResponse(_ request: Request, kind: UnleashReport) async throws -> Response {
        if let refusal = unleashFrontendKeyRefusal(request) { return refusal }
        return try await unleashReportResponse(request, kind: kind)
    }

    /// 401 unless `Authorization` carries one of the frontend keys (raw, as Unleash's SDKs send
    /// it, or as `Bearer`); `nil` when there are none, the routes then being open. The SDK key is
    /// a server key and is refused here, as Unleash refuses server tokens on the frontend API.
    private func unleashFrontendKeyRefusal(_ request: Request) -> Response? {
        let keys = server.configuration.frontendKeys
        guard !keys.isEmpty else { return nil }
        let authorization = request.headers[.authorization]
        if SDKKeyCheck.accepts(authorization, anyOf: keys) { return nil }
        return JSONResponses.error(.unauthorized, "unauthorized", "the Authorization header must carry a frontend key")
    }

    /// The request's context: from the query for `GET`, from a body of bounded size otherwise.
    private func unleashFrontendContext(_ request: Request) async throws -> Result<BurgeeCore.Context, RequestRefusal> {
        var body: [UInt8] = []
        if request.method != .get {
            let limit = server.configuration.maxOFREPBodyBytes
            guard let collected = try await BoundedBody.collect(request, limit: limit) else {
                return .failure(RequestRefusal(JSONResponses.error(.contentTooLarge, "too_large",
                                                                            "bodies are limited to \(limit) bytes")))
            }
            body = collected
        }
        do throws(UnleashFrontendContext.Unreadable) {
            let json = request.method == .get
                ? try UnleashFrontendContext.read(query: Substring(request.uri.query ?? ""))
                : try UnleashFrontendContext.read(body: body)
            return .success(BurgeeCore.Context(unleashJSON: json))
        } catch {
            return .failure(RequestRefusal(JSONResponses.error(.badRequest, "invalid_context", error.message)))
        }
    }

    /// 503: the served definitions could not be compiled, so nothing can be evaluated.
    private static func unleashFrontendUnavailable() -> Response {
        JSONResponses.error(.serviceUnavailable, "unavailable", "the served definitions cannot be evaluated by this server")
    }
}
