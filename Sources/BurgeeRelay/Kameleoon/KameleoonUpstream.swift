import Burgee
import BurgeeCore
import BurgeeKameleoon
import BurgeeServer
import Logging

/// Kameleoon's configuration service upstream (`burgee serve`, or Kameleoon behind one base):
/// the site's configuration polled, the key being the site code; tracking of the relay's clients
/// sent on as received, with their own `Authorization` (a token of the upstream's).
enum KameleoonUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.kameleoon

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        var configuration = BurgeeClient.Configuration.kameleoon(siteCode: upstream.key ?? "", baseURL: upstream.url,
                                                                 refreshInterval: upstream.pollInterval, http: upstream.http,
                                                                 cache: upstream.cache, logger: logger)
        configuration.events = nil
        return configuration
    }

    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header] { [] }
}
