import Burgee
import BurgeeCore
import BurgeeDatadog
import BurgeeServer
import Logging

/// Eppo's flags configuration upstream (Eppo's CDN, or `burgee serve`): polled with the SDK key.
/// Eppo's SDKs post nothing to Eppo (assignments go to the application's logger).
enum EppoUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.eppo

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        .eppo(sdkKey: upstream.key ?? "", baseURL: upstream.url, pollInterval: upstream.pollInterval, http: upstream.http,
              cache: upstream.cache, logger: logger)
    }

    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header] { [] }
}
