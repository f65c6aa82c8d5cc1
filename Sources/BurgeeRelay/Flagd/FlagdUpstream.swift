import Burgee
import BurgeeCore
import Logging

/// flagd's HTTP sync upstream: the document's URL polled as it is (flagd's HTTP sync polls too).
enum FlagdUpstream: UpstreamProtocol {
    static let format = DefinitionsFormat.flagd

    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration {
        BurgeeClient.Configuration(sdkKey: upstream.key, source: .polling(upstream.url, every: upstream.pollInterval, http: upstream.http),
                                   cache: upstream.cache, logger: logger)
    }
}
