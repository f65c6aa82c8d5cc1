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

    /// The stream's whole state is a `hydration` event (`{"events":[{"type":"hydration",
    /// "features":…,"segments":…}]}`), which the client reads as it is: served as the features
    /// document it stands for, as `client/features` answers.
    static func servedDocument(_ bytes: [UInt8]) -> [UInt8] {
        guard let json = try? JSONValue(parsing: bytes), let events = json.objectValue?["events"]?.arrayValue,
              let hydration = events.last(where: { $0.objectValue?["type"] == "hydration" })?.objectValue else { return bytes }
        let document: JSONValue = [
            "version": 2, "features": hydration["features"] ?? [], "segments": hydration["segments"] ?? [],
        ]
        return Array(document.serialized().utf8)
    }

    static func upstreamPath(_ path: String) -> String {
        for prefix in ["/api/frontend/client/", "/api/proxy/client/", "/proxy/client/"] where path.hasPrefix(prefix) {
            return "/api/client/" + path.dropFirst(prefix.count)
        }
        return path
    }
}
