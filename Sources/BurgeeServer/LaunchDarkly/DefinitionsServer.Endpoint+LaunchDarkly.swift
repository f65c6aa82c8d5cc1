extension DefinitionsServer.Endpoint {
    /// `GET /sdk/latest-flags` and `GET /sdk/latest-flags/{key}` (LaunchDarkly).
    public static let launchDarklyFlags: Self = Self("launchDarklyFlags", shape: .document) {
        $0.launchDarklyCollectionResponse(.launchDarklyFlags, $1)
    }
    /// `GET /sdk/latest-segments` and `GET /sdk/latest-segments/{key}` (LaunchDarkly).
    public static let launchDarklySegments: Self = Self("launchDarklySegments", shape: .document) {
        $0.launchDarklyCollectionResponse(.launchDarklySegments, $1)
    }
    /// `POST /bulk`: analytics events (LaunchDarkly).
    public static let launchDarklyBulk: Self = Self("launchDarklyBulk", shape: .report) {
        try await $0.launchDarklyEventsResponse($1, kind: .bulk)
    }
    /// `POST /diagnostic`: diagnostic events (LaunchDarkly).
    public static let launchDarklyDiagnostic: Self = Self("launchDarklyDiagnostic", shape: .report) {
        try await $0.launchDarklyEventsResponse($1, kind: .diagnostic)
    }
}
