extension DefinitionsServer.Endpoint {
    /// `GET /v3/{siteCode}` (Kameleoon's configuration endpoint). Open without the SDK key, as
    /// Kameleoon's SDKs send none.
    public static let kameleoonConfiguration: Self = Self("kameleoonConfiguration", shape: .document, checksOwnCredentials: true) {
        $0.kameleoonConfigurationResponse($1)
    }
    /// `GET /sse` (Kameleoon's real-time updates). Open without the SDK key, as Kameleoon's SDKs
    /// send none.
    public static let kameleoonStream: Self = Self("kameleoonStream", shape: .stream, checksOwnCredentials: true) {
        $0.kameleoonStreamResponse($1)
    }
    /// `POST /oauth/token` (Kameleoon's access token); the client's Basic credentials stand for the SDK key.
    public static let kameleoonToken: Self = Self("kameleoonToken", shape: .document, checksOwnCredentials: true) {
        try await $0.kameleoonTokenResponse($1)
    }
    /// `POST /visit/events` (Kameleoon's tracking); a token from `POST /oauth/token` stands for the SDK key.
    public static let kameleoonTracking: Self = Self("kameleoonTracking", shape: .report, checksOwnCredentials: true) {
        try await $0.kameleoonTrackingResponse($1)
    }
    /// `GET /visit/visitor` (Kameleoon's remote visitor data); a token from `POST /oauth/token`
    /// stands for the SDK key.
    public static let kameleoonVisitor: Self = Self("kameleoonVisitor", shape: .document, checksOwnCredentials: true) {
        $0.kameleoonVisitorResponse($1)
    }
    /// `GET /map/map` (Kameleoon's remote data); a token from `POST /oauth/token` stands for the SDK key.
    public static let kameleoonMap: Self = Self("kameleoonMap", shape: .document, checksOwnCredentials: true) {
        $0.kameleoonMapResponse($1)
    }
}
