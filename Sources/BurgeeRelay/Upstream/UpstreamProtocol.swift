import Burgee
import BurgeeCore
import BurgeeServer
import Logging

/// How a relay speaks one format's protocol upstream, implemented in the format's folder and
/// listed in ``UpstreamProtocols``: the client that follows the definitions, and how the posts
/// it receives are sent on.
protocol UpstreamProtocol: Sendable {
    /// The format.
    static var format: DefinitionsFormat { get }

    /// A client following `upstream` with the vendor's data sources, sending no events of its
    /// own (the relay evaluates nothing; it forwards its clients' posts).
    static func clientConfiguration(_ upstream: RelayUpstream, logger: Logger) -> BurgeeClient.Configuration

    /// The headers that carry the relay's credential upstream on a forwarded post to `path`,
    /// replacing the client's; none where the vendor needs the client's own (LaunchDarkly's mobile
    /// key).
    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header]

    /// The path a post to `path` is sent to upstream; itself by default.
    static func upstreamPath(_ path: String) -> String

    /// Where posts go when ``RelayUpstream/eventsURL`` is not given and the upstream is the
    /// vendor's own service, whose events are elsewhere; `nil` (the default) for the upstream's origin.
    static func vendorEventsBase(for upstream: RelayUpstream) -> String?

    /// The document to serve for the one the client holds (`bytes`, as its cache keeps it): the
    /// same by default; a format whose protocol hands the client another shape (Unleash's
    /// stream) makes its document of it.
    static func servedDocument(_ bytes: [UInt8]) -> [UInt8]
}

extension UpstreamProtocol {
    static func upstreamPath(_ path: String) -> String { path }

    static func servedDocument(_ bytes: [UInt8]) -> [UInt8] { bytes }

    static func vendorEventsBase(for upstream: RelayUpstream) -> String? { nil }

    static func credentialHeaders(key: String, path: String) -> [ForwardedPost.Header] {
        [ForwardedPost.Header(name: "Authorization", value: key)]
    }
}

/// Every format a relay speaks upstream, one line each.
enum UpstreamProtocols {
    static let all: [any UpstreamProtocol.Type] = [
        NativeUpstream.self,
        UnleashUpstream.self,
        LaunchDarklyUpstream.self,
        FlagdUpstream.self,
        SplitUpstream.self,
        KameleoonUpstream.self,
        DatadogUpstream.self,
        EppoUpstream.self,
    ]

    /// The protocol of `format`, if a relay speaks it.
    static func of(_ format: DefinitionsFormat) -> (any UpstreamProtocol.Type)? {
        all.first { $0.format == format }
    }
}
