extension DefinitionsServer.Endpoint {
    /// `GET /api/splitChanges` (Split).
    public static let splitChanges: Self = Self("splitChanges", shape: .document) { $0.splitChangesResponse($1) }
    /// `GET /api/segmentChanges/{name}` (Split).
    public static let splitSegmentChanges: Self = Self("splitSegmentChanges", shape: .document) {
        $0.splitSegmentChangesResponse($1)
    }
    /// `GET /api/v2/auth` (Split): the streaming token, unless push is turned off.
    public static let splitAuth: Self = Self("splitAuth", shape: .document) { $0.splitAuthResponse($1) }
    /// `GET /event-stream` and `GET /api/event-stream` (Split's streaming service); the token in the
    /// query stands for the SDK key.
    public static let splitEventStream: Self = Self("splitEventStream", shape: .stream, checksOwnCredentials: true) {
        $0.splitEventStreamResponse($1)
    }
    /// `POST /api/testImpressions/bulk` (Split).
    public static let splitImpressions: Self = Self("splitImpressions", shape: .report) {
        try await $0.splitPostResponse($1, kind: .impressions)
    }
    /// `POST /api/testImpressions/count` (Split).
    public static let splitImpressionCounts: Self = Self("splitImpressionCounts", shape: .report) {
        try await $0.splitPostResponse($1, kind: .impressionCounts)
    }
    /// `POST /api/events/bulk` (Split).
    public static let splitEvents: Self = Self("splitEvents", shape: .report) {
        try await $0.splitPostResponse($1, kind: .events)
    }
    /// `POST /api/v1/metrics/config`, `/api/v1/metrics/usage` and `/api/v1/keys/ss` (Split's telemetry).
    public static let splitTelemetry: Self = Self("splitTelemetry", shape: .report) { responder, request in
        let path = request.uri.path
        let kind: SplitPost.Kind = path.hasSuffix("/usage") ? .telemetryUsage : path.hasSuffix("/ss") ? .uniqueKeys : .telemetryConfig
        return try await responder.splitPostResponse(request, kind: kind)
    }
}
