extension DefinitionsServer {
    /// An endpoint that faults can be injected on.
    public enum Endpoint: String, Sendable, Hashable, CaseIterable {
        /// `GET /definitions`.
        case definitions
        /// `GET /stream`.
        case stream
        /// `POST /events`.
        case events
        /// `GET /api/client/features` (Unleash).
        case unleashFeatures
        /// `POST /api/client/register` (Unleash).
        case unleashRegister
        /// `POST /api/client/metrics` (Unleash).
        case unleashMetrics
    }
}
