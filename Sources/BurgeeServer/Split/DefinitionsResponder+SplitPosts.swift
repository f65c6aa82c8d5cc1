import BurgeeCore
import Hummingbird
import NIOCore

extension DefinitionsResponder {
    /// `POST /api/testImpressions/bulk`, `POST /api/testImpressions/count` and `POST /api/events/bulk`, and
    /// the telemetry posts `POST /api/v1/metrics/config`, `/api/v1/metrics/usage` and `/api/v1/keys/ss`:
    /// the body is decoded like `POST /events` (gzip accepted, 415 for other codings, 413 above
    /// ``DefinitionsServerConfiguration/maxEventsBodyBytes``), checked to have its endpoint's
    /// shape, stored and answered 200, as Split's events service answers; anything else 400 and
    /// is not counted.
    func splitPostResponse(_ request: Request, kind: SplitPost.Kind) async throws -> Response {
        let body = try await readEventBody(request) { (bytes) throws(EventBodyDecoding.Failure) in
            try Self.splitPayload(bytes, kind: kind)
        }
        switch body {
        case .refused(let response):
            return response
        case .accepted(let json, let receivedBytes):
            server.records.of(SplitInbox.self).store(SplitPost(kind: kind, body: json, receivedBytes: receivedBytes))
            return Response(status: .ok, headers: eventAnswerHeaders)
        }
    }

    private static func splitPayload(_ bytes: [UInt8], kind: SplitPost.Kind) throws(EventBodyDecoding.Failure) -> JSONValue {
        let json: JSONValue
        do {
            json = try JSONParser(limits: .init(maxBytes: max(bytes.count, 1))).parse(bytes)
        } catch {
            throw .invalidBatch("the body is not JSON: \(error)")
        }
        switch kind {
        case .impressions:
            guard let groups = json.arrayValue,
                  groups.allSatisfy({ $0.objectValue?["f"]?.stringValue != nil && $0.objectValue?["i"]?.arrayValue != nil })
            else { throw .invalidBatch(#"an impressions body is a JSON array of {"f": flag, "i": [impressions]}"#) }
        case .impressionCounts:
            guard let counts = json.objectValue?["pf"]?.arrayValue,
                  counts.allSatisfy({ $0.objectValue?["f"]?.stringValue != nil && $0.objectValue?["rc"]?.numberValue != nil })
            else { throw .invalidBatch(#"an impression counts body is {"pf": [{"f": flag, "m": hour, "rc": count}]}"#) }
        case .events:
            guard let events = json.arrayValue, events.allSatisfy({ $0.objectValue?["eventTypeId"]?.stringValue != nil })
            else { throw .invalidBatch("an events body is a JSON array of events, each with a string 'eventTypeId'") }
        case .telemetryConfig, .telemetryUsage, .uniqueKeys:
            guard json.objectValue != nil else { throw .invalidBatch("a telemetry body is a JSON object") }
        }
        return json
    }
}
