import Hummingbird

/// Answers every request: routing, the SDK key, the request log, faults, then the endpoint.
struct DefinitionsResponder: HTTPResponder {
    typealias Context = ServerRequestContext

    let server: DefinitionsServer

    func respond(to request: Request, context: Context) async throws -> Response {
        let ifNoneMatch = request.headers[values: .ifNoneMatch]
        let index = server.requests.begin(RequestRecord(
            method: request.method.rawValue, path: request.uri.path, query: request.uri.query ?? "", time: .now,
            ifNoneMatch: ifNoneMatch.isEmpty ? nil : ifNoneMatch.joined(separator: ", "),
            hasAuthorization: request.headers[.authorization] != nil,
            headers: Self.recordedHeaders(request.headers)
        ))
        let response: Response?
        do {
            response = try await answer(request, context: context, logIndex: index)
        } catch {
            server.requests.complete(index, status: nil)
            throw error
        }
        // Recorded before the response is written, so before the client can see it.
        server.requests.complete(index, status: response.map { $0.status.code })
        guard let response else { throw ClosedWithoutAnswer() }
        return response
    }

    /// Every header but `Authorization`, whose value is never kept.
    private static func recordedHeaders(_ fields: HTTPFields) -> [String: String] {
        var headers: [String: String] = [:]
        for field in fields where field.name != .authorization {
            let name = field.name.canonicalName
            headers[name] = headers[name].map { $0 + ", " + field.value } ?? field.value
        }
        return headers
    }

    /// The response, or `nil` when a fault closed the connection instead.
    private func answer(_ request: Request, context: Context, logIndex: Int) async throws -> Response? {
        if server.configuration.servesExplorer, let explorer = ExplorerRoute(method: request.method, path: request.uri.path) {
            return try await explorerResponse(explorer, request)
        }
        let route = Route(method: request.method, path: request.uri.path, served: server.servedFormat,
                          ofrep: server.configuration.servesOFREP)
        let endpoint: DefinitionsServer.Endpoint
        if case .endpoint(let e) = route, e.isOFREP {
            if let refusal = ofrepAuthorization(request) { return refusal }
            endpoint = e
        } else if case .endpoint(let e) = route, e.checksOwnCredentials {
            endpoint = e
        } else {
            // Checked before routing, so that a request without the key learns nothing of the
            // server's routes: 401 for every path, 404 only with the key.
            if let refusal = keyRefusal(request) { return refusal }
            switch route {
            case .endpoint(let e): endpoint = e
            case .receivedEvents: return receivedEventsResponse()
            case .eventStats: return eventStatsResponse()
            case .status: return serverStatusResponse()
            case .notFound:
                return JSONResponses.error(.notFound, "not_found", "no endpoint at \(request.uri.path)")
            case .methodNotAllowed(let allowed):
                return JSONResponses.error(.methodNotAllowed, "method_not_allowed", "use \(allowed)", headers: [.allow: allowed])
            }
        }
        if let fault = server.faults.next(for: endpoint) {
            server.requests.noteFault(logIndex, fault)
            return try await respond(with: fault, on: endpoint, to: request, context: context)
        }
        return try await serve(endpoint, request)
    }

    /// A 401 when the request lacks the SDK key (raw or `Bearer`), `nil` when it may go on.
    /// Paths under OFREP's prefix are refused as OFREP refuses (401 or 403, `X-API-Key` accepted).
    private func keyRefusal(_ request: Request) -> Response? {
        if server.configuration.servesOFREP, request.uri.path.hasPrefix("/ofrep/") { return ofrepAuthorization(request) }
        guard !server.keyCheck.accepts(request.headers[.authorization]) else { return nil }
        return JSONResponses.error(.unauthorized, "unauthorized", "the Authorization header must carry the SDK key")
    }

    /// The endpoint's own answer, unless the served format refuses the request first.
    func serve(_ endpoint: DefinitionsServer.Endpoint, _ request: Request) async throws -> Response {
        if let refusal = server.servedFormat.refusal(of: request, at: endpoint) { return refusal }
        return try await endpoint.answer(self, request)
    }
}

/// Thrown after a fault closed the connection: there is nothing left to answer on.
struct ClosedWithoutAnswer: Error {}
