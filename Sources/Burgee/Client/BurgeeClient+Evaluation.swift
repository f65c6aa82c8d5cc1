import BurgeeCore

extension BurgeeClient {
    // MARK: Typed getters

    /// The flag's boolean value for `context`; a configured fallback or `defaultValue` when it
    /// cannot be evaluated or is not a boolean.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func boolVariation(_ key: String, context: Context, default defaultValue: Bool, track: Bool = true) -> Bool {
        value(key, context, defaultValue, track)
    }

    /// The flag's string value for `context`, else a fallback or `defaultValue`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func stringVariation(_ key: String, context: Context, default defaultValue: String, track: Bool = true) -> String {
        value(key, context, defaultValue, track)
    }

    /// The flag's integer value for `context` (a number with an exact 64-bit integer value), else a
    /// fallback or `defaultValue`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func intVariation(_ key: String, context: Context, default defaultValue: Int, track: Bool = true) -> Int {
        value(key, context, defaultValue, track)
    }

    /// The flag's number value for `context`, else a fallback or `defaultValue`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func doubleVariation(_ key: String, context: Context, default defaultValue: Double, track: Bool = true) -> Double {
        value(key, context, defaultValue, track)
    }

    /// The flag's value of any JSON type for `context`, else a fallback or `defaultValue`.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func jsonVariation(_ key: String, context: Context, default defaultValue: JSONValue, track: Bool = true) -> JSONValue {
        value(key, context, defaultValue, track)
    }

    /// The flag's value as any ``FlagValue`` type.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variation<T: FlagValue>(_ key: String, context: Context, default defaultValue: T, track: Bool = true) -> T {
        value(key, context, defaultValue, track)
    }

    // MARK: Details

    /// ``boolVariation(_:context:default:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func boolVariationDetail(_ key: String, context: Context, default defaultValue: Bool, track: Bool = true) -> FlagDetail<Bool> {
        detail(key, context, defaultValue, track)
    }

    /// ``stringVariation(_:context:default:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func stringVariationDetail(_ key: String, context: Context, default defaultValue: String, track: Bool = true) -> FlagDetail<String> {
        detail(key, context, defaultValue, track)
    }

    /// ``intVariation(_:context:default:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func intVariationDetail(_ key: String, context: Context, default defaultValue: Int, track: Bool = true) -> FlagDetail<Int> {
        detail(key, context, defaultValue, track)
    }

    /// ``doubleVariation(_:context:default:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func doubleVariationDetail(_ key: String, context: Context, default defaultValue: Double, track: Bool = true) -> FlagDetail<Double> {
        detail(key, context, defaultValue, track)
    }

    /// ``jsonVariation(_:context:default:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func jsonVariationDetail(_ key: String, context: Context, default defaultValue: JSONValue, track: Bool = true) -> FlagDetail<JSONValue> {
        detail(key, context, defaultValue, track)
    }

    /// ``variation(_:context:default:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func variationDetail<T: FlagValue>(_ key: String, context: Context, default defaultValue: T, track: Bool = true) -> FlagDetail<T> {
        detail(key, context, defaultValue, track)
    }

    // MARK: Evaluation

    /// The hot path: one lock-free read of the state, one evaluation, one counted exit. With hooks,
    /// the intercepted path instead; without, the test of one stored flag is all they cost.
    @inline(__always)
    func value<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T, _ track: Bool) -> T {
        if intercepts { return interceptedDetail(key, context, defaultValue, track, bound: [], call: []).value }
        return plainValue(key, context, defaultValue, track)
    }

    /// ``value(_:_:_:_:)`` without hooks; `cache`, a flag handle's, saves the key's lookup. The
    /// value is read from the outcome: no ``EvaluationDetail`` and none of its strings are built.
    @inline(__always)
    func plainValue<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T, _ track: Bool,
                                  cache: FlagPositionCache? = nil) -> T {
        cell.readCounting { state in
            withOutcome(state, key, context, as: T.valueType, track: track, at: cache?.position(in: state, of: key),
                        default: defaultValue) { outcome, snapshot in
                if let value = snapshot?.value(of: outcome), let typed = T(flagValue: value) {
                    return (typed, ClientMetrics.slot(outcome.kind))
                }
                return (fallback(key, defaultValue), ClientMetrics.slot(outcome.kind))
            }
        }
    }

    func detail<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T, _ track: Bool) -> FlagDetail<T> {
        if intercepts { return interceptedDetail(key, context, defaultValue, track, bound: [], call: []) }
        return plainDetail(key, context, defaultValue, track)
    }

    /// ``detail(_:_:_:_:)`` without hooks; `cache`, a flag handle's, saves the key's lookup.
    func plainDetail<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T, _ track: Bool,
                                   cache: FlagPositionCache? = nil) -> FlagDetail<T> {
        cell.readCounting { state in
            let position = cache?.position(in: state, of: key)
            let raw = evaluate(state, key, context, as: T.valueType, track: track, at: position, default: defaultValue,
                               reasons: true)
            let metadata = state.snapshot.map { snapshot in
                position.map { snapshot.info(at: $0).metadata } ?? snapshot.metadata(ofFlag: key)
            }
            var result = FlagDetail(flagKey: key, value: defaultValue, variationKey: raw.variationKey,
                                    variationIndex: raw.variationIndex, reason: raw.reason,
                                    flagMetadata: metadata ?? [:])
            if raw.variationIndex != nil, let value = T(flagValue: raw.value) {
                result.value = value
            } else if let (fallback, source) = fallbacks.resolve(key, as: T.valueType), let value = T(flagValue: fallback.value) {
                result.value = value
                result.fallback = source
            }
            return (result, ClientMetrics.slot(raw.reason.kind))
        }
    }

    /// A vendor view's call: `key` evaluated for `context` (counted and recorded like every
    /// evaluation) and answered by `answer` from the detail and the snapshot it was evaluated in
    /// (`nil` before the first definitions). `type` is the type the call asks for (`.json`: any).
    package func evaluateForView<Result>(_ key: String, context: Context, as type: ValueType = .json, track: Bool,
                                         _ answer: (EvaluationDetail, Snapshot?) -> Result) -> Result {
        cell.readCounting { state in
            let detail = evaluate(state, key, context, as: type, track: track)
            let result = state.unretainedSnapshot?._withUnsafeGuaranteedRef { answer(detail, $0) } ?? answer(detail, nil)
            return (result, ClientMetrics.slot(detail.reason.kind))
        }
    }

    /// ``evaluateForView(_:context:as:track:_:)`` for an answer that needs no detail: `answer`
    /// reads the outcome with the snapshot that gave it (`nil` before the first definitions).
    package func evaluateOutcomeForView<Result>(_ key: String, context: Context, as type: ValueType = .json, track: Bool,
                                                _ answer: (EvaluationOutcome, Snapshot?) -> Result) -> Result {
        cell.readCounting { state in
            withOutcome(state, key, context, as: type, track: track) { outcome, snapshot in
                (answer(outcome, snapshot), ClientMetrics.slot(outcome.kind))
            }
        }
    }

    /// ``evaluateOutcomeForView(_:context:as:track:_:)`` for an answer that `answer` stores
    /// itself (in a variable of the caller's): not generic, so that a view of another module
    /// calls it without type metadata made at run time for its result, per call.
    package func readOutcomeForView(_ key: String, context: Context, as type: ValueType = .json, track: Bool,
                                    _ answer: (EvaluationOutcome, Snapshot?) -> Void) {
        cell.readCounting { state in
            withOutcome(state, key, context, as: type, track: track) { outcome, snapshot in
                answer(outcome, snapshot)
                return ((), ClientMetrics.slot(outcome.kind))
            }
        }
    }

    /// ``evaluateForView(_:context:as:track:_:)`` for a view whose context depends on the
    /// definitions (a stateful visitor prepared for the flag): `prepare` builds the context from
    /// the very snapshot that then evaluates it (`nil` before the first definitions).
    package func evaluateForView<Result>(_ key: String, track: Bool, prepare: (Snapshot?) -> Context,
                                         _ answer: (EvaluationDetail, Snapshot?) -> Result) -> Result {
        cell.readCounting { state in
            let context = state.unretainedSnapshot?._withUnsafeGuaranteedRef { prepare($0) } ?? prepare(nil)
            let detail = evaluate(state, key, context, as: .json, track: track)
            let result = state.unretainedSnapshot?._withUnsafeGuaranteedRef { answer(detail, $0) } ?? answer(detail, nil)
            return (result, ClientMetrics.slot(detail.reason.kind))
        }
    }

    /// The evaluation of `key` in `state` (`CLIENT_NOT_READY` before the first definitions),
    /// counted for the summary and recorded as an exposure when events say so.
    /// `position`, when given, is the flag's in `state`'s snapshot (a flag handle's): no lookup.
    @inline(__always)
    package func evaluate(_ state: ClientState, _ key: String, _ context: Context, as type: ValueType,
                  track: Bool, at position: FlagPosition? = nil) -> EvaluationDetail {
        evaluate(state, key, context, as: type, track: track, at: position, default: JSONValue.null)
    }

    /// ``evaluate(_:_:_:as:track:at:)`` with the caller's default, which the client may note for
    /// its event destination.
    @inline(__always)
    package func evaluate<D: FlagValue>(_ state: ClientState, _ key: String, _ context: Context, as type: ValueType,
                                        track: Bool, at position: FlagPosition? = nil, default defaultValue: D,
                                        reasons: Bool = false) -> EvaluationDetail {
        withOutcome(state, key, context, as: type, track: track, at: position, default: defaultValue,
                    reasons: reasons) { outcome, snapshot in
            snapshot?.detail(of: outcome, default: .null) ?? outcome.detailWithoutProgram(default: .null)
        }
    }

    /// ``evaluate(_:_:_:as:track:at:)`` without the detail: `body` reads the outcome with the
    /// snapshot that gave it (`nil` before the first definitions), borrowed for the call.
    @inline(__always)
    /// `defaultValue`, the caller's default, is read only when the client notes it for its
    /// event destination (``EventDestination/recordsSummaryDetails``).
    package func withOutcome<R>(_ state: ClientState, _ key: String, _ context: Context, as type: ValueType,
                                track: Bool, at position: FlagPosition? = nil,
                                _ body: (EvaluationOutcome, Snapshot?) -> R) -> R {
        withOutcome(state, key, context, as: type, track: track, at: position, default: JSONValue.null, body)
    }

    /// ``withOutcome(_:_:_:as:track:at:_:)`` with the caller's default, which the client may note
    /// for its event destination.
    @inline(__always)
    /// `reasons`: the caller asked for the reason (a `…Detail` call), which an exposure notes.
    package func withOutcome<R, D: FlagValue>(_ state: ClientState, _ key: String, _ context: Context, as type: ValueType,
                                              track: Bool, at position: FlagPosition? = nil, default defaultValue: D,
                                              reasons: Bool = false,
                                              _ body: (EvaluationOutcome, Snapshot?) -> R) -> R {
        guard let snapshot = state.unretainedSnapshot else {
            recorder?.recordUnknownFlag(key, context: context, default: defaultValue)
            return body(.error(.clientNotReady), nil)
        }
        return snapshot._withUnsafeGuaranteedRef { snapshot in
            // By key, the lookup and the evaluation are one call into the core; the outcome
            // names the flag's position.
            let outcome = position.map { snapshot.outcome(at: $0, context: context, as: type) }
                ?? snapshot.outcome(key, context: context, as: type)
            guard let position = outcome.position else {
                recorder?.recordUnknownFlag(key, context: context, default: defaultValue)
                return body(.error(.flagNotFound), snapshot)
            }
            if let recorder, let table = state.eventTable {
                recorder.recordEvaluation(table, position, key, outcome, in: snapshot, context, track: track, default: defaultValue,
                                          reasons: reasons)
            }
            return body(outcome, snapshot)
        }
    }

    /// The evaluation of `key` in `state`, recording no event: for state handed to other code.
    @inline(__always)
    static func evaluateUnrecorded(_ state: ClientState, _ key: String, _ context: Context, as type: ValueType) -> EvaluationDetail {
        guard let snapshot = state.unretainedSnapshot else { return .error(.clientNotReady, default: .null) }
        return snapshot._withUnsafeGuaranteedRef { $0.evaluate(key, context: context, default: .null, as: type) }
    }

    /// A configured fallback for `key` of type `T`, else `defaultValue`. Off the hot path.
    @inline(never)
    func fallback<T: FlagValue>(_ key: String, _ defaultValue: T) -> T {
        guard !fallbacks.isEmpty, let (fallback, _) = fallbacks.resolve(key, as: T.valueType) else { return defaultValue }
        return T(flagValue: fallback.value) ?? defaultValue
    }
}
