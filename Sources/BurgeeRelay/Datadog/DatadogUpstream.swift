import Burgee
import BurgeeCore
import BurgeeDatadog
import BurgeeServer
import Logging

/// Datadog's flags configuration upstream (Datadog's CDN through a proxy, or `burgee serve`):
/// polled; exposures of the relay's clients sent on with the relay's API key in `DD-API-KEY`.
enum DatadogUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.datadog

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        .datadog(apiKey: upstream.key, configurationURL: upstream.url, exposures: .off, pollInterval: upstream.pollInterval,
                 http: upstream.http, cache: upstream.cache, logger: logger)
    }

    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header] {
        [ForwardedPost.Header(name: "DD-API-KEY", value: key)]
    }
}
