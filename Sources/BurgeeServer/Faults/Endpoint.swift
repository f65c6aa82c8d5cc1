extension DefinitionsServer {
    /// An endpoint that faults can be injected on.
    public enum Endpoint: String, Sendable, Hashable, CaseIterable {
        /// `GET /definitions`.
        case definitions
        /// `GET /stream`.
        case stream
        /// `POST /events`.
        case events
    }
}
