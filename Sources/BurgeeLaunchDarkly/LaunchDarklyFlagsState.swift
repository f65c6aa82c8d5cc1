import Burgee
import BurgeeCore

/// Every flag's state for one context in LaunchDarkly's bootstrap shape: what LaunchDarkly's
/// server SDKs' `allFlagsState` returns, serialized for bootstrapping LaunchDarkly's JavaScript
/// SDK from a Swift server. For LaunchDarkly and native flags alike.
///
/// ```json
/// {"$valid": true,
///  "new-checkout": true,
///  "$flagsState": {"new-checkout": {"variation": 1, "version": 7, "reason": {"kind": "FALLTHROUGH"},
///                                   "trackEvents": true, "trackReason": true,
///                                   "debugEventsUntilDate": 1700000000000, "prerequisites": ["base"]}}}
/// ```
///
/// Members are left out when they do not apply, as LaunchDarkly's SDKs leave them out:
/// `variation` when no variation was served; `reason` unless `withReasons` or the
/// evaluation is an experiment (`trackReason`); `trackEvents`, `trackReason` unless true;
/// `debugEventsUntilDate` unless set; `prerequisites` when none was evaluated; and with
/// `detailsOnlyForTrackedFlags`, `version` and `reason` of flags that send no events.
public struct LaunchDarklyFlagsState: Sendable, Equatable {
    /// What to include, as the options of LaunchDarkly's `allFlagsState`.
    package struct Options: Sendable, Hashable {
        /// Include every flag's reason (`WithReasons`).
        package var withReasons: Bool
        /// Leave out `version` and `reason` of flags whose evaluations send no events
        /// (`DetailsOnlyForTrackedFlags`): neither `trackEvents`, `trackReason` nor a
        /// `debugEventsUntilDate` in the future.
        package var detailsOnlyForTrackedFlags: Bool
        /// Only LaunchDarkly flags available to client-side SDKs using the environment ID
        /// (`ClientSideOnly`); flags of other formats have no such restriction and are included.
        package var clientSideOnly: Bool
        /// Only flags in at least one of these sets; `nil` for all.
        package var flagSets: Set<String>?

        /// Options.
        package init(withReasons: Bool = false, detailsOnlyForTrackedFlags: Bool = false, clientSideOnly: Bool = false,
                    flagSets: Set<String>? = nil) {
            self.withReasons = withReasons
            self.detailsOnlyForTrackedFlags = detailsOnlyForTrackedFlags
            self.clientSideOnly = clientSideOnly
            self.flagSets = flagSets
        }
    }

    /// One flag's state.
    public struct FlagState: Sendable, Equatable {
        /// The served value; `null` when no variation was served (or the configured fallback's value).
        public var value: JSONValue
        /// The served variation's index.
        public var variation: Int?
        /// The flag's version; `nil` when details are left out.
        public var version: Int64?
        /// Why, when included.
        public var reason: EvaluationReason?
        /// Whether evaluations send full events: the flag's `trackEvents`, or an experiment.
        public var trackEvents: Bool
        /// Whether those events carry the reason: the evaluation is an experiment.
        public var trackReason: Bool
        /// Until when (Unix milliseconds) debug events are asked for.
        public var debugEventsUntilDate: Int64?
        /// The direct prerequisites evaluated, in order.
        public var prerequisites: [String]

        /// A flag state.
        public init(value: JSONValue, variation: Int?, version: Int64?, reason: EvaluationReason?, trackEvents: Bool,
                    trackReason: Bool, debugEventsUntilDate: Int64?, prerequisites: [String]) {
            self.value = value
            self.variation = variation
            self.version = version
            self.reason = reason
            self.trackEvents = trackEvents
            self.trackReason = trackReason
            self.debugEventsUntilDate = debugEventsUntilDate
            self.prerequisites = prerequisites
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

    /// The bootstrap JSON: `$valid`, each flag's value by key, and `$flagsState`.
    public var json: JSONValue {
        var members: [String: JSONValue] = ["$valid": .bool(valid)]
        var states: [String: JSONValue] = [:]
        for (key, flag) in flags {
            members[key] = flag.value
            states[key] = flag.json
        }
        members["$flagsState"] = .object(states)
        return .object(members)
    }

    /// The bootstrap JSON as compact text: `$valid` first, then the values and `$flagsState`, flag
    /// keys in order, so that the same state always gives the same text.
    public var jsonText: String {
        var writer = JSONWriter()
        writer.beginObject()
        writer.key("$valid"); writer.bool(valid)
        let keys = flags.keys.sorted()
        for key in keys {
            writer.key(key); writer.value(flags[key]!.value)
        }
        writer.key("$flagsState")
        writer.beginObject()
        for key in keys {
            writer.key(key)
            flags[key]!.write(to: &writer)
        }
        writer.endObject()
        writer.endObject()
        return writer.output
    }
}

extension LaunchDarklyFlagsState.FlagState {
    /// The `$flagsState` entry: only the members that apply.
    public var json: JSONValue {
        var o: [String: JSONValue] = [:]
        if let variation { o["variation"] = .number(Double(variation)) }
        if let version { o["version"] = .number(Double(version)) }
        if let reason { o["reason"] = reason.json }
        if trackEvents { o["trackEvents"] = true }
        if trackReason { o["trackReason"] = true }
        if let debugEventsUntilDate { o["debugEventsUntilDate"] = .number(Double(debugEventsUntilDate)) }
        if !prerequisites.isEmpty { o["prerequisites"] = .array(prerequisites.map(JSONValue.string)) }
        return .object(o)
    }

    fileprivate func write(to writer: inout JSONWriter) {
        writer.beginObject()
        if let variation { writer.key("variation"); writer.int(variation) }
        if let version { writer.key("version"); writer.value(.number(Double(version))) }
        if let reason { writer.key("reason"); reason.write(to: &writer) }
        if trackEvents { writer.key("trackEvents"); writer.bool(true) }
        if trackReason { writer.key("trackReason"); writer.bool(true) }
        if let debugEventsUntilDate { writer.key("debugEventsUntilDate"); writer.value(.number(Double(debugEventsUntilDate))) }
        if !prerequisites.isEmpty {
            writer.key("prerequisites")
            writer.value(.array(prerequisites.map(JSONValue.string)))
        }
        writer.endObject()
    }
}
