import BurgeeCore
import Logging

/// The data source's status, and its changes as events.
final class StatusTracker: Sendable {
    private let status: Locked<DataSourceStatus>
    private let events: EventBroadcaster<ClientEvent>
    private let logger: Logger

    init(events: EventBroadcaster<ClientEvent>, logger: Logger) {
        self.status = Locked(DataSourceStatus(state: .initializing, since: .now))
        self.events = events
        self.logger = logger
    }

    var current: DataSourceStatus { status.withLock { $0 } }

    /// Moves to `state`; an error, when given, becomes the last error.
    func set(_ state: DataSourceStatus.State, error: DataSourceError? = nil) {
        update { s in
            if s.state != state { s = DataSourceStatus(state: state, since: .now, lastError: s.lastError) }
            if let error { s.lastError = error }
        }
    }

    /// Records a failure: interrupted once the source has been valid, else still initializing.
    /// Unauthorized and off stay as they are.
    func fail(_ error: DataSourceError) {
        update { s in
            switch s.state {
            case .valid: s = DataSourceStatus(state: .interrupted, since: .now, lastError: error)
            case .initializing, .interrupted, .unauthorized, .off: s.lastError = error
            }
        }
    }

    private func update(_ change: (inout DataSourceStatus) -> Void) {
        status.withLock { s in
            let before = s
            change(&s)
            guard s != before else { return }
            if s.state != before.state {
                logger.debug("data source status", metadata: ["status": "\(s)"])
            }
            // Under the lock, so that status events arrive in the order the states were taken.
            events.yield(.statusChanged(s))
        }
    }
}
