/// Turns the client's events into OpenFeature provider events, remembering the status they
/// imply so that a return to a valid source is one `PROVIDER_READY`, not one per status change.
struct ProviderEventMapping {
    private(set) var status: BurgeeClient.ProviderStatus

    init(status: BurgeeClient.ProviderStatus) {
        self.status = status
    }

    /// The provider event `event` means, if any.
    mutating func map(_ event: ClientEvent) -> BurgeeClient.ProviderEvent? {
        switch event {
        case .ready:
            status = .ready
            return .ready
        case .readyTimedOut(let timeout):
            guard status == .notReady || status == .error else { return nil }
            status = .error
            return .error(errorCode: "PROVIDER_NOT_READY", message: "no definitions within \(timeout)")
        case .updated(let update):
            return .configurationChanged(flagsChanged: update.changedFlags)
        case .statusChanged(let s):
            switch s.state {
            case .interrupted:
                guard status != .stale else { return nil }
                status = .stale
                return .stale(message: s.lastError?.message)
            case .unauthorized:
                guard status != .fatal else { return nil }
                status = .fatal
                return .error(errorCode: "PROVIDER_FATAL", message: s.lastError?.message)
            case .valid:
                // Recovered from stale; before the first definitions, `.ready` itself says so.
                guard status == .stale else { return nil }
                status = .ready
                return .ready
            case .initializing:
                guard status == .notReady || status == .error, let error = s.lastError else { return nil }
                status = .error
                return .error(errorCode: nil, message: error.message)
            case .off:
                return nil
            }
        }
    }
}
