import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeUnleash
import Logging

/// Unleash's client API upstream (Unleash, Unleash Edge, or `burgee serve`): its stream, falling
/// back to polling `client/features`, as Edge follows Unleash; metrics and registrations of the
/// relay's clients sent on with the relay's token, the frontend SDKs' ones to the client API's
/// paths, as Edge sends them (frontend tokens are the relay's own).
enum UnleashUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.unleash

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        let connection = UnleashConnection(url: upstream.url, appName: "burgee-relay", refreshInterval: upstream.pollInterval,
                                           streaming: upstream.streaming, metricsInterval: nil, http: upstream.http)
        return .unleash(connection, apiToken: upstream.key ?? "", cache: upstream.cache, logger: logger)
    }

    static func upstreamPath(_ path: String) -> String {
        for prefix in ["/api/frontend/client/", "/api/proxy/client/", "/proxy/client/"] where path.hasPrefix(prefix) {
            return "/api/client/" + path.dropFirst(prefix.count)
        }
        return path
    }
}
