extension DefinitionsServer.Endpoint {
    /// `GET /api/v2/feature-flagging/config/rules-based/server` (Datadog's configuration CDN): open;
    /// a `DD-API-KEY` header that is sent must be the SDK key.
    public static let datadogConfiguration: Self = Self("datadogConfiguration", shape: .document, checksOwnCredentials: true) {
        $0.datadogConfigurationResponse($1)
    }
    /// `POST /api/v2/exposures` (Datadog's agentless intake); the `DD-API-KEY` header stands for
    /// the SDK key.
    public static let datadogExposures: Self = Self("datadogExposures", shape: .report, checksOwnCredentials: true) {
        try await $0.datadogExposuresResponse($1, throughAgent: false)
    }
    /// `POST /evp_proxy/v2/api/v2/exposures` (the Datadog Agent's EVP proxy, which adds the key
    /// itself): open, with `X-Datadog-EVP-Subdomain: event-platform-intake`.
    public static let datadogAgentExposures: Self = Self("datadogAgentExposures", shape: .report, checksOwnCredentials: true) {
        try await $0.datadogExposuresResponse($1, throughAgent: true)
    }
    /// `GET /info` (the Datadog Agent's description of itself, which Datadog's SDKs read before
    /// they use its EVP proxy): open.
    public static let datadogAgentInfo: Self = Self("datadogAgentInfo", shape: .document, checksOwnCredentials: true) {
        $0.datadogAgentInfoResponse($1)
    }
    /// `GET /api/flag-config/v1/config` (Eppo's configuration CDN); the `apiKey` parameter stands
    /// for the SDK key.
    public static let eppoConfiguration: Self = Self("eppoConfiguration", shape: .document, checksOwnCredentials: true) {
        $0.eppoConfigurationResponse($1)
    }
    /// `POST /precompute-assignments` (Datadog's client SDKs' flag request): the `dd-client-token`
    /// header stands for a client token.
    public static let datadogPrecompute: Self = Self("datadogPrecompute", shape: .document, checksOwnCredentials: true) {
        try await $0.datadogPrecomputeResponse($1)
    }
    /// `POST /assignments` (Eppo's precomputed clients); the `apiKey` parameter stands for the SDK key.
    public static let eppoPrecompute: Self = Self("eppoPrecompute", shape: .document, checksOwnCredentials: true) {
        try await $0.eppoPrecomputeResponse($1)
    }
}
