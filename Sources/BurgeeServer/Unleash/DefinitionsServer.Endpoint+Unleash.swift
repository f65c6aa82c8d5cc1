extension DefinitionsServer.Endpoint {
    /// `GET /api/client/features` (Unleash).
    public static let unleashFeatures: Self = Self("unleashFeatures", shape: .document) { $0.unleashFeaturesResponse($1) }
    /// `POST /api/client/register` (Unleash).
    public static let unleashRegister: Self = Self("unleashRegister", shape: .report) {
        try await $0.unleashReportResponse($1, kind: .registration)
    }
    /// `POST /api/client/metrics` (Unleash).
    public static let unleashMetrics: Self = Self("unleashMetrics", shape: .report) {
        try await $0.unleashReportResponse($1, kind: .metrics)
    }
}

extension DefinitionsServer.Endpoint {
    // The frontend API checks its own keys (`--frontend-key`), never the server's SDK key.

    /// `GET` and `POST /api/frontend` (Unleash's frontend API; also `/api/proxy` and `/proxy`).
    public static let unleashFrontend: Self = Self("unleashFrontend", shape: .document, checksOwnCredentials: true) {
        try await $0.unleashFrontendResponse($1)
    }
    /// `GET` and `POST /api/frontend/features/{name}` (Unleash's frontend API, one toggle).
    public static let unleashFrontendFeature: Self = Self("unleashFrontendFeature", shape: .document, checksOwnCredentials: true) {
        try await $0.unleashFrontendFeatureResponse($1)
    }
    /// `POST /api/frontend/client/register` (Unleash's frontend SDKs).
    public static let unleashFrontendRegister: Self = Self("unleashFrontendRegister", shape: .report, checksOwnCredentials: true) {
        try await $0.unleashFrontendReportResponse($1, kind: .registration)
    }
    /// `POST /api/frontend/client/metrics` (Unleash's frontend SDKs).
    public static let unleashFrontendMetrics: Self = Self("unleashFrontendMetrics", shape: .report, checksOwnCredentials: true) {
        try await $0.unleashFrontendReportResponse($1, kind: .metrics)
    }
}
