/// Where a Datadog client sends its exposures: through the Datadog Agent's EVP proxy, to Datadog's
/// agentless intake (with the API key), or nowhere.
public struct DatadogExposureIntake: Sendable, Hashable {
    enum Kind: Hashable {
        case off
        /// The site's intake, or a custom origin.
        case agentless(String?)
        /// The Agent's origin (`http://localhost:8126`).
        case agent(String)
    }

    let kind: Kind

    /// Exposures are not sent (as `DD_FFE_INTAKE_ENABLED=false`).
    public static let off = Self(kind: .off)

    /// Datadog's agentless intake of the client's site, `https://event-platform-intake.<site>/api/v2/exposures`,
    /// with `DD-API-KEY`.
    public static let agentless = Self(kind: .agentless(nil))

    /// An intake at another origin (a proxy, `burgee serve --format datadog`): `<origin>/api/v2/exposures`,
    /// with `DD-API-KEY` when the client has a key.
    public static func intake(_ origin: String) -> Self { Self(kind: .agentless(origin)) }

    /// The Datadog Agent at `url` (its trace port): `<url>/evp_proxy/v2/api/v2/exposures` with
    /// `X-Datadog-EVP-Subdomain: event-platform-intake`; the Agent adds the key.
    public static func agent(_ url: String = "http://localhost:8126") -> Self { Self(kind: .agent(url)) }
}
