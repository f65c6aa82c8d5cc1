import Burgee
import BurgeeCore
import Logging

/// Burgee's own sync protocol upstream: `GET /stream` (falling back to `GET /definitions`), or
/// polling `GET /definitions`; posts to `/events` with the SDK key.
enum NativeUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.native

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        let source: DataSourceConfiguration = upstream.streaming
            ? .streaming(upstream.base + "/stream", fallbackPollingInterval: upstream.pollInterval, http: upstream.http)
            : .polling(upstream.base + "/definitions", every: upstream.pollInterval, http: upstream.http)
        return BurgeeClient.Configuration(sdkKey: upstream.key, source: source, cache: upstream.cache, logger: logger)
    }
}
