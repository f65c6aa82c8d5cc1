import BurgeeCore

extension BurgeeClient {
    // MARK: Variation objects

    /// The variation the flag serves `context`: key, index, value, variables and reason. When it
    /// cannot be evaluated or serves none, a configured fallback's value and variables, else `null`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variation(_ key: String, context: Context, track: Bool = true) -> Variation {
        cell.readCounting { state in
            let v = variation(in: state, key, context, track: track)
            return (v, ClientMetrics.slot(v.reason.kind))
        }
    }

    /// One variable of the variation the flag serves `context` (Kameleoon's `getFeatureVariable`),
    /// else `defaultValue`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variable<T: FlagValue>(_ name: String, of flagKey: String, context: Context, default defaultValue: T,
                                       track: Bool = true) -> T {
        variation(flagKey, context: context, track: track).variable(name, as: T.self) ?? defaultValue
    }

    // MARK: Many flags

    /// The variations of every known flag for `context`, by key.
    /// Each evaluation records its exposure as a single one would.
    /// - Parameters:
    ///   - onlyEnabled: keep only flags that are on: a boolean flag serving `true`, another flag
    ///     serving a variation by targeting (not `OFF`, `PREREQUISITE_FAILED` or `ERROR`), a flag
    ///     that cannot be evaluated whose boolean fallback is `true` (`UnleashView/isEnabled(_:context:track:)`'s answer).
    ///   - track: `false` records no exposure events for this call (they still count in the summary).
    public func variations(context: Context, onlyEnabled: Bool = false, track: Bool = true) -> [String: Variation] {
        cell.readCountingMany { state, tally in
            variations(in: state, state.snapshot?.flagKeys ?? [], context, onlyEnabled: onlyEnabled, track: track, &tally)
        }
    }

    /// The variations of the given flags for `context`, by key (unknown keys get an error variation).
    /// - Parameter track: `false` records no exposure events for this call (they still count in the summary).
    public func variations(_ keys: [String], context: Context, track: Bool = true) -> [String: Variation] {
        cell.readCountingMany { state, tally in
            variations(in: state, keys, context, onlyEnabled: false, track: track, &tally)
        }
    }

    /// The variations of the flags in any of `flagSets` for `context`, by key (Split's
    /// `getTreatmentsByFlagSets`).
    /// - Parameter track: `false` records no exposure events for this call (they still count in the summary).
    public func variations(inFlagSets flagSets: Set<String>, context: Context, track: Bool = true) -> [String: Variation] {
        cell.readCountingMany { state, tally in
            variations(in: state, Self.keys(in: state, flagSets), context, onlyEnabled: false, track: track, &tally)
        }
    }

    /// Every flag's value for `context`, to hand to front-end code. Records no events: the code it
    /// is handed to reports what it shows.
    /// - Parameters:
    ///   - withReasons: include each flag's reason.
    ///   - flagSets: only flags in at least one of these sets; `nil` for all.
    public func allFlagsState(context: Context, withReasons: Bool = false, flagSets: Set<String>? = nil) -> AllFlagsState {
        allFlagsState(context: context, options: AllFlagsState.Options(withReasons: withReasons, flagSets: flagSets))
    }

    package func allFlagsState(context: Context, options: AllFlagsState.Options) -> AllFlagsState {
        cell.readCountingMany { state, tally in
            guard let snapshot = state.snapshot, context.isValid else {
                return AllFlagsState(valid: false, flags: [:])
            }
            let keys = options.flagSets.map { Self.keys(in: state, $0) } ?? snapshot.flagKeys
            var flags: [String: AllFlagsState.FlagState] = [:]
            flags.reserveCapacity(keys.count)
            for key in keys {
                let v = variation(in: state, key, context, track: nil)
                tally.count(slot: ClientMetrics.slot(v.reason.kind))
                let info = snapshot.position(ofFlag: key).map(snapshot.info(at:))
                flags[key] = AllFlagsState.FlagState(
                    value: v.value, variationKey: v.key, variationIndex: v.index, version: info?.version ?? 0,
                    reason: options.withReasons ? v.reason : nil, trackEvents: info?.trackEvents ?? false)
            }
            return AllFlagsState(valid: true, flags: flags)
        }
    }

    // MARK: Flags known

    /// The keys of the known flags, sorted; only those in `flagSet` when given.
    public func flagKeys(inFlagSet flagSet: String? = nil) -> [String] {
        cell.read { state in
            guard let flagSet else { return state.snapshot?.flagKeys ?? [] }
            return state.flagsBySet[flagSet] ?? []
        }
    }

    /// The flag sets the known flags belong to, sorted.
    public var flagSets: [String] {
        cell.read { $0.flagsBySet.keys.sorted() }
    }

    // MARK: Helpers

    /// - Parameter track: whether to record an exposure; `nil` records no event at all.
    package func variation(in state: ClientState, _ key: String, _ context: Context, track: Bool?) -> Variation {
        let detail = track.map { evaluate(state, key, context, as: .json, track: $0) }
            ?? Self.evaluateUnrecorded(state, key, context, as: .json)
        if let index = detail.variationIndex, let snapshot = state.snapshot {
            return Variation(flagKey: key, key: detail.variationKey, index: index, value: detail.value,
                             variables: snapshot.variables(ofFlag: key, variation: index), reason: detail.reason)
        }
        if let (fallback, source) = fallbacks.resolve(key, as: .json) {
            return Variation(flagKey: key, key: nil, index: nil, value: fallback.value, variables: fallback.variables,
                             reason: detail.reason, fallback: source)
        }
        return Variation(flagKey: key, key: nil, index: nil, value: .null, variables: [:], reason: detail.reason)
    }

    /// Whether `key` is on for `context`: `UnleashView/isEnabled(_:context:track:)`'s answer,
    /// read from the outcome (no detail is built). Counted and recorded like every evaluation.
    package func isEnabled(_ key: String, context: Context, track: Bool) -> Bool {
        cell.readCounting { state in
            withOutcome(state, key, context, as: .json, track: track) { outcome, snapshot in
                (isEnabled(key, outcome.kind, snapshot?.value(of: outcome)), ClientMetrics.slot(outcome.kind))
            }
        }
    }

    /// Whether an evaluation of `kind` that served `served` (`nil`: the default) turns the flag on:
    /// a boolean says so, any other variation served by the flag's logic is on.
    @inline(__always)
    private func isEnabled(_ key: String, _ kind: EvaluationReason.Kind, _ served: JSONValue?) -> Bool {
        if let served {
            if case .bool(let on) = served { return on }
            switch kind {
            case .targetMatch, .ruleMatch, .fallthrough: return true
            case .off, .prerequisiteFailed, .error: return false
            }
        }
        if let (fallback, _) = fallbacks.resolve(key, as: .boolean), case .bool(let on) = fallback.value { return on }
        return false
    }

    private func variations(in state: ClientState, _ keys: [String], _ context: Context, onlyEnabled: Bool,
                            track: Bool, _ tally: inout EvaluationTally) -> [String: Variation] {
        var result: [String: Variation] = [:]
        result.reserveCapacity(keys.count)
        for key in keys {
            let v = variation(in: state, key, context, track: track)
            tally.count(slot: ClientMetrics.slot(v.reason.kind))
            if onlyEnabled {
                guard isEnabled(key, v.reason.kind, v.index == nil ? JSONValue?.none : v.value) else { continue }
            }
            result[key] = v
        }
        return result
    }

    /// Visible flags in any of `sets`, sorted.
    /// The keys of the flags in any of `flagSets`, sorted (none before the first definitions).
    package func flagKeys(inFlagSets flagSets: Set<String>) -> [String] {
        cell.read { Self.keys(in: $0, flagSets) }
    }

    private static func keys(in state: ClientState, _ sets: Set<String>) -> [String] {
        Set(sets.flatMap { state.flagsBySet[$0] ?? [] }).sorted()
    }

    // MARK: Bound clients

    /// This client bound to one context, for code that evaluates one identity; `hooks` run
    /// around its typed evaluations after the client's (see ``Hook``).
    public func bound(to context: Context, hooks: [any Hook] = []) -> BoundClient {
        BoundClient(client: self, context: context, hooks: hooks)
    }
}
