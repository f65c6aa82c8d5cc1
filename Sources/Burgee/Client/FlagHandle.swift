import BurgeeCore

/// A flag resolved once by key, for code that evaluates it often: ``value(for:track:)`` answers
/// what ``BurgeeClient/variation(_:context:default:track:)`` answers, without looking the key up
/// again while the client's definitions stay the same (a new snapshot makes the next call look it
/// up once more).
///
/// ```swift
/// let newCheckout = client.flag("new-checkout", as: Bool.self, default: false)
/// for request in requests where newCheckout.value(for: request.context) { … }
/// ```
///
/// A handle is cheap to keep and safe to share between tasks and threads; hooks, events,
/// fallbacks and metrics apply as to the getters by key.
public final class FlagHandle<Value: FlagValue>: Sendable {
    /// The flag's key.
    public let key: String
    /// What is returned when the flag cannot be evaluated or does not serve a `Value`.
    public let defaultValue: Value
    let client: BurgeeClient
    let cache = FlagPositionCache()

    init(client: BurgeeClient, key: String, defaultValue: Value) {
        self.client = client
        self.key = key
        self.defaultValue = defaultValue
    }

    /// The flag's value for `context`, else a fallback or the handle's default.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    @inlinable
    public func value(for context: Context, track: Bool = true) -> Value {
        _value(context, track)
    }

    /// ``value(for:track:)`` with the variation, the reason and the flag's metadata.
    /// - Parameter track: `false` records no exposure event for this call (it still counts in the summary).
    public func detail(for context: Context, track: Bool = true) -> FlagDetail<Value> {
        if client.intercepts { return client.interceptedDetail(key, context, defaultValue, track, bound: [], call: []) }
        return client.plainDetail(key, context, defaultValue, track, cache: cache)
    }

    // Specialized here for the getters' types: a generic class's method called from another
    // module would otherwise run unspecialized (witness calls for the value's type, measured
    // 2,026 instructions against 1,109 for `boolVariation`).
    @usableFromInline
    @_specialize(exported: true, where Value == Bool)
    @_specialize(exported: true, where Value == String)
    @_specialize(exported: true, where Value == Int)
    @_specialize(exported: true, where Value == Double)
    @_specialize(exported: true, where Value == JSONValue)
    func _value(_ context: Context, _ track: Bool) -> Value {
        if client.intercepts { return client.interceptedDetail(key, context, defaultValue, track, bound: [], call: []).value }
        return client.plainValue(key, context, defaultValue, track, cache: cache)
    }
}

extension BurgeeClient {
    /// A handle on flag `key` read as `type`: its evaluations skip the key's lookup while the
    /// definitions stay the same. Resolving costs nothing until the first evaluation; an unknown
    /// flag answers as the getters by key do (`FLAG_NOT_FOUND`, the default), and is found once
    /// definitions that have it arrive.
    public func flag<Value: FlagValue>(_ key: String, as type: Value.Type = Value.self, default defaultValue: Value) -> FlagHandle<Value> {
        FlagHandle(client: self, key: key, defaultValue: defaultValue)
    }
}
