import BurgeeCore
import Hummingbird

extension DefinitionsResponder {
    /// What a Split Evaluator route answers.
    enum SplitEvaluatorRoute: Sendable {
        case treatment(withConfig: Bool)
        case treatments(withConfig: Bool)
        case treatmentsBySets(withConfig: Bool)
        case allTreatments(withConfig: Bool)
    }

    /// The Split Evaluator's `/client/get-…` routes, `GET` or `POST`, as Split's self-hosted
    /// evaluator answers them, evaluated with Split's semantics through the compiled snapshot:
    /// `{"splitName","treatment"[,"config"]}` for one flag, `{flag:{"treatment"[,"config"]}}` for
    /// several or for flag sets, `{trafficType:{flag:{…}}}` for every flag of each key's traffic
    /// type; an unknown flag is `control` (`config` `null`). Each evaluation leaves an impression,
    /// as the evaluator's SDK would send it (unless `impressions-disabled`), recorded with the
    /// SDKs' impressions. 400 `{"error":[…]}` with the evaluator's messages for bad parameters.
    func splitEvaluatorResponse(_ request: Request, route: SplitEvaluatorRoute) async throws -> Response {
        if let refusal = splitEvaluatorRefusal(request) { return refusal }
        var input: SplitEvaluatorInput
        switch try await splitEvaluatorInput(request) {
        case .success(let i): input = i
        case .failure(let refusal): return refusal.response
        }
        guard let snapshot = server.store.compiled.snapshot else {
            return JSONResponses.error(.internalServerError, "unavailable", "the served definitions cannot be evaluated by this server")
        }
        var evaluations = SplitEvaluations(snapshot: snapshot, impressionsDisabled: input.impressionsDisabled)
        let body: JSONValue
        switch route {
        case .treatment(let withConfig):
            let key = input.key(), bucketing = input.bucketingKey(), flag = input.flagName(), attributes = input.attributes()
            guard input.problems.isEmpty, let key, let flag else { return Self.splitEvaluatorProblems(input.problems) }
            let result = evaluations.evaluate(flag, key: key, bucketingKey: bucketing, attributes: attributes)
            var members: [String: JSONValue] = ["splitName": .string(flag), "treatment": .string(result.treatment)]
            if withConfig { members["config"] = result.config.map(JSONValue.string) ?? .null }
            body = .object(members)
        case .treatments(let withConfig), .treatmentsBySets(let withConfig):
            let key = input.key(), bucketing = input.bucketingKey()
            let bySets: Bool
            if case .treatmentsBySets = route { bySets = true } else { bySets = false }
            let names = input.names(bySets ? "flag-sets" : "split-names"), attributes = input.attributes()
            guard input.problems.isEmpty, let key, let names else { return Self.splitEvaluatorProblems(input.problems) }
            let flags = bySets ? snapshot.flagKeys.filter { !Set(snapshot.sets(ofFlag: $0)).isDisjoint(with: names) } : names
            body = .object(Dictionary(flags.map { flag in
                (flag, Self.splitTreatment(evaluations.evaluate(flag, key: key, bucketingKey: bucketing, attributes: attributes),
                                           withConfig: withConfig))
            }, uniquingKeysWith: { first, _ in first }))
        case .allTreatments(let withConfig):
            let keys = input.keys(), attributes = input.attributes()
            guard input.problems.isEmpty, let keys else { return Self.splitEvaluatorProblems(input.problems) }
            let trafficTypes = splitTrafficTypes()
            var byType: [String: JSONValue] = [:]
            for key in keys {
                let flags = snapshot.flagKeys.filter { trafficTypes[$0] == key.trafficType }
                byType[key.trafficType] = .object(Dictionary(uniqueKeysWithValues: flags.map { flag in
                    (flag, Self.splitTreatment(evaluations.evaluate(flag, key: key.matchingKey, bucketingKey: key.bucketingKey,
                                                                    attributes: attributes), withConfig: withConfig))
                }))
            }
            body = .object(byType)
        }
        evaluations.record(on: server)
        return JSONResponses.json(.ok, body)
    }

    /// `GET /client/track`: the event queued as the evaluator's SDK would send it (recorded with
    /// the SDKs' events), answered `Successfully queued event`.
    func splitEvaluatorTrackResponse(_ request: Request) async throws -> Response {
        if let refusal = splitEvaluatorRefusal(request) { return refusal }
        var input = SplitEvaluatorInput(query: request.uri.query, body: nil)
        guard let event = input.event(), input.problems.isEmpty else { return Self.splitEvaluatorProblems(input.problems) }
        var members: [String: JSONValue] = [
            "key": .string(event.key), "trafficTypeName": .string(event.trafficType), "eventTypeId": .string(event.eventType),
            "timestamp": .number(Double(Self.unixMilliseconds())),
        ]
        members["value"] = event.value.map { .number($0) } ?? .null
        let events = JSONValue.array([.object(members)])
        server.records.of(SplitInbox.self).store(SplitPost(kind: .events, body: events, receivedBytes: 0))
        server.forward(path: "/api/events/bulk", headers: SplitPost.evaluatorHeaders(impressionsMode: nil),
                       body: Array(events.serialized().utf8))
        return Response(status: .ok, headers: [.contentType: "text/html; charset=utf-8"],
                        body: ResponseBody(byteBuffer: ByteBuffer(string: "Successfully queued event")))
    }

