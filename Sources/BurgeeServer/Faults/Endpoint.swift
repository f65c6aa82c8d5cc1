extension DefinitionsServer {
    /// An endpoint that faults can be injected on.
    public enum Endpoint: String, Sendable, Hashable, CaseIterable {
        /// `GET /definitions`; `GET /sdk/latest-all` when serving LaunchDarkly definitions.
        case definitions
        /// `GET /stream`; `GET /all` when serving LaunchDarkly definitions, `GET /api/client/streaming`
        /// when serving Unleash features.
        case stream
        /// `POST /events`.
        case events
        /// `GET /api/client/features` (Unleash).
        case unleashFeatures
        /// `POST /api/client/register` (Unleash).
        case unleashRegister
        /// `POST /api/client/metrics` (Unleash).
        case unleashMetrics
        /// `GET /sdk/latest-flags` and `GET /sdk/latest-flags/{key}` (LaunchDarkly).
        case launchDarklyFlags
        /// `GET /sdk/latest-segments` and `GET /sdk/latest-segments/{key}` (LaunchDarkly).
        case launchDarklySegments
        /// `POST /bulk`: analytics events (LaunchDarkly).
        case launchDarklyBulk
        /// `POST /diagnostic`: diagnostic events (LaunchDarkly).
        case launchDarklyDiagnostic
        /// `POST /ofrep/v1/evaluate/flags/{key}` (OFREP, one flag).
        case ofrepEvaluate
        /// `POST /ofrep/v1/evaluate/flags` (OFREP, every flag).
        case ofrepBulk

        /// Whether the endpoint is OFREP's (401 and 403 as OFREP answers them, `X-API-Key` accepted).
        var isOFREP: Bool { self == .ofrepEvaluate || self == .ofrepBulk }
    }
}
