import Burgee
import BurgeeCore

/// LaunchDarkly's calls on a `BurgeeClient`, in LaunchDarkly's words: `client.launchDarkly.allFlagsState(…)`
/// is LaunchDarkly's server SDKs' `client.allFlagsState(context, options…)`, and
/// `client.launchDarkly.bootstrapJSON(…)` its JSON, what LaunchDarkly's JavaScript SDK takes as
/// `bootstrap`. Flag evaluations themselves are the client's own calls, which LaunchDarkly's
/// SDKs share: `boolVariation`, `variationDetail`, `track`, ….
///
/// A view holds only its caller, a `BurgeeClient` or a `BoundClient` (whose calls take no
/// context): taking one costs nothing.
public struct LaunchDarklyView<Caller: Sendable>: Sendable {
    /// The client, or bound client, the calls go to.
    let caller: Caller
}

extension LaunchDarklyView where Caller == BurgeeClient {
    /// The client the calls go to.
    var client: BurgeeClient { caller }

    /// Every flag's state for `context` in LaunchDarkly's bootstrap shape (LaunchDarkly's server
    /// SDKs' `allFlagsState(context, options…)`), for LaunchDarkly and native flags alike.
    /// Records no events: the front-end code it is handed to reports what it shows.
    ///
    /// ```swift
    /// let bootstrap = client.launchDarkly.allFlagsState(context: context, clientSideOnly: true).jsonText
    /// // <script>const client = LDClient.initialize(clientSideID, context, { bootstrap: \(bootstrap) })</script>
    /// ```
    ///
    /// Without definitions, or for an invalid context, the state is `{"$valid":false,"$flagsState":{}}`.
    /// - Parameters:
    ///   - withReasons: include every flag's reason (`WithReasons`).
    ///   - detailsOnlyForTrackedFlags: leave out `version` and `reason` of flags whose evaluations
    ///     send no events (`DetailsOnlyForTrackedFlags`): neither `trackEvents`, `trackReason` nor a
    ///     `debugEventsUntilDate` in the future.
    ///   - clientSideOnly: only LaunchDarkly flags available to client-side SDKs using the
    ///     environment ID (`ClientSideOnly`); flags of other formats have no such restriction.
    ///   - flagSets: only flags in at least one of these sets; `nil` for all.
    public func allFlagsState(context: Context, withReasons: Bool = false, detailsOnlyForTrackedFlags: Bool = false,
                              clientSideOnly: Bool = false, flagSets: Set<String>? = nil)
        -> LaunchDarklyFlagsState
    {
        allFlagsState(context: context, options: LaunchDarklyFlagsState.Options(withReasons: withReasons, detailsOnlyForTrackedFlags: detailsOnlyForTrackedFlags,
                                                        clientSideOnly: clientSideOnly, flagSets: flagSets))
    }