    /// `GET /manager/split?split-name=`, `/manager/splits`, `/manager/names`: the served flags as
    /// Split's managers describe them (``SplitManagerView``); 404 for an unknown flag.
    func splitEvaluatorManagerResponse(_ request: Request) async throws -> Response {
        if let refusal = splitEvaluatorRefusal(request) { return refusal }
        let flags = SplitServedItems(server.store.served.wholeDocument ?? .null).flags.filter { SplitServedItems.isActive($0.json) }
        switch request.uri.path {
        case "/manager/names":
            return JSONResponses.json(.ok, ["splits": .array(flags.map { .string($0.name) })])
        case "/manager/splits":
            return JSONResponses.json(.ok, ["splits": .array(flags.map { SplitManagerView.view(of: $0.json) })])
        default:
            var input = SplitEvaluatorInput(query: request.uri.query, body: nil)
            guard let name = input.flagName() else { return Self.splitEvaluatorProblems(input.problems) }
            guard let flag = flags.first(where: { $0.name == name }) else {
                return JSONResponses.json(.notFound, ["error": .string("Feature flag \"\(name)\" was not found.")])
            }
            return JSONResponses.json(.ok, SplitManagerView.view(of: flag.json))
        }
    }

    /// `GET /admin/ping`, `/admin/healthcheck`, `/admin/version`, `/admin/machine`, `/admin/uptime`.
    func splitEvaluatorAdminResponse(_ request: Request) -> Response {
        if let refusal = splitEvaluatorRefusal(request) { return refusal }
        func text(_ status: HTTPResponse.Status, _ body: String) -> Response {
            Response(status: status, headers: [.contentType: "text/html; charset=utf-8"], body: ResponseBody(byteBuffer: ByteBuffer(string: body)))
        }
        switch request.uri.path {
        case "/admin/ping": return text(.ok, "pong")
        case "/admin/healthcheck":
            return server.store.compiled.snapshot != nil ? text(.ok, "Split Evaluator working as expected.")
                : text(.internalServerError, "Split evaluator engine is not evaluating traffic properly.")
        case "/admin/version": return JSONResponses.json(.ok, ["version": "burgee", "sdk": "burgee", "sdkVersion": "burgee"])
        case "/admin/machine": return JSONResponses.json(.ok, ["ip": .string(server.configuration.host), "name": "burgee"])
        default:
            let elapsed: Duration = ContinuousClock.now - server.startTime
            let seconds = elapsed.components.seconds
            return text(.ok, "\(seconds / 86_400)d \(seconds % 86_400 / 3_600)h \(seconds % 3_600 / 60)m \(seconds % 60)s")
        }
    }

    // MARK: Helpers

    /// 401 `{"error":"Unauthorized"}` unless `Authorization` is exactly one of the evaluator's auth
    /// tokens, as the Split Evaluator checks it; `nil` (open) without tokens.
    private func splitEvaluatorRefusal(_ request: Request) -> Response? {
        let tokens = server.configuration.splitEvaluatorTokens
        guard !tokens.isEmpty else { return nil }
        if SDKKeyCheck.accepts(request.headers[.authorization], anyOf: tokens) { return nil }
        return JSONResponses.json(.unauthorized, ["error": "Unauthorized"])
    }

    /// The request's parameters; for `POST`, its JSON body of bounded size (a body that is not a
    /// JSON object reads as `{}`, as Express's JSON parser leaves it).
    private func splitEvaluatorInput(_ request: Request) async throws -> Result<SplitEvaluatorInput, RequestRefusal> {
        guard request.method == .post else { return .success(SplitEvaluatorInput(query: request.uri.query, body: nil)) }
        let limit = server.configuration.maxOFREPBodyBytes
        guard let bytes = try await BoundedBody.collect(request, limit: limit) else {
            return .failure(RequestRefusal(JSONResponses.json(.contentTooLarge, ["error": .string("request entity too large")])))
        }
        var body: [String: JSONValue] = [:]
        if !bytes.isEmpty {
            guard let json = try? JSONParser(limits: JSONLimits(maxDepth: 64, maxBytes: bytes.count)).parse(bytes) else {
                return .failure(RequestRefusal(JSONResponses.json(.badRequest, ["error": .string("the body is not JSON")])))
            }
            body = json.objectValue ?? [:]
        }
        return .success(SplitEvaluatorInput(query: request.uri.query, body: body))
    }

    private static func splitEvaluatorProblems(_ problems: [String]) -> Response {
        JSONResponses.json(.badRequest, ["error": .array(problems.map(JSONValue.string))])
    }

    private static func splitTreatment(_ result: SplitResult, withConfig: Bool) -> JSONValue {
        withConfig ? ["treatment": .string(result.treatment), "config": result.config.map(JSONValue.string) ?? .null]
            : ["treatment": .string(result.treatment)]
    }

    /// Each served flag's traffic type.
    private func splitTrafficTypes() -> [String: String] {
        var types: [String: String] = [:]
        for flag in SplitServedItems(server.store.served.wholeDocument ?? .null).flags {
            types[flag.name] = flag.json.objectValue?["trafficTypeName"]?.stringValue
        }
        return types
    }
}
