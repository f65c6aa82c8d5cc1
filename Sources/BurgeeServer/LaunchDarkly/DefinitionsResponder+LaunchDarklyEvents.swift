import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// `POST /bulk` and `POST /diagnostic`, where LaunchDarkly's server-side SDKs send their
    /// events (the events base URI followed by these paths): the body is decoded like `POST /events`
    /// (gzip accepted, 415 for other codings, 413 above ``DefinitionsServerConfiguration/maxEventsBodyBytes``),
    /// checked, stored and answered 202, as LaunchDarkly's events service answers.
    ///
    /// A `/bulk` body must be a JSON array of objects, a `/diagnostic` body one object, each with
    /// a string `kind`; anything else gets 400 and is not counted.
    func launchDarklyEventsResponse(_ request: Request, kind: LaunchDarklyEventPost.Kind,
                                    sdk: LaunchDarklyEventPost.SDK = .server) async throws -> Response {
        let body = try await readEventBody(request) { (bytes) throws(EventBodyDecoding.Failure) in
            try Self.launchDarklyPayload(bytes, kind: kind)
        }
        switch body {
        case .refused(let response):
            return response
        case .accepted(let json, let receivedBytes):
            let payloadID = request.headers.first { $0.name.canonicalName == "x-launchdarkly-payload-id" }?.value
            server.launchDarklyInbox.store(LaunchDarklyEventPost(kind: kind, sdk: sdk, path: request.uri.path, body: json, payloadID: payloadID,
                                                                  receivedBytes: receivedBytes))
            return Response(status: .accepted, headers: eventAnswerHeaders)
        }
    }

    /// The body as JSON, checked to have the shape of its endpoint.
    private static func launchDarklyPayload(_ bytes: [UInt8], kind: LaunchDarklyEventPost.Kind)
        throws(EventBodyDecoding.Failure) -> JSONValue
    {
        let json: JSONValue
        do {
            json = try JSONParser(limits: .init(maxBytes: max(bytes.count, 1))).parse(bytes)
        } catch {
            throw .invalidBatch("the body is not JSON: \(error)")
        }
        let hasKind: (JSONValue) -> Bool = { $0.objectValue?["kind"]?.stringValue != nil }
        switch kind {
        case .bulk:
            guard let events = json.arrayValue else { throw .invalidBatch("a /bulk body must be a JSON array of events") }
            guard events.allSatisfy(hasKind) else { throw .invalidBatch("every event must be an object with a string 'kind'") }
        case .diagnostic:
            guard hasKind(json) else { throw .invalidBatch("a /diagnostic body must be a JSON object with a string 'kind'") }
        }
        return json
    }
}
