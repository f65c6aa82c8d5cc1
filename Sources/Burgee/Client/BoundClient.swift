import BurgeeCore

/// A ``BurgeeClient`` bound to one context (the Split, Kameleoon and Datadog style): the same
/// API without the context argument. A value: copies are independent, and
/// ``update(context:)`` changes only this one.
public struct BoundClient: Sendable {
    /// The client evaluations go to.
    public let client: BurgeeClient
    /// The context evaluations are for.
    public private(set) var context: Context

    /// A bound client.
    public init(client: BurgeeClient, context: Context) {
        self.client = client
        self.context = context
    }

    /// Evaluates for another context from now on (Split's and Kameleoon's client per identity,
    /// OpenFeature's `setEvaluationContext`).
    public mutating func update(context: Context) {
        self.context = context
    }

    /// See ``BurgeeClient/boolVariation(_:context:default:)``.
    public func boolVariation(_ key: String, default defaultValue: Bool) -> Bool {
        client.boolVariation(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/stringVariation(_:context:default:)``.
    public func stringVariation(_ key: String, default defaultValue: String) -> String {
        client.stringVariation(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/intVariation(_:context:default:)``.
    public func intVariation(_ key: String, default defaultValue: Int) -> Int {
        client.intVariation(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/doubleVariation(_:context:default:)``.
    public func doubleVariation(_ key: String, default defaultValue: Double) -> Double {
        client.doubleVariation(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/jsonVariation(_:context:default:)``.
    public func jsonVariation(_ key: String, default defaultValue: JSONValue) -> JSONValue {
        client.jsonVariation(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/variation(_:context:default:)``.
    public func variation<T: FlagValue>(_ key: String, default defaultValue: T) -> T {
        client.variation(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/variationDetail(_:context:default:)``.
    public func variationDetail<T: FlagValue>(_ key: String, default defaultValue: T) -> FlagDetail<T> {
        client.variationDetail(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/boolVariationDetail(_:context:default:)``.
    public func boolVariationDetail(_ key: String, default defaultValue: Bool) -> FlagDetail<Bool> {
        client.boolVariationDetail(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/stringVariationDetail(_:context:default:)``.
    public func stringVariationDetail(_ key: String, default defaultValue: String) -> FlagDetail<String> {
        client.stringVariationDetail(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/intVariationDetail(_:context:default:)``.
    public func intVariationDetail(_ key: String, default defaultValue: Int) -> FlagDetail<Int> {
        client.intVariationDetail(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/doubleVariationDetail(_:context:default:)``.
    public func doubleVariationDetail(_ key: String, default defaultValue: Double) -> FlagDetail<Double> {
        client.doubleVariationDetail(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/jsonVariationDetail(_:context:default:)``.
    public func jsonVariationDetail(_ key: String, default defaultValue: JSONValue) -> FlagDetail<JSONValue> {
        client.jsonVariationDetail(key, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/variation(_:context:)``.
    public func variation(_ key: String) -> Variation {
        client.variation(key, context: context)
    }

    /// See ``BurgeeClient/variable(_:of:context:default:)``.
    public func variable<T: FlagValue>(_ name: String, of flagKey: String, default defaultValue: T) -> T {
        client.variable(name, of: flagKey, context: context, default: defaultValue)
    }

    /// See ``BurgeeClient/isEnabled(_:context:)``.
    public func isEnabled(_ key: String) -> Bool {
        client.isEnabled(key, context: context)
    }

    /// See ``BurgeeClient/variations(context:onlyEnabled:)``.
    public func variations(onlyEnabled: Bool = false) -> [String: Variation] {
        client.variations(context: context, onlyEnabled: onlyEnabled)
    }

    /// See ``BurgeeClient/variations(_:context:)``.
    public func variations(_ keys: [String]) -> [String: Variation] {
        client.variations(keys, context: context)
    }

    /// See ``BurgeeClient/variations(inFlagSets:context:)``.
    public func variations(inFlagSets flagSets: Set<String>) -> [String: Variation] {
        client.variations(inFlagSets: flagSets, context: context)
    }

    /// See ``BurgeeClient/allFlagsState(context:options:)``.
    public func allFlagsState(options: AllFlagsState.Options = .init()) -> AllFlagsState {
        client.allFlagsState(context: context, options: options)
    }

    /// See ``BurgeeClient/flagValueChanges(_:context:)``.
    public func flagValueChanges(_ flagKey: String) -> AsyncStream<FlagValueChange> {
        client.flagValueChanges(flagKey, context: context)
    }
}
