import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// `GET /api/v3/auth?capabilities=evaluator…&key=…`, where Split's (Harness FME's) thin
    /// client SDKs authenticate with the SDK key (`Authorization: Bearer`, checked as on every
    /// route) before asking for evaluations: `{"token","pushEnabled":false,"connDelay":0}`, the
    /// token a JWT whose payload carries `exp` (``SplitToken``), valid for an hour. Push is not
    /// offered to thin clients: they poll.
    func splitThinAuthResponse(_ request: Request) -> Response {
        let token = SplitToken.issue(secret: splitPush.secret, now: Self.unixSeconds())
        return JSONResponses.json(.ok, ["token": .string(token), "pushEnabled": false, "connDelay": 0])
    }

    /// `POST /api/evaluations?since=N`, Split's thin clients' remote evaluation: the body
    /// `{"key","bucketingKey","attributes","configs","sets"}` evaluated with Split's semantics for
    /// every flag (or every flag in `sets`), answered
    /// `{"since","till","evaluations":[{"flag","treatment","changeNumber","sets"?,"config"?}]}`, `till`
    /// the served change number; 304 when `since` is already it. The bearer must be a token
    /// `/api/v3/auth` handed out and not expired, or the SDK key (401 otherwise); without an SDK
    /// key the route is open. 400 for a body that is not such a request.
    func splitRemoteEvaluationResponse(_ request: Request) async throws -> Response {
        if server.configuration.sdkKey != nil, !server.keyCheck.accepts(request.headers[.authorization]) {
            let bearer = SDKKeyCheck.bearer(request.headers[.authorization])
            guard let bearer, SplitToken.isValid(bearer, secret: splitPush.secret, now: Self.unixSeconds()) else {
                return JSONResponses.error(.unauthorized, "unauthorized", "the bearer must be a token from /api/v3/auth or the SDK key")
            }
        }
        let limit = server.configuration.maxOFREPBodyBytes
        guard let bytes = try await BoundedBody.collect(request, limit: limit) else {
            return JSONResponses.error(.contentTooLarge, "too_large", "bodies are limited to \(limit) bytes")
        }
        guard let json = try? JSONParser(limits: JSONLimits(maxDepth: 64, maxBytes: max(bytes.count, 1))).parse(bytes),
              let body = json.objectValue else {
            return JSONResponses.error(.badRequest, "invalid_request", "the body is not a JSON object")
        }
        guard case .string(let key)? = body["key"], !key.isEmpty else {
            return JSONResponses.error(.badRequest, "invalid_request", "'key' must be a non-empty string")
        }
        let bucketingKey = body["bucketingKey"]?.stringValue
        let attributes = body["attributes"]?.objectValue ?? [:]
        let withConfigs = body["configs"]?.boolValue ?? false
        let sets = Set((body["sets"]?.arrayValue ?? []).compactMap(\.stringValue))
        guard let snapshot = server.store.compiled.snapshot else {
            return JSONResponses.error(.serviceUnavailable, "unavailable", "the served definitions cannot be evaluated by this server")
        }
        let till = server.store.served.documentVersion
        let since = request.uri.queryParameters.get("since").flatMap { Int64($0) } ?? -1
        if since >= till { return Response(status: .notModified) }
        let context = BurgeeCore.Context(splitKey: key, bucketingKey: bucketingKey, attributes: attributes)
        var evaluations: [JSONValue] = []
        for flag in snapshot.flagKeys.sortedInByteOrder() {
            let flagSets = snapshot.sets(ofFlag: flag)
            guard sets.isEmpty || !sets.isDisjoint(with: flagSets) else { continue }
            let result = snapshot.splitResult(for: snapshot.evaluate(flag, context: context), flag: flag)
            var evaluation: [String: JSONValue] = ["flag": .string(flag), "treatment": .string(result.treatment)]
            if let changeNumber = result.changeNumber { evaluation["changeNumber"] = .number(Double(changeNumber)) }
            if !flagSets.isEmpty { evaluation["sets"] = .array(flagSets.sorted().map(JSONValue.string)) }
            if withConfigs, let config = result.config { evaluation["config"] = .string(config) }
            evaluations.append(.object(evaluation))
        }
        return JSONResponses.json(.ok, ["since": .number(Double(since)), "till": .number(Double(till)),
                                        "evaluations": .array(evaluations)])
    }
}
