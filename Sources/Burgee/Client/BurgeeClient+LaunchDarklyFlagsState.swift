import BurgeeCore

extension BurgeeClient {
    /// Every flag's state for `context` in LaunchDarkly's bootstrap shape (LaunchDarkly's server
    /// SDKs' `allFlagsState`), for LaunchDarkly and native flags alike. Records no events: the
    /// front-end code it is handed to reports what it shows.
    ///
    /// ```swift
    /// let bootstrap = client.launchDarklyFlagsState(context: context, options: .init(clientSideOnly: true)).jsonText
    /// // <script>const client = LDClient.initialize(clientSideID, context, { bootstrap: \(bootstrap) })</script>
    /// ```
    ///
    /// Without definitions, or for an invalid context, the state is `{"$valid":false,"$flagsState":{}}`.
    public func launchDarklyFlagsState(context: Context, options: LaunchDarklyFlagsState.Options = .init())
        -> LaunchDarklyFlagsState
    {
        cell.readCountingMany { state, tally in
            guard let snapshot = state.snapshot, context.isValid else {
                return LaunchDarklyFlagsState(valid: false, flags: [:])
            }
            let keys = options.flagSets.map { sets in Set(sets.flatMap { state.flagsBySet[$0] ?? [] }).sorted() }
                ?? snapshot.flagKeys
            let now = EventClock.wallMilliseconds()
            var flags: [String: LaunchDarklyFlagsState.FlagState] = [:]
            flags.reserveCapacity(keys.count)
            for key in keys {
                guard let position = snapshot.position(ofFlag: key) else { continue }
                let info = snapshot.info(at: position)
                if options.clientSideOnly, let availability = info.clientSideAvailability, !availability.usingEnvironmentId {
                    continue
                }
                let v = variation(in: state, key, context, track: nil)
                tally.count(slot: ClientMetrics.slot(v.reason.kind))
                let experiment = snapshot.isLaunchDarklyExperiment(at: position, v.reason)
                var flag = LaunchDarklyFlagsState.FlagState(
                    value: v.value, variation: v.index, version: info.version,
                    reason: options.withReasons || experiment ? v.reason : nil,
                    trackEvents: info.trackEvents || experiment, trackReason: experiment,
                    debugEventsUntilDate: info.debugEventsUntilDate.flatMap { $0 > 0 ? $0 : nil },
                    prerequisites: snapshot.evaluatedPrerequisites(at: position, v.reason))
                if options.detailsOnlyForTrackedFlags, !flag.trackEvents, !flag.trackReason,
                   !(flag.debugEventsUntilDate.map { $0 > now } ?? false) {
                    flag.version = nil
                    flag.reason = nil
                }
                flags[key] = flag
            }
            return LaunchDarklyFlagsState(valid: true, flags: flags)
        }
    }

    /// ``launchDarklyFlagsState(context:options:)`` as the JSON text that bootstraps LaunchDarkly's
    /// JavaScript SDK.
    public func launchDarklyBootstrapJSON(context: Context, options: LaunchDarklyFlagsState.Options = .init()) -> String {
        launchDarklyFlagsState(context: context, options: options).jsonText
    }
}
