import BurgeeCore

extension BurgeeClient {
    // MARK: Typed getters

    /// The flag's boolean value for `context`; a configured fallback or `defaultValue` when it
    /// cannot be evaluated or is not a boolean.
    public func boolVariation(_ key: String, context: Context, default defaultValue: Bool) -> Bool {
        value(key, context, defaultValue)
    }

    /// The flag's string value for `context`, else a fallback or `defaultValue`.
    public func stringVariation(_ key: String, context: Context, default defaultValue: String) -> String {
        value(key, context, defaultValue)
    }

    /// The flag's integer value for `context` (a number with an exact 64-bit integer value), else a
    /// fallback or `defaultValue`.
    public func intVariation(_ key: String, context: Context, default defaultValue: Int) -> Int {
        value(key, context, defaultValue)
    }

    /// The flag's number value for `context`, else a fallback or `defaultValue`.
    public func doubleVariation(_ key: String, context: Context, default defaultValue: Double) -> Double {
        value(key, context, defaultValue)
    }

    /// The flag's value of any JSON type for `context`, else a fallback or `defaultValue`.
    public func jsonVariation(_ key: String, context: Context, default defaultValue: JSONValue) -> JSONValue {
        value(key, context, defaultValue)
    }

    /// The flag's value as any ``FlagValue`` type.
    public func variation<T: FlagValue>(_ key: String, context: Context, default defaultValue: T) -> T {
        value(key, context, defaultValue)
    }

    // MARK: Details

    /// ``boolVariation(_:context:default:)`` with the variation, the reason and the flag's metadata.
    public func boolVariationDetail(_ key: String, context: Context, default defaultValue: Bool) -> FlagDetail<Bool> {
        detail(key, context, defaultValue)
    }

    /// ``stringVariation(_:context:default:)`` with the variation, the reason and the flag's metadata.
    public func stringVariationDetail(_ key: String, context: Context, default defaultValue: String) -> FlagDetail<String> {
        detail(key, context, defaultValue)
    }

    /// ``intVariation(_:context:default:)`` with the variation, the reason and the flag's metadata.
    public func intVariationDetail(_ key: String, context: Context, default defaultValue: Int) -> FlagDetail<Int> {
        detail(key, context, defaultValue)
    }

    /// ``doubleVariation(_:context:default:)`` with the variation, the reason and the flag's metadata.
    public func doubleVariationDetail(_ key: String, context: Context, default defaultValue: Double) -> FlagDetail<Double> {
        detail(key, context, defaultValue)
    }

    /// ``jsonVariation(_:context:default:)`` with the variation, the reason and the flag's metadata.
    public func jsonVariationDetail(_ key: String, context: Context, default defaultValue: JSONValue) -> FlagDetail<JSONValue> {
        detail(key, context, defaultValue)
    }

    /// ``variation(_:context:default:)`` with the variation, the reason and the flag's metadata.
    public func variationDetail<T: FlagValue>(_ key: String, context: Context, default defaultValue: T) -> FlagDetail<T> {
        detail(key, context, defaultValue)
    }

    // MARK: Evaluation

    /// The hot path: one lock-free read of the state, one evaluation, one counted exit.
    @inline(__always)
    func value<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T) -> T {
        cell.readCounting { state in
            guard let snapshot = state.unretainedSnapshot else {
                return (fallback(key, defaultValue), ClientMetrics.slot(.error))
            }
            let detail = snapshot._withUnsafeGuaranteedRef {
                $0.evaluate(key, context: context, default: .null, as: T.valueType)
            }
            if detail.variationIndex != nil, let value = T(flagValue: detail.value) {
                return (value, ClientMetrics.slot(detail.reason.kind))
            }
            return (fallback(key, defaultValue), ClientMetrics.slot(detail.reason.kind))
        }
    }

    func detail<T: FlagValue>(_ key: String, _ context: Context, _ defaultValue: T) -> FlagDetail<T> {
        cell.readCounting { state in
            let raw = Self.evaluate(state, key, context, as: T.valueType)
            var result = FlagDetail(flagKey: key, value: defaultValue, variationKey: raw.variationKey,
                                    variationIndex: raw.variationIndex, reason: raw.reason,
                                    flagMetadata: state.snapshot?.metadata(ofFlag: key) ?? [:])
            if raw.variationIndex != nil, let value = T(flagValue: raw.value) {
                result.value = value
            } else if let (fallback, source) = fallbacks.resolve(key, as: T.valueType), let value = T(flagValue: fallback.value) {
                result.value = value
                result.fallback = source
            }
            return (result, ClientMetrics.slot(raw.reason.kind))
        }
    }

    /// The evaluation of `key` in `state`, `CLIENT_NOT_READY` before the first definitions.
    @inline(__always)
    static func evaluate(_ state: ClientState, _ key: String, _ context: Context, as type: ValueType) -> EvaluationDetail {
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