    package func allFlagsState(context: Context, options: LaunchDarklyFlagsState.Options) -> LaunchDarklyFlagsState {
        client.cell.readCountingMany { state, tally in
            guard let snapshot = state.snapshot, context.isValid else {
                return LaunchDarklyFlagsState(valid: false, flags: [:])
            }
            let keys = options.flagSets.map { sets in Set(sets.flatMap { state.flagsBySet[$0] ?? [] }).sorted() }
                ?? snapshot.flagKeys
            let now = client.clock.wallMilliseconds()
            var flags: [String: LaunchDarklyFlagsState.FlagState] = [:]
            flags.reserveCapacity(keys.count)
            for key in keys {
                guard let position = snapshot.position(ofFlag: key) else { continue }
                if options.clientSideOnly, !snapshot.offersLaunchDarklyClient(.javaScript, at: position) { continue }
                let v = client.variation(in: state, key, context, track: nil)
                tally.count(slot: ClientMetrics.slot(v.reason.kind))
                let evaluated = snapshot.launchDarklyClientFlag(at: position, context: context, value: v.value, variation: v.index, reason: v.reason)
                var flag = LaunchDarklyFlagsState.FlagState(
                    value: evaluated.value, variation: evaluated.variation, version: evaluated.version,
                    reason: evaluated.includesReason(withReasons: options.withReasons) ? evaluated.reason : nil,
                    trackEvents: evaluated.trackEvents, trackReason: evaluated.trackReason,
                    debugEventsUntilDate: evaluated.debugEventsUntilDate, prerequisites: evaluated.prerequisites)
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

    /// ``allFlagsState(context:withReasons:detailsOnlyForTrackedFlags:clientSideOnly:flagSets:)``
    /// as the JSON text that bootstraps LaunchDarkly's JavaScript SDK (what LaunchDarkly's server
    /// SDKs serialise `allFlagsState` into).
    public func bootstrapJSON(context: Context, withReasons: Bool = false, detailsOnlyForTrackedFlags: Bool = false,
                              clientSideOnly: Bool = false, flagSets: Set<String>? = nil) -> String {
        allFlagsState(context: context, options: LaunchDarklyFlagsState.Options(withReasons: withReasons, detailsOnlyForTrackedFlags: detailsOnlyForTrackedFlags,
                                                        clientSideOnly: clientSideOnly, flagSets: flagSets)).jsonText
    }

    package func bootstrapJSON(context: Context, options: LaunchDarklyFlagsState.Options) -> String {
        allFlagsState(context: context, options: options).jsonText
    }
}

extension LaunchDarklyView where Caller == BurgeeClient {
    /// Records a custom event as LaunchDarkly's server SDKs' `track(eventKey, context, data,
    /// metricValue)` does: any key, `data` of any JSON type (`nil`: none), a metric value for
    /// LaunchDarkly's numeric metrics. Sent to LaunchDarkly as a `custom` event.
    /// - Returns: whether the event was queued (`false` for an invalid context, data of more than
    ///   32 KiB or a number that is not finite, without events, or with the queue full).
    @discardableResult
    public func track(_ eventKey: String, context: Context, data: JSONValue? = nil, metricValue: Double? = nil) -> Bool {
        client.track(eventKey, context: context, value: metricValue, data: data.flatMap { $0.isNull ? nil : $0 })
    }
}

extension LaunchDarklyView where Caller == BurgeeClient {
    /// The secure mode hash of `context`, LaunchDarkly's server SDKs' `secureModeHash(context)`:
    /// HMAC-SHA256 of its fully qualified key under the client's SDK key, in lowercase hex. A web
    /// page hands it to LaunchDarkly's JavaScript SDK (`hash`) where the environment (or
    /// `burgee serve --secure-mode`) requires it.
    ///
    /// ```swift
    /// let hash = client.launchDarkly.secureModeHash(context: context)  // "a1b2…"
    /// ```
    /// - Returns: `nil` without an SDK key, or for an invalid context.
    public func secureModeHash(context: Context) -> String? {
        guard let key = client.configuration.sdkKey, context.isValid else { return nil }
        return LaunchDarklySecureMode.hash(of: context, sdkKey: key)
    }
}

extension LaunchDarklyView where Caller == BoundClient {
    // A bound client's calls, for its own context: `bound.launchDarkly.allFlagsState()`.
    /// See ``LaunchDarklyView/allFlagsState(context:withReasons:detailsOnlyForTrackedFlags:clientSideOnly:flagSets:)``.
    public func allFlagsState(withReasons: Bool = false, detailsOnlyForTrackedFlags: Bool = false,
                              clientSideOnly: Bool = false, flagSets: Set<String>? = nil) -> LaunchDarklyFlagsState {
        caller.client.launchDarkly.allFlagsState(context: caller.context, withReasons: withReasons,
            detailsOnlyForTrackedFlags: detailsOnlyForTrackedFlags, clientSideOnly: clientSideOnly, flagSets: flagSets)
    }

    /// See ``LaunchDarklyView/secureModeHash(context:)``.
    public func secureModeHash() -> String? {
        caller.client.launchDarkly.secureModeHash(context: caller.context)
    }

    /// See ``LaunchDarklyView/bootstrapJSON(context:withReasons:detailsOnlyForTrackedFlags:clientSideOnly:flagSets:)``.
    public func bootstrapJSON(withReasons: Bool = false, detailsOnlyForTrackedFlags: Bool = false,
                              clientSideOnly: Bool = false, flagSets: Set<String>? = nil) -> String {
        caller.client.launchDarkly.bootstrapJSON(context: caller.context, withReasons: withReasons,
            detailsOnlyForTrackedFlags: detailsOnlyForTrackedFlags, clientSideOnly: clientSideOnly, flagSets: flagSets)
    }
}

extension BurgeeClient {
    /// LaunchDarkly's calls: `allFlagsState` in LaunchDarkly's shape and its bootstrap JSON.
    public var launchDarkly: LaunchDarklyView<BurgeeClient> { LaunchDarklyView(caller: self) }
}

extension BoundClient {
    /// LaunchDarkly's calls for this bound client's context.
    public var launchDarkly: LaunchDarklyView<BoundClient> { LaunchDarklyView(caller: self) }
}
