extension BurgeeClient {
    /// The client's state in OpenFeature's terms (a provider's status).
    public enum ProviderStatus: String, Sendable, Hashable, CaseIterable {
        /// No definitions yet, and no failure so far.
        case notReady = "NOT_READY"
        /// Definitions are loaded and the source is not known to be failing.
        case ready = "READY"
        /// Definitions are loaded, but the source failed since (``DataSourceStatus/State/interrupted``):
        /// the last good ones are served.
        case stale = "STALE"
        /// No definitions yet, and the source failed.
        case error = "ERROR"
        /// The source was refused (``DataSourceStatus/State/unauthorized``) and stopped: it cannot recover.
        case fatal = "FATAL"

        /// The status of a client that is ready or not, whose data source has `status`.
        public init(isReady: Bool, dataSource status: DataSourceStatus) {
            switch (isReady, status.state) {
            case (_, .unauthorized): self = .fatal
            case (true, .interrupted): self = .stale
            case (true, _): self = .ready
            case (false, _): self = status.lastError == nil ? .notReady : .error
            }
        }
    }
}
