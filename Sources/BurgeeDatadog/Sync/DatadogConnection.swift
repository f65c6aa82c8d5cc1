import Burgee
import BurgeeCore

/// Where a client finds Datadog's flags configuration and sends its exposures, and the key both
/// take: Datadog's agentless CDN (`ufc-server.ff-cdn.<site>`) and intake
/// (`event-platform-intake.<site>`), or the Agent's EVP proxy, or custom bases.
struct DatadogConnection: Sendable {
    /// The configuration path below an origin (Datadog's CDN, `burgee serve --format datadog`).
    static let configurationPath = "/api/v2/feature-flagging/config/rules-based/server"
    /// The exposures path below the intake; the Agent's EVP proxy has it below `/evp_proxy/v2`.
    static let exposuresPath = "/api/v2/exposures"
    /// The Agent's EVP proxy forwards to the intake this header names.
    static let evpSubdomainHeader = "X-Datadog-EVP-Subdomain"

    var apiKey: String?
    /// The site, lower-cased (`datadoghq.com`, `datadoghq.eu`, `us3.datadoghq.com`, …).
    var site: String
    var env: String?
    var service: String?
    var version: String?
    /// An origin (the path is added) or a whole URL (used as it is); `nil`: the site's CDN.
    var configurationBase: String?
    var exposures: DatadogExposureIntake
    var pollInterval: Duration
    var http: HTTPOptions

    /// `https://ufc-server.ff-cdn.<site>/api/v2/…/server`, or the custom base (with the path when
    /// it has none), and `?dd_env=<env>` when an environment is set.
    func configurationURL() throws(ConfigurationError) -> ServiceURL {
        var url: String
        if let base = configurationBase {
            let trimmed = base.hasSuffix("/") ? String(base.dropLast()) : base
            url = Self.hasPath(trimmed) ? trimmed : trimmed + Self.configurationPath
        } else {
            url = "https://ufc-server.ff-cdn.\(site)" + Self.configurationPath
        }
        if let env { url += (url.contains("?") ? "&" : "?") + "dd_env=" + PercentEncoding.encode(env) }
        return try ServiceURL(url, allowInsecureHTTP: http.allowInsecureHTTP)
    }

    /// Where exposures go and whether through the Agent; `nil` when they are off.
    func exposuresEndpoint() -> (url: String, throughAgent: Bool)? {
        switch exposures.kind {
        case .off: return nil
        case .agentless(let base?): return (Self.base(base) + Self.exposuresPath, false)
        case .agentless(nil): return ("https://event-platform-intake.\(site)" + Self.exposuresPath, false)
        case .agent(let url): return (Self.base(url) + "/evp_proxy/v2" + Self.exposuresPath, true)
        }
    }

    /// The headers of every request: the library's name and version, and the key when given.
    var headers: HTTPOptions {
        var options = http
        options.headers["DD-Client-Library-Language"] = "swift"
        options.headers["DD-Client-Library-Version"] = SDKVersion.version
        if let apiKey { options.headers["DD-API-KEY"] = apiKey }
        return options
    }

    /// The headers of configuration requests: as Datadog's tracers, the key goes only to
    /// Datadog's own CDN, never to a custom base URL.
    var configurationHeaders: HTTPOptions {
        var options = headers
        if configurationBase != nil { options.headers["DD-API-KEY"] = nil }
        return options
    }

    /// Checks what a client needs before it starts: the agentless CDN and intake need the key.
    func validate() throws(ConfigurationError) {
        guard pollInterval > .zero else { throw .notPositive("the Datadog configuration poll interval") }
        guard !site.isEmpty else { throw .invalidConnection("the Datadog site is empty") }
        if configurationBase == nil, apiKey?.isEmpty ?? true {
            throw .invalidConnection("Datadog's configuration CDN needs an API key (DD-API-KEY)")
        }
        if case .agentless(nil) = exposures.kind, apiKey?.isEmpty ?? true {
            throw .invalidConnection("Datadog's agentless intake needs an API key (DD-API-KEY); send exposures through the Agent or turn them off")
        }
        try http.validate()
        _ = try configurationURL()
        if let endpoint = exposuresEndpoint() { _ = try ServiceURL(endpoint.url, allowInsecureHTTP: http.allowInsecureHTTP) }
    }

    /// `scheme://host[:port]` of `url` (a trailing slash and any path dropped).
    static func origin(_ url: String) -> String {
        guard let schemeEnd = url.range(of: "://") else { return url }
        let rest = url[schemeEnd.upperBound...]
        let hostEnd = rest.firstIndex(where: { $0 == "/" || $0 == "?" }) ?? rest.endIndex
        return String(url[..<hostEnd])
    }

    /// `url` without its query, fragment and trailing slashes: its path is kept, as ddtrace keeps
    /// a reverse proxy's path prefix of the Agent's URL (`http://gw/datadog` → `http://gw/datadog/evp_proxy/v2/…`).
    static func base(_ url: String) -> String {
        var base = url[...]
        if let end = base.firstIndex(where: { $0 == "?" || $0 == "#" }) { base = base[..<end] }
        while base.hasSuffix("/"), origin(String(base)).count < base.count { base = base.dropLast() }
        return String(base)
    }

    /// Whether `url` names a path beyond its origin.
    static func hasPath(_ url: String) -> Bool { origin(url).count < url.count }
}
