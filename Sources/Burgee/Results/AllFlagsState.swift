import BurgeeCore

/// Every flag's value for one context, in a form a server hands to front-end code to bootstrap it.
///
/// Encodes as `{"valid": true, "flags": {"<key>": {"value": …, "variationKey": …,
/// "variationIndex": …, "version": …, "reason": {…}, "trackEvents": …}}}`; `reason` only when
/// asked for, absent members are omitted.
public struct AllFlagsState: Sendable, Codable, Equatable {
    /// One flag's state.
    public struct FlagState: Sendable, Codable, Equatable {
        /// The served value (`null` when no variation was served and no fallback applies).
        public var value: JSONValue
        /// The served variation's key.
        public var variationKey: String?
        /// The served variation's index.
        public var variationIndex: Int?
        /// The flag's version.
        public var version: Int64
        /// Why, when the state was built with reasons.
        public var reason: EvaluationReason?
        /// Whether the flag asks for an exposure event on every evaluation.
        public var trackEvents: Bool

        /// A flag state.
        public init(value: JSONValue, variationKey: String?, variationIndex: Int?, version: Int64,
                    reason: EvaluationReason?, trackEvents: Bool) {
            self.value = value
            self.variationKey = variationKey
            self.variationIndex = variationIndex
            self.version = version
            self.reason = reason
            self.trackEvents = trackEvents
        }
    }

    /// What to include.
    package struct Options: Sendable, Hashable {
        /// Include each flag's reason.
        package var withReasons: Bool
        /// Only flags in at least one of these sets; `nil` for all.
        package var flagSets: Set<String>?

        /// Options.
        package init(withReasons: Bool = false, flagSets: Set<String>? = nil) {
            self.withReasons = withReasons
            self.flagSets = flagSets
        }
    }

    /// `false` when the client was not ready or the context is invalid; then ``flags`` is empty.
    public var valid: Bool
    /// The flags by key.
    public var flags: [String: FlagState]

    /// A state.
    public init(valid: Bool, flags: [String: FlagState]) {
        self.valid = valid
        self.flags = flags
    }

    /// One flag's value.
    public func value(_ key: String) -> JSONValue? { flags[key]?.value }
}
