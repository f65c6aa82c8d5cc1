import Burgee
import BurgeeCore
import BurgeeServer

/// Why a relay could not start.
public enum RelayError: Error, Sendable, CustomStringConvertible {
    /// No relay speaks this format's protocol upstream.
    case unsupportedFormat(DefinitionsFormat)
    /// The upstream's client could not be made from the settings.
    case invalidUpstream(ConfigurationError)
    /// No definitions came from the upstream (nor from the cache) in time, or the upstream refused
    /// the key; the client's status says why.
    case noDefinitions(DataSourceStatus)
    /// The definitions that came cannot be served in the format.
    case unservable(DefinitionsServerError)

    public var description: String {
        switch self {
        case .unsupportedFormat(let format): "a relay does not speak \(format.displayName)'s protocol upstream"
        case .invalidUpstream(let error): "the upstream cannot be used: \(error)"
        case .noDefinitions(let status): "no definitions came from the upstream: \(status)"
        case .unservable(let error): "the upstream's definitions cannot be served: \(error)"
        }
    }
}
