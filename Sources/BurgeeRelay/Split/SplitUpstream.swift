import Burgee
import BurgeeCore
import BurgeeServer
import BurgeeSplit
import Logging

/// Split's SDK API upstream (Split, a Split Proxy, or `burgee serve`): `splitChanges` and
/// `segmentChanges` polled, with Split's streaming notifications when on; impressions, counts,
/// unique keys, events and telemetry of the relay's clients sent on with the relay's SDK key.
enum SplitUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.split

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        // Split's own services are apart; a proxy or `burgee serve` serves them below one base.
        let streaming = upstream.streaming ? SplitStreaming() : .off
        var configuration = BurgeeClient.Configuration(
            sdkKey: upstream.key, source: .split(sdkURL: upstream.url, pollingInterval: upstream.pollInterval, http: upstream.http,
                                                 streaming: streaming),
            cache: upstream.cache, logger: logger)
        configuration.events = nil
        return configuration
    }

    /// Split's SDK API is `https://sdk.split.io/api`; its events go to `https://events.split.io/api`,
    /// the posts' paths (`/api/…`) below its origin.
    static func vendorEventsBase(for upstream: RelayUpstream) -> String? {
        upstream.base == "https://sdk.split.io/api" ? "https://events.split.io" : nil
    }

    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header] {
        [ForwardedPost.Header(name: "Authorization", value: "Bearer " + key)]
    }
}
