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

extension DefinitionsServer.Endpoint {
    // Split's self-hosted Split Evaluator REST API, behind its own auth tokens (`--evaluator-auth-token`).

    /// `GET`/`POST /client/get-treatment` (Split Evaluator).
    public static let splitEvaluatorTreatment: Self = Self("splitEvaluatorTreatment", shape: .document, checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .treatment(withConfig: false))
    }
    /// `GET`/`POST /client/get-treatment-with-config` (Split Evaluator).
    public static let splitEvaluatorTreatmentWithConfig: Self = Self("splitEvaluatorTreatmentWithConfig", shape: .document,
                                                                     checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .treatment(withConfig: true))
    }
    /// `GET`/`POST /client/get-treatments` (Split Evaluator).
    public static let splitEvaluatorTreatments: Self = Self("splitEvaluatorTreatments", shape: .document, checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .treatments(withConfig: false))
    }
    /// `GET`/`POST /client/get-treatments-with-config` (Split Evaluator).
    public static let splitEvaluatorTreatmentsWithConfig: Self = Self("splitEvaluatorTreatmentsWithConfig", shape: .document,
                                                                      checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .treatments(withConfig: true))
    }
    /// `GET`/`POST /client/get-treatments-by-sets` (Split Evaluator).
    public static let splitEvaluatorTreatmentsBySets: Self = Self("splitEvaluatorTreatmentsBySets", shape: .document,
                                                                  checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .treatmentsBySets(withConfig: false))
    }
    /// `GET`/`POST /client/get-treatments-with-config-by-sets` (Split Evaluator).
    public static let splitEvaluatorTreatmentsWithConfigBySets: Self = Self("splitEvaluatorTreatmentsWithConfigBySets",
                                                                            shape: .document, checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .treatmentsBySets(withConfig: true))
    }
    /// `GET`/`POST /client/get-all-treatments` (Split Evaluator).
    public static let splitEvaluatorAllTreatments: Self = Self("splitEvaluatorAllTreatments", shape: .document,
                                                               checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .allTreatments(withConfig: false))
    }
    /// `GET`/`POST /client/get-all-treatments-with-config` (Split Evaluator).
    public static let splitEvaluatorAllTreatmentsWithConfig: Self = Self("splitEvaluatorAllTreatmentsWithConfig", shape: .document,
                                                                         checksOwnCredentials: true) {
        try await $0.splitEvaluatorResponse($1, route: .allTreatments(withConfig: true))
    }
    /// `GET /client/track` (Split Evaluator).
    public static let splitEvaluatorTrack: Self = Self("splitEvaluatorTrack", shape: .report, checksOwnCredentials: true) {
        try await $0.splitEvaluatorTrackResponse($1)
    }
    /// `GET /manager/split`, `/manager/splits`, `/manager/names` (Split Evaluator).
    public static let splitEvaluatorManager: Self = Self("splitEvaluatorManager", shape: .document, checksOwnCredentials: true) {
        try await $0.splitEvaluatorManagerResponse($1)
    }
    /// `GET /admin/ping`, `/admin/healthcheck`, `/admin/version`, `/admin/machine`, `/admin/uptime` (Split Evaluator).
    public static let splitEvaluatorAdmin: Self = Self("splitEvaluatorAdmin", shape: .document, checksOwnCredentials: true) {
        $0.splitEvaluatorAdminResponse($1)
    }
}

extension DefinitionsServer.Endpoint {
    /// `GET /api/v3/auth` (Split's thin clients): the SDK key, checked as on every route.
    public static let splitThinAuth: Self = Self("splitThinAuth", shape: .document) { $0.splitThinAuthResponse($1) }
    /// `POST /api/evaluations` (Split's thin clients' remote evaluation): a token from
    /// `/api/v3/auth`, or the SDK key.
    public static let splitRemoteEvaluation: Self = Self("splitRemoteEvaluation", shape: .document, checksOwnCredentials: true) {
        try await $0.splitRemoteEvaluationResponse($1)
    }
}

