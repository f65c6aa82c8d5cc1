import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// The explorer's answer to `route` (docs/explorer.md). With an SDK key, every explorer path
    /// needs it: in `Authorization` as the other routes take it, or as the password of HTTP Basic
    /// authentication, which a browser asks for (401 with `WWW-Authenticate: Basic`).
    func explorerResponse(_ route: ExplorerRoute, _ request: Request) async throws -> Response {
        guard ExplorerCredentials.accept(request.headers[.authorization], check: server.keyCheck) else {
            var headers = HTTPFields()
            headers[.wwwAuthenticate] = "Basic realm=\"burgee explorer\", charset=\"UTF-8\""
            return JSONResponses.error(.unauthorized, "unauthorized", "the explorer needs the SDK key (as the password)", headers: headers)
        }
        switch route {
        case .root:
            return Response(status: .found, headers: [.location: ExplorerRoute.pagePath])
        case .page: return Self.asset(ExplorerAssets.page, type: "text/html; charset=utf-8")
        case .script: return Self.asset(ExplorerAssets.script, type: "text/javascript; charset=utf-8")
        case .style: return Self.asset(ExplorerAssets.style, type: "text/css; charset=utf-8")
        case .status: return explorerStatus()
        case .flags: return explorerFlags()
        case .flag(let key):
            guard let snapshot = server.store.compiled.snapshot else { return Self.explorerUnavailable() }
            guard let outline = snapshot.outline(ofFlag: key) else {
                return JSONResponses.error(.notFound, "flag_not_found", "no flag '\(key)'")
            }
            return JSONResponses.json(.ok, outline)
        case .segment(let key):
            guard let snapshot = server.store.compiled.snapshot else { return Self.explorerUnavailable() }
            guard let outline = snapshot.outline(ofSegment: key) else {
                return JSONResponses.error(.notFound, "segment_not_found", "no segment '\(key)'")
            }
            return JSONResponses.json(.ok, outline)
        case .evaluate: return try await explorerEvaluate(request)
        case .distribution: return try await explorerDistribution(request)
        case .events: return eventStatsResponse()
        case .methodNotAllowed(let allowed):
            return JSONResponses.error(.methodNotAllowed, "method_not_allowed", "use \(allowed)", headers: [.allow: allowed])
        case .notFound:
            return JSONResponses.error(.notFound, "not_found", "no endpoint at \(request.uri.path)")
        }
    }

    private static func asset(_ text: String, type: String) -> Response {
        Response(status: .ok, headers: [.contentType: type, .cacheControl: "no-cache"],
                 body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    private static func explorerUnavailable() -> Response {
        JSONResponses.error(.serviceUnavailable, "not_evaluable", "the served definitions cannot be evaluated by this server")
    }

    /// `GET /explorer/api/status`: the format, the document's version (the page polls it to follow
    /// changes), counts, and the context the editor starts from.
    private func explorerStatus() -> Response {
        let served = server.store.served
        let snapshot = server.store.compiled.snapshot
        let format = server.servedFormat
        return JSONResponses.json(.ok, [
            "format": .string(server.configuration.format.name),
            "version": .number(Double(served.documentVersion)),
            "evaluable": .bool(snapshot != nil),
            "flagCount": .number(Double(snapshot?.flagKeys.count ?? 0)),
            "segmentCount": .number(Double(snapshot?.segmentKeys.count ?? 0)),
            "problems": .array((snapshot?.problems ?? []).map { .string($0.description) }),
            "exampleContext": format.exampleContext,
            "contextKeyMember": .string(format.contextKeyMember),
        ])
    }

    /// `GET /explorer/api/flags`: every flag in key order, with what the list shows, and the
    /// segments' keys. `fingerprint` changes when anything the flag's outline shows changes;
    /// `lastChanged` is when it changed (Unix milliseconds, ``ExplorerChanges``), `null` for a flag
    /// unchanged since the server started.
    private func explorerFlags() -> Response {
        guard let snapshot = server.store.compiled.snapshot else { return Self.explorerUnavailable() }
        let served = server.store.served
        var flags: [[String: JSONValue]] = []
        var fingerprints: [String: String] = [:]
        for key in snapshot.flagKeys.sortedInByteOrder() {
            guard case .object(let outline)? = snapshot.outline(ofFlag: key) else { continue }
            let names: [JSONValue] = (outline["variations"]?.arrayValue ?? []).compactMap { $0.objectValue?["name"] }
            let fingerprint = Fingerprint.hex(of: JSONValue.object(outline).serialized())
            fingerprints[key] = fingerprint
            flags.append([
                "key": .string(key),
                "enabled": outline["enabled"] ?? .null,
                "malformed": outline["malformed"] ?? .null,
                "version": outline["version"] ?? .null,
                "sets": outline["sets"] ?? .array([]),
                "variations": .array(names),
                "rollout": .bool(Self.hasRollout(outline)),
                "fingerprint": .string(fingerprint),
            ])
        }
        let changedAt = server.explorerChanges.record(fingerprints, modified: served.modified.milliseconds)
        for i in flags.indices {
            let key = flags[i]["key"]?.stringValue ?? ""
            flags[i]["lastChanged"] = changedAt[key].map { .number(Double($0)) } ?? .null
        }
        let segments = snapshot.segmentKeys.sortedInByteOrder()
        return JSONResponses.json(.ok, [
            "format": .string(server.configuration.format.name),
            "version": .number(Double(served.documentVersion)),
            "flags": .array(flags.map(JSONValue.object)),
            "segments": .array(segments.map(JSONValue.string)),
        ])
    }

    /// Whether an outline serves a rollout anywhere: its fallthrough or a rule.
    private static func hasRollout(_ outline: [String: JSONValue]) -> Bool {
        let serves = [outline["fallthrough"]] + (outline["rules"]?.arrayValue ?? []).map { $0.objectValue?["serve"] }
        return serves.contains { $0?.objectValue?["rollout"] != nil }
    }

    /// `POST /explorer/api/evaluate` with `{"context": {…}, "flag": key}`: the flag evaluated for
    /// the context (in the format's own shape) with its trace; without `flag`, every flag, as
    /// `{"results": [...]}`.
    private func explorerEvaluate(_ request: Request) async throws -> Response {
        let body: [String: JSONValue]
        switch try await explorerBody(request) {
        case .success(let b): body = b
        case .failure(let refusal): return refusal.response
        }
        guard let contextJSON = body["context"], contextJSON.objectValue != nil else {
            return JSONResponses.error(.badRequest, "invalid_request", "'context' must be an object in the format's context shape")
        }
        let flag = body["flag"]
        if let flag, flag.stringValue == nil, !flag.isNull {
            return JSONResponses.error(.badRequest, "invalid_request", "'flag' must be a string")
        }
        guard let snapshot = server.store.compiled.snapshot else { return Self.explorerUnavailable() }
        let dialect = FormatRegistry.tooling(of: server.configuration.format)
        let names = FormatRegistry.compiling(of: server.configuration.format)
        let context = dialect.context(json: contextJSON)
        func explained(_ name: String) -> JSONValue {
            guard let key = names.flagKey(requested: name) else {
                return EvaluationExplanation(flagKey: name, detail: .error(.invalidContext, default: .null), steps: [],
                                             note: "the flag name is refused").json()
            }
            let prepared = dialect.prepared(context, flag: key, in: snapshot)
            let explanation = snapshot.explain(key, context: prepared)
            let vendor = dialect.vendorResult(of: explanation.detail, flag: key, context: context, in: snapshot)
            return explanation.json(vendor: vendor)
        }
        if let name = flag?.stringValue { return JSONResponses.json(.ok, explained(name)) }
        let keys = snapshot.flagKeys.sortedInByteOrder()
        return JSONResponses.json(.ok, ["results": .array(keys.map(explained))])
    }

    /// `POST /explorer/api/distribution` with `{"flag": key, "context": {…}, "count": N,
    /// "member": name}`: the flag evaluated for `count` contexts (10,000 by default, at most
    /// ``ExplorerDistribution/maxCount``), each the given context (the format's example by
    /// default) with `member` (the format's key member by default) set to a generated key; the
    /// variations' counts beside the flag's configured rollout.
    private func explorerDistribution(_ request: Request) async throws -> Response {
        let body: [String: JSONValue]
        switch try await explorerBody(request) {
        case .success(let b): body = b
        case .failure(let refusal): return refusal.response
        }
        let format = server.servedFormat
        let parameters: ExplorerDistribution.Parameters
        do {
            parameters = try ExplorerDistribution.Parameters(body, exampleContext: format.exampleContext,
                                                             keyMember: format.contextKeyMember)
        } catch {
            return JSONResponses.error(.badRequest, "invalid_request", error.message)
        }
        guard let snapshot = server.store.compiled.snapshot else { return Self.explorerUnavailable() }
        guard let configured = snapshot.rolloutShares(ofFlag: parameters.flag) else {
            return JSONResponses.error(.notFound, "flag_not_found", "no flag '\(parameters.flag)'")
        }
        let dialect = FormatRegistry.tooling(of: server.configuration.format)
        var result = ExplorerDistribution.measure(parameters, in: snapshot, dialect: dialect)
        result["configured"] = configured
        return JSONResponses.json(.ok, .object(result))
    }

    /// Why an explorer request body is refused.
    enum ExplorerRefusal: Error {
        case tooLarge(limit: Int)
        case unreadable(String)

        var response: Response {
            switch self {
            case .tooLarge(let limit):
                JSONResponses.error(.contentTooLarge, "too_large", "explorer requests are limited to \(limit) bytes")
            case .unreadable(let why):
                JSONResponses.error(.badRequest, "invalid_request", why)
            }
        }
    }

    /// The request's body as a JSON object, bounded as OFREP's bodies are.
    private func explorerBody(_ request: Request) async throws -> Result<[String: JSONValue], ExplorerRefusal> {
        let limit = server.configuration.maxOFREPBodyBytes
        guard let bytes = try await BoundedBody.collect(request, limit: limit) else { return .failure(.tooLarge(limit: limit)) }
        let json: JSONValue
        do {
            json = try JSONParser().parse(bytes)
        } catch {
            return .failure(.unreadable("the body is not JSON: \(error)"))
        }
        guard case .object(let members) = json else { return .failure(.unreadable("the body is \(json.typeName), not an object")) }
        return .success(members)
    }
}
