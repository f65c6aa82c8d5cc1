extension BurgeeClient {
    /// An OpenFeature provider event, mapped from the client's ``ClientEvent``s by
    /// ``BurgeeClient/providerEvents()``.
    public enum ProviderEvent: Sendable, Equatable {
        /// `PROVIDER_READY`: definitions were loaded, or the source recovered after being stale or
        /// failing.
        case ready
        /// `PROVIDER_STALE`: the source failed after delivering definitions; the last good ones are served.
        case stale(message: String?)
        /// `PROVIDER_ERROR`: the source failed before any definitions arrived, or none arrived within
        /// the ready timeout; `errorCode` is `PROVIDER_FATAL` when the source was refused and stopped.
        case error(errorCode: String?, message: String?)
        /// `PROVIDER_CONFIGURATION_CHANGED`: new definitions changed these flags (OpenFeature's `flagsChanged`).
        case configurationChanged(flagsChanged: [String])

        /// OpenFeature's name for the event: `PROVIDER_READY`, `PROVIDER_STALE`, `PROVIDER_ERROR` or
        /// `PROVIDER_CONFIGURATION_CHANGED`.
        public var name: String {
            switch self {
            case .ready: "PROVIDER_READY"
            case .stale: "PROVIDER_STALE"
            case .error: "PROVIDER_ERROR"
            case .configurationChanged: "PROVIDER_CONFIGURATION_CHANGED"
            }
        }
    }
}
