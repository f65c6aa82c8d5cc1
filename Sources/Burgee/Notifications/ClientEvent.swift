import BurgeeCore

/// Something that happened to the client: readiness, updates, status changes.
public enum ClientEvent: Sendable, Equatable {
    /// Definitions were loaded for the first time. ``DefinitionsOrigin/cache`` and
    /// ``DefinitionsOrigin/bootstrap`` mean ready before the source answered (Split's
    /// `SDK_READY_FROM_CACHE`); the source's first answer then shows as a status change to `valid`.
    case ready(DefinitionsOrigin)
    /// No definitions arrived within the configured ready timeout. Evaluations keep serving
    /// fallbacks and defaults with `CLIENT_NOT_READY` until they do.
    case readyTimedOut(Duration)
    /// New definitions replaced the old ones and some flag or segment changed.
    case updated(DefinitionsUpdate)
    /// The data source's status changed.
    case statusChanged(DataSourceStatus)

    /// For `.ready`: whether the definitions came from the cache or the bootstrap document.
    public var isReadyFromCache: Bool {
        if case .ready(let origin) = self { return origin != .dataSource }
        return false
    }
}

/// A flag's value for one observed context changed.
public struct FlagValueChange: Sendable, Equatable {
    /// The flag.
    public var flagKey: String
    /// The value before the update.
    public var oldValue: JSONValue
    /// The value after the update.
    public var newValue: JSONValue
    /// Why the new value is served.
    public var reason: EvaluationReason

    /// A change.
    public init(flagKey: String, oldValue: JSONValue, newValue: JSONValue, reason: EvaluationReason) {
        self.flagKey = flagKey
        self.oldValue = oldValue
        self.newValue = newValue
        self.reason = reason
    }
}

extension ClientEvent {
    /// What an update changed, found by comparing the old and new definitions.
    public struct DefinitionsUpdate: Sendable, Equatable {
        /// The new document's version.
        public var version: Int64
        /// Where the new definitions came from.
        public var origin: DefinitionsOrigin
        /// The flags whose evaluation could have changed for some context, sorted: flags added,
        /// removed or changed, and flags depending on those through prerequisites or on a changed
        /// segment.
        public var changedFlags: [String]
        /// The segments added, removed or changed, sorted.
        public var changedSegments: [String]

        /// An update.
        public init(version: Int64, origin: DefinitionsOrigin, changedFlags: [String], changedSegments: [String]) {
            self.version = version
            self.origin = origin
            self.changedFlags = changedFlags
            self.changedSegments = changedSegments
        }

        /// Whether any segment changed.
        public var segmentsChanged: Bool { !changedSegments.isEmpty }
    }
}
