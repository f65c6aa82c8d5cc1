import ArgumentParser
import Burgee
import BurgeeCore
import BurgeeRelay

/// `burgee serve --upstream` and the options of relay mode: where the definitions come from
/// instead of a file, and how the posts of the server's clients are sent on.
struct RelayOptions: ParsableArguments {
    @Option(name: .customLong("upstream"),
            help: ArgumentHelp("Relay mode: take the definitions from this URL through the format's own protocol (a vendor's service, a proxy, another burgee serve: the URL its clients are given) instead of a file, and send the clients' posts on to it. Needs --format.",
                               valueName: "url"))
    var url: String?

    @Option(name: .customLong("upstream-key"),
            help: ArgumentHelp("The credential sent upstream (LaunchDarkly's or Split's SDK key, Unleash's client token, Eppo's SDK key, Datadog's API key, Kameleoon's site code); the --sdk-key by default.",
                               valueName: "key"))
    var key: String?

    @Option(name: .customLong("upstream-events"),
            help: ArgumentHelp("The base the clients' posts are sent to, followed by their own path; the origin of --upstream by default.",
                               valueName: "url"))
    var eventsURL: String?

    @Option(name: .customLong("upstream-interval"),
            help: ArgumentHelp("Seconds between polls of the upstream (for streaming protocols, while the stream is down).", valueName: "seconds"))
    var interval: Double = 30

    @Flag(name: .customLong("upstream-polling"), help: "Poll the upstream, even where its protocol streams.")
    var polling = false

    @Option(name: .customLong("upstream-timeout"),
            help: ArgumentHelp("Seconds to wait at start for the first definitions (from the upstream or the cache) before giving up.",
                               valueName: "seconds"))
    var timeout: Double = 30

    @Option(name: .customLong("upstream-cache"),
            help: ArgumentHelp("A directory where the last good definitions are kept, so that a restarted relay serves them before the upstream answers.",
                               valueName: "directory"))
    var cacheDirectory: String?

    @Flag(inversion: .prefixedNo, help: "In relay mode, send the clients' events, impressions, metrics, exposures and tracking upstream.")
    var forward = true

    /// Whether relay mode is asked for.
    var isRelaying: Bool { url != nil }

    /// Refuses values that cannot be used, as the command's own validation does.
    func check(definitions: String?, format: DefinitionsFormat?) throws {
        guard let url else {
            if definitions == nil { throw ValidationError("give --definitions FILE, or --upstream URL for relay mode") }
            return
        }
        guard definitions == nil else { throw ValidationError("--definitions and --upstream exclude each other: serve a file, or relay") }
        guard format != nil else { throw ValidationError("--upstream needs --format: the upstream's protocol is the format's") }
        guard url.hasPrefix("http://") || url.hasPrefix("https://") else { throw ValidationError("--upstream must be an http or https URL") }
        guard interval > 0, interval.isFinite else { throw ValidationError("--upstream-interval must be a positive number of seconds") }
        guard timeout > 0, timeout.isFinite else { throw ValidationError("--upstream-timeout must be a positive number of seconds") }
    }

    /// The upstream of `format`, its key being ``key`` or `sdkKey`.
    func upstream(format: DefinitionsFormat, sdkKey: String?) -> RelayUpstream? {
        guard let url else { return nil }
        return RelayUpstream(format: format, url: url, key: key ?? sdkKey, eventsURL: eventsURL,
                             pollInterval: Self.duration(interval), streaming: !polling,
                             // Plain http only where the URL names it: an upstream on a private network.
                             http: HTTPOptions(allowInsecureHTTP: true),
                             cache: cacheDirectory.map { .directory($0, prefix: "relay_" + format.name.filter(\.isLetter)) })
    }

    /// How the posts are sent on.
    var forwarding: RelayForwarding { forward ? RelayForwarding() : .off }

    /// The wait for the first definitions.
    var readyTimeout: Duration { Self.duration(timeout) }

    private static func duration(_ seconds: Double) -> Duration { .nanoseconds(Int64((seconds * 1e9).rounded())) }
}
