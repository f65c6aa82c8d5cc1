/// Where a Datadog client sends its exposures: through the Datadog Agent's EVP proxy, to Datadog's
/// agentless intake (with the API key), or nowhere.
public struct DatadogExposureIntake: Sendable, Hashable {
    enum Kind: Hashable {
        case off
        /// The site's intake, or a custom base URL.
        case agentless(String?)
        /// The Agent's URL (`http://localhost:8126`, or a reverse proxy's path below it).
        case agent(String)
    }

    let kind: Kind

    /// Exposures are not sent (as `DD_FFE_INTAKE_ENABLED=false`).
    public static let off = Self(kind: .off)

    /// Datadog's agentless intake of the client's site, `https://event-platform-intake.<site>/api/v2/exposures`,
    /// with `DD-API-KEY`.
    public static let agentless = Self(kind: .agentless(nil))

    /// An intake at another base URL (a proxy, `burgee serve --format datadog`): `<base>/api/v2/exposures`,
    /// the base's path kept, with `DD-API-KEY` when the client has a key.
    public static func intake(_ base: String) -> Self { Self(kind: .agentless(base)) }

    /// The Datadog Agent at `url` (its trace port): `<url>/evp_proxy/v2/api/v2/exposures` with
    /// `X-Datadog-EVP-Subdomain: event-platform-intake`; the Agent adds the key. A path of `url`
    /// is kept before `/evp_proxy/v2`, as ddtrace keeps a reverse proxy's path prefix.
    public static func agent(_ url: String = "http://localhost:8126") -> Self { Self(kind: .agent(url)) }
}
