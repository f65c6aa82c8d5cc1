import BurgeeCore

/// A ``BurgeeClient`` bound to one context (the Split, Kameleoon and Datadog style): the same
/// API without the context argument. A value: copies are independent, and
/// ``update(context:)`` changes only this one.
public struct BoundClient: Sendable {
    /// The client evaluations go to.
    public let client: BurgeeClient
    /// The context evaluations are for.
    public private(set) var context: Context
    /// Hooks run around this bound client's typed evaluations, after the client's and before the
    /// call's (OpenFeature's client hooks; see ``Hook``).
    public var hooks: [any Hook]

    /// A bound client.
    public init(client: BurgeeClient, context: Context, hooks: [any Hook] = []) {
        self.client = client
        self.context = context
        self.hooks = hooks
    }

    /// Evaluates for another context from now on (Split's and Kameleoon's client per identity,
    /// OpenFeature's `setEvaluationContext`).
    public mutating func update(context: Context) {
        self.context = context
    }

    /// See ``BurgeeClient/boolVariation(_:context:default:track:)``.
    public func boolVariation(_ key: String, default defaultValue: Bool, track: Bool = true) -> Bool {
        value(key, defaultValue, track)
    }

    /// See ``BurgeeClient/stringVariation(_:context:default:track:)``.
    public func stringVariation(_ key: String, default defaultValue: String, track: Bool = true) -> String {
        value(key, defaultValue, track)
    }

    /// See ``BurgeeClient/intVariation(_:context:default:track:)``.
    public func intVariation(_ key: String, default defaultValue: Int, track: Bool = true) -> Int {
        value(key, defaultValue, track)
    }

    /// See ``BurgeeClient/doubleVariation(_:context:default:track:)``.
    public func doubleVariation(_ key: String, default defaultValue: Double, track: Bool = true) -> Double {
        value(key, defaultValue, track)
    }

    /// See ``BurgeeClient/jsonVariation(_:context:default:track:)``.
    public func jsonVariation(_ key: String, default defaultValue: JSONValue, track: Bool = true) -> JSONValue {
        value(key, defaultValue, track)
    }

    /// See ``BurgeeClient/variation(_:context:default:track:)``.
    public func variation<T: FlagValue>(_ key: String, default defaultValue: T, track: Bool = true) -> T {
        value(key, defaultValue, track)
    }

    /// See ``BurgeeClient/variationDetail(_:context:default:track:)``.
    public func variationDetail<T: FlagValue>(_ key: String, default defaultValue: T, track: Bool = true) -> FlagDetail<T> {
        detail(key, defaultValue, track)
    }

    /// See ``BurgeeClient/variation(_:context:default:track:hooks:)``.
    public func variation<T: FlagValue>(_ key: String, default defaultValue: T, track: Bool = true,
                                        hooks callHooks: [any Hook]) -> T {
        client.interceptedDetail(key, context, defaultValue, track, bound: hooks, call: callHooks).value
    }

    /// See ``BurgeeClient/variationDetail(_:context:default:track:hooks:)``.
    public func variationDetail<T: FlagValue>(_ key: String, default defaultValue: T, track: Bool = true,
                                              hooks callHooks: [any Hook]) -> FlagDetail<T> {
        client.interceptedDetail(key, context, defaultValue, track, bound: hooks, call: callHooks)
    }

    /// See ``BurgeeClient/boolVariationDetail(_:context:default:track:)``.
    public func boolVariationDetail(_ key: String, default defaultValue: Bool, track: Bool = true) -> FlagDetail<Bool> {
        detail(key, defaultValue, track)
    }

    /// See ``BurgeeClient/stringVariationDetail(_:context:default:track:)``.
    public func stringVariationDetail(_ key: String, default defaultValue: String, track: Bool = true) -> FlagDetail<String> {
        detail(key, defaultValue, track)
    }

    /// See ``BurgeeClient/intVariationDetail(_:context:default:track:)``.
    public func intVariationDetail(_ key: String, default defaultValue: Int, track: Bool = true) -> FlagDetail<Int> {
        detail(key, defaultValue, track)
    }

    /// See ``BurgeeClient/doubleVariationDetail(_:context:default:track:)``.
    public func doubleVariationDetail(_ key: String, default defaultValue: Double, track: Bool = true) -> FlagDetail<Double> {
        detail(key, defaultValue, track)
    }

    /// See ``BurgeeClient/jsonVariationDetail(_:context:default:track:)``.
    public func jsonVariationDetail(_ key: String, default defaultValue: JSONValue, track: Bool = true) -> FlagDetail<JSONValue> {
        detail(key, defaultValue, track)
    }

    /// See ``BurgeeClient/variation(_:context:track:)``.
    public func variation(_ key: String, track: Bool = true) -> Variation {
        client.variation(key, context: context, track: track)
    }

    /// See ``BurgeeClient/variable(_:of:context:default:track:)``.
    public func variable<T: FlagValue>(_ name: String, of flagKey: String, default defaultValue: T, track: Bool = true) -> T {
        client.variable(name, of: flagKey, context: context, default: defaultValue, track: track)
    }

    /// See ``BurgeeClient/variations(context:onlyEnabled:track:)``.
    public func variations(onlyEnabled: Bool = false, track: Bool = true) -> [String: Variation] {
        client.variations(context: context, onlyEnabled: onlyEnabled, track: track)
    }

    /// See ``BurgeeClient/variations(_:context:track:)``.
    public func variations(_ keys: [String], track: Bool = true) -> [String: Variation] {
        client.variations(keys, context: context, track: track)
    }

    /// See ``BurgeeClient/variations(inFlagSets:context:track:)``.
    public func variations(inFlagSets flagSets: Set<String>, track: Bool = true) -> [String: Variation] {
        client.variations(inFlagSets: flagSets, context: context, track: track)
    }

    /// See ``BurgeeClient/allFlagsState(context:withReasons:flagSets:)``.
    public func allFlagsState(withReasons: Bool = false, flagSets: Set<String>? = nil) -> AllFlagsState {
        client.allFlagsState(context: context, withReasons: withReasons, flagSets: flagSets)
    }

    /// See ``BurgeeClient/flagValueChanges(_:context:)``.
    public func flagValueChanges(_ flagKey: String) -> AsyncStream<FlagValueChange> {
        client.flagValueChanges(flagKey, context: context)
    }

    /// See ``BurgeeClient/track(_:context:value:properties:)``.
    @discardableResult
    public func track(_ key: String, value: Double? = nil, properties: [String: JSONValue] = [:]) -> Bool {
        client.track(key, context: context, value: value, properties: properties)
    }

    /// See ``BurgeeClient/setTrackingConsent(_:for:)``.
    public func setTrackingConsent(_ granted: Bool?) {
        client.setTrackingConsent(granted, for: context)
    }

    // MARK: The one path of the typed calls

    /// Every typed getter: the client's path, with this bound client's hooks when it has any.
    @inline(__always)
    private func value<T: FlagValue>(_ key: String, _ defaultValue: T, _ track: Bool) -> T {
        if hooks.isEmpty { return client.value(key, context, defaultValue, track) }
        return client.interceptedDetail(key, context, defaultValue, track, bound: hooks, call: []).value
    }

    /// Every typed detail: the client's path, with this bound client's hooks when it has any.
    private func detail<T: FlagValue>(_ key: String, _ defaultValue: T, _ track: Bool) -> FlagDetail<T> {
        if hooks.isEmpty { return client.detail(key, context, defaultValue, track) }
        return client.interceptedDetail(key, context, defaultValue, track, bound: hooks, call: [])
    }
}
