/// The state of the client's data source.
public struct DataSourceStatus: Sendable, Equatable, CustomStringConvertible {
    /// The states.
    public enum State: String, Sendable, Hashable, CaseIterable {
        /// No definitions received from the source yet (failures so far are in ``DataSourceStatus/lastError``).
        case initializing
        /// The last attempt succeeded.
        case valid
        /// The source had delivered definitions, then failed; the last good definitions are served.
        case interrupted
        /// The source was refused (401/403) and stopped.
        case unauthorized
        /// The source is stopped, or the client is offline or closed.
        case off
    }

    /// The state.
    public var state: State
    /// When the state began.
    public var since: ContinuousClock.Instant
    /// The most recent failure, kept across later states.
    public var lastError: DataSourceError?

    /// A status.
    public init(state: State, since: ContinuousClock.Instant, lastError: DataSourceError? = nil) {
        self.state = state
        self.since = since
        self.lastError = lastError
    }

    /// The state, and the last error when there is one.
    public var description: String {
        lastError.map { "\(state.rawValue) (last error: \($0))" } ?? state.rawValue
    }
}

/// A failure of a data source.
public struct DataSourceError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The kinds.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// The payload could not be read as definitions (invalid JSON, wrong format version…).
        case invalidData
        /// A file could not be read.
        case readFailed
        /// The network failed (connection, timeout).
        case network
        /// The server answered with an unexpected HTTP status.
        case httpStatus
        /// The server refused the SDK key.
        case unauthorized
        /// A body or stream event was larger than the configured limit and was refused.
        case tooLarge
    }

    /// The kind.
    public var kind: Kind
    /// A description for people (never holds the SDK key).
    public var message: String
    /// The HTTP status, for HTTP failures.
    public var statusCode: Int?
    /// When it happened.
    public var time: ContinuousClock.Instant

    /// An error.
    public init(kind: Kind, message: String, statusCode: Int? = nil, time: ContinuousClock.Instant = .now) {
        self.kind = kind
        self.message = message
        self.statusCode = statusCode
        self.time = time
    }

    /// `kind: message`.
    public var description: String { "\(kind.rawValue): \(message)" }
}
