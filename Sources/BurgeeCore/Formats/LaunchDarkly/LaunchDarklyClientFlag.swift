/// One flag evaluated for a client-side SDK, as LaunchDarkly's services hand it over: in a server
/// SDK's `allFlagsState` (a bootstrap), and in the client-side and mobile endpoints (`evalx`,
/// their streams). For any format's flags: the event settings are LaunchDarkly's reading of
/// the flag's.
package struct LaunchDarklyClientFlag: Sendable, Equatable {
    /// The served value; `null` when no variation was served.
    package var value: JSONValue
    /// The served variation's index.
    package var variation: Int?
    /// The flag's version.
    package var version: Int64
    /// Why.
    package var reason: EvaluationReason
    /// Whether the client sends a full event for each evaluation: the flag's `trackEvents`, or an experiment.
    package var trackEvents: Bool
    /// Whether those events carry the reason: the evaluation is an experiment.
    package var trackReason: Bool
    /// Until when (Unix milliseconds) debug events are asked for; `nil` when not set.
    package var debugEventsUntilDate: Int64?
    /// The flag's direct prerequisites that the evaluation evaluated, in order.
    package var prerequisites: [String]

    /// Whether the reason goes with the flag: asked for, or an experiment's (its events need it).
    package func includesReason(withReasons: Bool) -> Bool { withReasons || trackReason }
}

extension Snapshot {
    /// The flag at `position` as a client-side SDK receives it, from an evaluation for `context`
    /// that served `value` (variation `variation`) for `reason`: `trackEvents`, `trackReason` and
    /// the prerequisites as go-server-sdk's `AllFlagsState` and LaunchDarkly's Relay Proxy derive
    /// them. The prerequisites are the direct ones LaunchDarkly's evaluator reports
    /// (``forEachPrerequisiteEvaluation(at:context:_:)``): found, evaluated, in order, the first
    /// that fails the last, none past a cycle.
    package func launchDarklyClientFlag(at position: FlagPosition, context: Context, value: JSONValue, variation: Int?,
                                        reason: EvaluationReason) -> LaunchDarklyClientFlag {
        var prerequisites: [String] = []
        if evaluatesPrerequisites(at: position) {
            forEachPrerequisiteEvaluation(at: position, context: context) { prerequisite, _, dependant in
                if dependant == position { prerequisites.append(flagKey(at: prerequisite)) }
            }
        }
        let info = info(at: position)
        let experiment = isLaunchDarklyExperiment(at: position, reason)
        return LaunchDarklyClientFlag(
            value: value, variation: variation, version: info.version, reason: reason,
            trackEvents: info.trackEvents || experiment, trackReason: experiment,
            debugEventsUntilDate: info.debugEventsUntilDate.flatMap { $0 > 0 ? $0 : nil },
            prerequisites: prerequisites)
    }

    /// Whether the flag at `position` is offered to a client-side SDK of `kind`
    /// (`clientSideAvailability`); flags of formats without the notion are offered to every one.
    package func offersLaunchDarklyClient(_ kind: LaunchDarklyClientKind, at position: FlagPosition) -> Bool {
        guard let availability = info(at: position).clientSideAvailability else { return true }
        switch kind {
        case .mobile: return availability.usingMobileKey
        case .javaScript: return availability.usingEnvironmentId
        }
    }
}

/// LaunchDarkly's two kinds of client-side SDK, which see different flags.
package enum LaunchDarklyClientKind: Sendable, Hashable {
    /// Mobile SDKs, which authenticate with a mobile key.
    case mobile
    /// JavaScript SDKs, which name the environment by its client-side ID.
    case javaScript
}
