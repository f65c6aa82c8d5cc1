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
