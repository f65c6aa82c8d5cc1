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

extension DefinitionsServer.Endpoint {
    // The client-side and mobile routes check their own credentials (`--mobile-key`,
    // `--environment-id`), never the server's SDK key, as LaunchDarkly's services do.

    /// `GET /msdk/evalx/contexts/{context}`, `REPORT /msdk/evalx/context` (LaunchDarkly's mobile SDKs).
    public static let launchDarklyMobileFlags: Self = Self("launchDarklyMobileFlags", shape: .document, checksOwnCredentials: true) {
        try await $0.launchDarklyClientFlagsResponse($1, kind: .mobile)
    }
    /// `GET /sdk/evalx/{envId}/contexts/{context}`, `REPORT /sdk/evalx/{envId}/context` (LaunchDarkly's JavaScript SDKs).
    public static let launchDarklyJavaScriptFlags: Self = Self("launchDarklyJavaScriptFlags", shape: .document,
                                                               checksOwnCredentials: true) {
        try await $0.launchDarklyClientFlagsResponse($1, kind: .javaScript)
    }
    /// `GET /meval/{context}`, `REPORT /meval` (LaunchDarkly's mobile SDKs' stream).
    public static let launchDarklyMobileStream: Self = Self("launchDarklyMobileStream", shape: .stream, checksOwnCredentials: true) {
        try await $0.launchDarklyClientStreamResponse($1, kind: .mobile)
    }
    /// `GET /eval/{envId}/{context}`, `REPORT /eval/{envId}` (LaunchDarkly's JavaScript SDKs' stream).
    public static let launchDarklyJavaScriptStream: Self = Self("launchDarklyJavaScriptStream", shape: .stream,
                                                                checksOwnCredentials: true) {
        try await $0.launchDarklyClientStreamResponse($1, kind: .javaScript)
    }
    /// `POST /mobile/events/bulk`, `/mobile/events`, `/mobile` (LaunchDarkly's mobile SDKs' events).
    public static let launchDarklyMobileEvents: Self = Self("launchDarklyMobileEvents", shape: .report, checksOwnCredentials: true) {
        try await $0.launchDarklyClientEventsResponse($1, kind: .mobile, events: .bulk)
    }
    /// `POST /mobile/events/diagnostic` (LaunchDarkly's mobile SDKs' diagnostic events).
    public static let launchDarklyMobileDiagnostic: Self = Self("launchDarklyMobileDiagnostic", shape: .report,
                                                                checksOwnCredentials: true) {
        try await $0.launchDarklyClientEventsResponse($1, kind: .mobile, events: .diagnostic)
    }
    /// `POST /events/bulk/{envId}` (LaunchDarkly's JavaScript SDKs' events).
    public static let launchDarklyJavaScriptEvents: Self = Self("launchDarklyJavaScriptEvents", shape: .report,
                                                                checksOwnCredentials: true) {
        try await $0.launchDarklyClientEventsResponse($1, kind: .javaScript, events: .bulk)
    }
    /// `POST /events/diagnostic/{envId}` (LaunchDarkly's JavaScript SDKs' diagnostic events).
    public static let launchDarklyJavaScriptDiagnostic: Self = Self("launchDarklyJavaScriptDiagnostic", shape: .report,
                                                                    checksOwnCredentials: true) {
        try await $0.launchDarklyClientEventsResponse($1, kind: .javaScript, events: .diagnostic)
    }
    /// `OPTIONS` on the JavaScript SDKs' paths: CORS preflight.
    public static let launchDarklyPreflight: Self = Self("launchDarklyPreflight", shape: .report, checksOwnCredentials: true) {
        $0.launchDarklyPreflightResponse($1)
    }
}
