import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// The path of the bulk evaluation; single evaluations are below it, `…/{key}`.
    static let ofrepFlagsPath = "/ofrep/v1/evaluate/flags"

    /// `POST /ofrep/v1/evaluate/flags/{key}`: one flag for the request's context.
    ///
    /// 200 with `evaluationSuccess`; 404 with `flagNotFound`; 400 with `evaluationFailure` for a
    /// body or context that cannot be read and for a flag that cannot be evaluated; 413 for a body
    /// above ``DefinitionsServerConfiguration/maxOFREPBodyBytes``; 500 when the definitions cannot
    /// be evaluated.
    func ofrepEvaluateResponse(_ request: Request) async throws -> Response {
        let rawKey = request.uri.path.dropFirst(Self.ofrepFlagsPath.count + 1)
        guard let key = PercentDecoding.decode(rawKey) else {
            return Self.ofrepFailure(.badRequest, key: String(rawKey),
                                     OFREPFailure(code: .parseError, details: "the flag key is not validly percent-encoded"))
        }
        let context: BurgeeCore.Context
        switch try await ofrepContext(request) {
        case .success(let c): context = c
        case .failure(let refusal): return refusal.response(key: key)
        }
        guard let snapshot = server.store.compiled.snapshot else { return Self.ofrepUnavailable() }
        // A format whose context is replayed per flag (a stateful visitor) prepares it first.
        let dialect = FormatRegistry.tooling(of: server.configuration.format)
        let detail = snapshot.evaluate(key, context: dialect.prepared(context, flag: key, in: snapshot))
        let (json, code) = OFREPResult.json(key, detail, in: snapshot)
        let status: HTTPResponse.Status = switch code {
        case nil: .ok
        case .flagNotFound?: .notFound
        default: .badRequest
        }
        return JSONResponses.json(status, json)
    }

    /// `POST /ofrep/v1/evaluate/flags`: every flag for the request's context.
    ///
    /// 200 with `bulkEvaluationSuccess` (a flag that cannot be evaluated is an `evaluationFailure`
    /// item) and a strong `ETag` of the body; 304 when `If-None-Match` names it; 400 with
    /// `bulkEvaluationFailure` for a body or context that cannot be read; 413 and 500 as for one flag.
    func ofrepBulkResponse(_ request: Request) async throws -> Response {
        let context: BurgeeCore.Context
        switch try await ofrepContext(request) {
        case .success(let c): context = c
        case .failure(let refusal): return refusal.response(key: nil)
        }
        guard let snapshot = server.store.compiled.snapshot else { return Self.ofrepUnavailable() }
        var flags: [JSONValue] = []
        let dialect = FormatRegistry.tooling(of: server.configuration.format)
        for key in snapshot.flagKeys.sortedInByteOrder() {
            let prepared = dialect.prepared(context, flag: key, in: snapshot)
            flags.append(OFREPResult.json(key, snapshot.evaluate(key, context: prepared), in: snapshot).0)
        }
        let body = Array(JSONValue.object(["flags": .array(flags)]).serialized().utf8)
        return Self.taggedJSON(body, version: snapshot.version, request)
    }

    // MARK: Shared

    /// Why a request is refused before evaluating: its body is too large or cannot be read.
    enum OFREPRefusal: Error {
        case tooLarge(limit: Int)
        case unreadable(OFREPFailure)

        func response(key: String?) -> Response {
            switch self {
            case .tooLarge(let limit):
                return JSONResponses.json(.contentTooLarge, ["errorDetails": .string("OFREP bodies are limited to \(limit) bytes")])
            case .unreadable(let failure):
                return DefinitionsResponder.ofrepFailure(.badRequest, key: key, failure)
            }
        }
    }

    /// The request's context, read from a body of bounded size.
    private func ofrepContext(_ request: Request) async throws -> Result<BurgeeCore.Context, OFREPRefusal> {
        let limit = server.configuration.maxOFREPBodyBytes
        guard let body = try await BoundedBody.collect(request, limit: limit) else { return .failure(.tooLarge(limit: limit)) }
        do throws(OFREPFailure) {
            return .success(try OFREPContext.read(body, format: server.configuration.format))
        } catch {
            return .failure(.unreadable(error))
        }
    }

    /// `evaluationFailure` (with the key) or `bulkEvaluationFailure` (without).
    static func ofrepFailure(_ status: HTTPResponse.Status, key: String?, _ failure: OFREPFailure) -> Response {
        var o: [String: JSONValue] = ["errorCode": .string(failure.code.rawValue), "errorDetails": .string(failure.details)]
        if let key { o["key"] = .string(key) }
        return JSONResponses.json(status, .object(o))
    }

    /// 500 `generalErrorResponse`: the served definitions could not be compiled.
    private static func ofrepUnavailable() -> Response {
        JSONResponses.json(.internalServerError, ["errorDetails": "the served definitions cannot be evaluated by this server"])
    }

    /// 401 without credentials, 403 with a wrong key: OFREP's `Authorization` (raw or `Bearer`)
    /// or `X-API-Key`. `nil` when the request may proceed.
    func ofrepAuthorization(_ request: Request) -> Response? {
        guard server.keyCheck.key != nil else { return nil }
        let apiKeys = request.headers.filter { $0.name.canonicalName == "x-api-key" }.map(\.value)
        let credentials = [request.headers[.authorization]].compactMap { $0 } + apiKeys
        if credentials.isEmpty { return Response(status: .unauthorized) }
        if credentials.contains(where: server.keyCheck.accepts) { return nil }
        return Response(status: .forbidden)
    }
}
