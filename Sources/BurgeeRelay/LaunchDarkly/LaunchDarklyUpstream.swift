import Burgee
import BurgeeCore
import BurgeeLaunchDarkly
import BurgeeServer
import Logging

/// LaunchDarkly's server-side protocol upstream (LaunchDarkly, its Relay Proxy, or `burgee
/// serve`): the `/all` stream, or polling `/sdk/latest-all`; the events of the relay's clients
/// sent on to the same paths. Server-side posts carry the relay's SDK key; the mobile and
/// JavaScript posts keep their own credential (the mobile key, the environment ID in the path),
/// which LaunchDarkly checks against the SDK kind.
enum LaunchDarklyUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.launchDarkly

    /// LaunchDarkly's own hosts, where streaming, polling and events are apart.
    static let vendorHosts = ["https://sdk.launchdarkly.com", "https://stream.launchdarkly.com", "https://app.launchdarkly.com"]

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        let connection = vendorHosts.contains(upstream.base)
            ? LaunchDarklyConnection(streaming: upstream.streaming, pollingInterval: upstream.pollInterval, http: upstream.http)
            : LaunchDarklyConnection.relayProxy(upstream.url, streaming: upstream.streaming,
                                                pollingInterval: upstream.pollInterval, http: upstream.http)
        var events = LaunchDarklyEvents()
        events.sendEvents = false
        return .launchDarkly(sdkKey: upstream.key ?? "", connection: connection, events: events, cache: upstream.cache, logger: logger)
    }

    static func vendorEventsBase(for upstream: RelayUpstream) -> String? {
        vendorHosts.contains(upstream.base) ? "https://events.launchdarkly.com" : nil
    }

    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header] {
        path.hasPrefix("/mobile") || path.hasPrefix("/events/") ? [] : [ForwardedPost.Header(name: "Authorization", value: key)]
    }
}
